import { Play } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { CheckList } from '../check-list.tsx';
import {
  fleetChecks,
  fleetFailureTitle,
  type FleetTestContext,
} from '../../profile-tests/fleet-checks.ts';
import { notifyingChecks } from '../../profile-tests/profile-update-checks.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../../test-accounts.ts';
import { useCheckRun } from '../../use-check-run.ts';
import { AccountEvents, type AccountEvent } from '../profile-tests/account-events.tsx';
import { RunSummary } from '../profile-tests/run-summary.tsx';
import { useDeleteOnPageHide } from '../profile-tests/use-delete-on-page-hide.ts';

const ids = fleetChecks.map((check) => check.id);

/** Fleet checks on a test driver of their own, made for the run and deleted after it. */
export function FleetManualTests() {
  const [events, setEvents] = useState<AccountEvent[]>([]);
  const active = useRef<TestAccount | undefined>(undefined);
  useDeleteOnPageHide(active);

  const prepare = useCallback(async (): Promise<FleetTestContext> => {
    setEvents([]);
    const { account, response } = await createTestAccount('driver');
    if (!account) {
      setEvents([{ kind: 'create-failed', response }]);
      const reason = `Could not create the test driver: HTTP ${response.status} ${response.message}`;
      toast({ title: 'Test driver not created', description: reason, variant: 'destructive' });
      throw new Error(reason);
    }
    active.current = account;
    setEvents([{ kind: 'created', email: account.email, response }]);
    return { account };
  }, []);

  const cleanup = useCallback(async ({ account }: FleetTestContext) => {
    active.current = undefined;
    const response = await deleteTestAccount(account);
    setEvents((all) => [
      ...all,
      { kind: response.ok ? 'deleted' : 'delete-failed', email: account.email, response },
    ]);
  }, []);

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
  const { results, running, run } = useCheckRun(checks, { prepare, cleanup, gapMs: 500 });

  return (
    <section className="grid gap-4" aria-labelledby="fleet-manual-heading">
      <Card className="grid gap-4 p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="fleet-manual-heading" className="text-lg font-bold">
            Manual Testing
          </h2>
          <Button onClick={() => void run()} disabled={running}>
            <Play aria-hidden />
            {running ? 'Running...' : 'Run All Tests'}
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Each run registers a test driver, changes its vehicles through PATCH /api/users/{'{id}'},
          reads them back with GET /api/users/{'{id}'}, and deletes the test driver at the end. Your
          own fleet is never touched.
        </p>
        <RunSummary ids={ids} results={results} />
        {events.length ? <AccountEvents events={events} /> : null}
      </Card>
      <div aria-live="polite" className="wrap-anywhere">
        <CheckList
          checks={checks}
          results={results}
          onRun={(id) => void run(id)}
          disabled={running}
          label="Fleet checks"
        />
      </div>
    </section>
  );
}
