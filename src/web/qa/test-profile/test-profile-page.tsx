import { RotateCcw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { InternalPage } from '../shared/internal-page.tsx';
import { RunSummary } from '../shared/profile/run-summary.tsx';
import { TestDriverAside } from '../shared/profile/test-driver-aside.tsx';
import { notifyingChecks } from '../shared/checks.ts';
import { useTestDriver } from '../shared/profile/use-test-driver.ts';
import { RunPanel } from '../shared/run-panel.tsx';
import {
  PROFILE_TEST_GAP_MS,
  profileChecks,
  profileToast,
  type ProfileTestContext,
} from './profile-update-checks.ts';
import type { TestAccount } from '../shared/test-accounts.ts';
import { useCheckRun } from '../shared/use-check-run.ts';

const ids = profileChecks.map((check) => check.id);

export default function TestProfilePage() {
  const [profile, setProfile] = useState<PublicUser>();
  const checks = useMemo(
    () => notifyingChecks(profileChecks, (check, outcome) => toast(profileToast(check, outcome))),
    [],
  );
  const contextFor = useCallback((account: TestAccount): ProfileTestContext => {
    setProfile(account.user);
    return { account, onProfile: setProfile };
  }, []);
  const driver = useTestDriver('Update failed', contextFor);
  const { prepare: prepareDriver } = driver;
  const prepare = useCallback(() => {
    setProfile(undefined);
    return prepareDriver();
  }, [prepareDriver]);
  const runner = useCheckRun(checks, {
    prepare,
    cleanup: driver.cleanup,
    gapMs: PROFILE_TEST_GAP_MS,
  });

  return (
    <InternalPage
      title="Profile Management Testing Suite"
      description="Six profile updates against the live API, each on a fresh test driver: PATCH /api/users/{id}, then GET /api/users/{id} to read the change back. The test driver is deleted when the run ends."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RunPanel
          title="Profile update tests"
          description="Run All Tests runs them in order, one second apart, on one test driver. Run on a single test makes its own test driver."
          checks={checks}
          runner={runner}
          summary={<RunSummary ids={ids} results={runner.results} />}
          actions={
            <Button
              variant="outline"
              onClick={() => {
                runner.reset();
                driver.clearEvents();
                setProfile(undefined);
              }}
              disabled={runner.running}
            >
              <RotateCcw aria-hidden />
              Clear Results
            </Button>
          }
        />
        <TestDriverAside
          label="Test driver"
          events={driver.events}
          noEvents="Created when a test runs (qa-test-…@example.com) and deleted when it ends."
          profile={profile}
          noProfile="Run a test to see the test driver's profile change."
        />
      </div>
    </InternalPage>
  );
}
