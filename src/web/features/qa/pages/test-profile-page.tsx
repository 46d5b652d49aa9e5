import { Play, RotateCcw } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { PublicUser } from '../../../../core/users/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { CheckList } from '../components/check-list.tsx';
import { InternalPage } from '../components/internal-page.tsx';
import { AccountEvents, type AccountEvent } from '../components/profile-tests/account-events.tsx';
import { ProfileSnapshot } from '../components/profile-tests/profile-snapshot.tsx';
import { useDeleteOnPageHide } from '../components/profile-tests/use-delete-on-page-hide.ts';
import { RunSummary } from '../components/profile-tests/run-summary.tsx';
import {
  notifyingChecks,
  PROFILE_TEST_GAP_MS,
  profileChecks,
  profileToast,
  type ProfileTestContext,
} from '../profile-tests/profile-update-checks.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../test-accounts.ts';
import { useCheckRun } from '../use-check-run.ts';

const ids = profileChecks.map((check) => check.id);

export default function TestProfilePage() {
  const [profile, setProfile] = useState<PublicUser>();
  const [events, setEvents] = useState<AccountEvent[]>([]);
  const active = useRef<TestAccount | undefined>(undefined);
  useDeleteOnPageHide(active);
  const checks = useMemo(
    () => notifyingChecks(profileChecks, (check, outcome) => toast(profileToast(check, outcome))),
    [],
  );

  const prepare = useCallback(async (): Promise<ProfileTestContext> => {
    setEvents([]);
    setProfile(undefined);
    const { account, response } = await createTestAccount('driver');
    if (!account) {
      setEvents([{ kind: 'create-failed', response }]);
      const reason = `Could not create the test driver: HTTP ${response.status} ${response.message}`;
      toast({ title: 'Update failed', description: reason, variant: 'destructive' });
      throw new Error(reason);
    }
    active.current = account;
    setEvents([{ kind: 'created', email: account.email, response }]);
    setProfile(account.user);
    return { account, onProfile: setProfile };
  }, []);

  const cleanup = useCallback(async ({ account }: ProfileTestContext) => {
    active.current = undefined;
    const response = await deleteTestAccount(account);
    setEvents((all) => [
      ...all,
      { kind: response.ok ? 'deleted' : 'delete-failed', email: account.email, response },
    ]);
  }, []);

  const { results, running, run, reset } = useCheckRun(checks, {
    prepare,
    cleanup,
    gapMs: PROFILE_TEST_GAP_MS,
  });

  return (
    <InternalPage
      title="Profile Management Testing Suite"
      description="Six profile updates against the live API, each on a fresh test driver: PATCH /api/users/{id}, then GET /api/users/{id} to read the change back. The test driver is deleted when the run ends."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="grid content-start gap-4" aria-labelledby="profile-tests-heading">
          <Card className="grid gap-4 p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="profile-tests-heading" className="text-lg font-bold">
                Profile update tests
              </h2>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void run()} disabled={running}>
                  <Play aria-hidden />
                  {running ? 'Running...' : 'Run All Tests'}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    reset();
                    setEvents([]);
                    setProfile(undefined);
                  }}
                  disabled={running}
                >
                  <RotateCcw aria-hidden />
                  Clear Results
                </Button>
              </div>
            </div>
            <p className="text-sm text-muted-foreground">
              Run All Tests runs them in order, one second apart, on one test driver. Run on a
              single test makes its own test driver.
            </p>
            <RunSummary ids={ids} results={results} />
          </Card>
          <div aria-live="polite" className="wrap-anywhere">
            <CheckList
              checks={checks}
              results={results}
              onRun={(id) => void run(id)}
              disabled={running}
              label="Profile update tests"
            />
          </div>
        </section>
        <aside className="grid content-start gap-4" aria-label="Test driver">
          <Card className="grid gap-3 p-4">
            <h2 className="text-lg font-bold">Test driver</h2>
            {events.length ? (
              <AccountEvents events={events} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Created when a test runs (qa-test-…@example.com) and deleted when it ends.
              </p>
            )}
          </Card>
          <ProfileSnapshot
            user={profile}
            title="Profile as the server answered"
            empty="Run a test to see the test driver's profile change."
          />
        </aside>
      </div>
    </InternalPage>
  );
}
