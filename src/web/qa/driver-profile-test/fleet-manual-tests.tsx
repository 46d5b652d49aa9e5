import { useMemo } from 'react';
import { toast } from '#web/components/ui/use-toast.ts';
import { fleetChecks, fleetFailureTitle, type FleetTestContext } from './fleet-checks.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import { notifyingChecks } from '../shared/checks.ts';
import { useCheckRun } from '../shared/use-check-run.ts';
import { AccountEvents } from '../shared/profile/account-events.tsx';
import { RunSummary } from '../shared/profile/run-summary.tsx';
import { useTestDriver } from '../shared/profile/use-test-driver.ts';
import { RunPanel } from '../shared/run-panel.tsx';

const ids = fleetChecks.map((check) => check.id);
const fleetContext = (account: TestAccount): FleetTestContext => ({ account });

/** Fleet checks on a test driver of their own, made for the run and deleted after it. */
export function FleetManualTests() {
  const { events, prepare, cleanup } = useTestDriver('Test driver not created', fleetContext);
  const checks = useMemo(
    () =>
      notifyingChecks(fleetChecks, (check, outcome) => {
        if (!outcome.passed)
          toast({
            title: fleetFailureTitle(check.id),
            description: outcome.detail,
            variant: 'destructive',
          });
      }),
    [],
  );
  const runner = useCheckRun(checks, { prepare, cleanup, gapMs: 500 });

  return (
    <RunPanel
      title="Manual Testing"
      description={
        <>
          Each run registers a test driver, changes its vehicles through PATCH /api/users/{'{id}'},
          reads them back with GET /api/users/{'{id}'}, and deletes the test driver at the end. Your
          own fleet is never touched.
        </>
      }
      checks={checks}
      runner={runner}
      summary={
        <>
          <RunSummary ids={ids} results={runner.results} />
          {events.length ? <AccountEvents events={events} /> : null}
        </>
      }
    />
  );
}
