import { Play, RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '../../../../core/users/schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckList } from '../components/check-list.tsx';
import { InternalPage } from '../components/internal-page.tsx';
import { AccountEvents, type AccountEvent } from '../components/profile-tests/account-events.tsx';
import { DemoProgress } from '../components/profile-tests/demo-progress.tsx';
import { ProfileSnapshot } from '../components/profile-tests/profile-snapshot.tsx';
import { useDeleteOnPageHide } from '../components/profile-tests/use-delete-on-page-hide.ts';
import { DEMO_STEP_GAP_MS, demoSteps, type DemoContext } from '../profile-tests/demo-steps.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../test-accounts.ts';
import { useCheckRun } from '../use-check-run.ts';

const numberedSteps = demoSteps.map((step, index) => ({
  id: step.id,
  name: `${index + 1}. ${step.name}`,
}));

export default function CompleteDemoPage() {
  const [profile, setProfile] = useState<PublicUser>();
  const [events, setEvents] = useState<AccountEvent[]>([]);
  const [resetting, setResetting] = useState(false);
  // The demo's test driver while it exists: deleted after the run, or by Reset if that failed.
  const leftover = useRef<TestAccount | undefined>(undefined);
  const [hasLeftover, setHasLeftover] = useState(false);
  const keep = useCallback((account: TestAccount | undefined) => {
    leftover.current = account;
    setHasLeftover(Boolean(account));
  }, []);
  const forget = useCallback(() => setHasLeftover(false), []);
  useDeleteOnPageHide(leftover, forget);

  const remove = useCallback(
    async (account: TestAccount) => {
      const response = await deleteTestAccount(account);
      setEvents((all) => [
        ...all,
        { kind: response.ok ? 'deleted' : 'delete-failed', email: account.email, response },
      ]);
      if (response.ok && leftover.current === account) keep(undefined);
      return response;
    },
    [keep],
  );

  useEffect(
    () => () => {
      if (leftover.current) void deleteTestAccount(leftover.current);
    },
    [],
  );

  const prepare = useCallback(async (): Promise<DemoContext> => {
    setEvents([]);
    setProfile(undefined);
    return {
      createAccount: async () => {
        const created = await createTestAccount('driver');
        setEvents([
          created.account
            ? { kind: 'created', email: created.account.email, response: created.response }
            : { kind: 'create-failed', response: created.response },
        ]);
        return created;
      },
      onAccount: keep,
      onProfile: setProfile,
    };
  }, [keep]);

  const cleanup = useCallback(
    async (context: DemoContext) => {
      if (context.account) await remove(context.account);
    },
    [remove],
  );

  const { results, running, run, reset } = useCheckRun(demoSteps, {
    prepare,
    cleanup,
    gapMs: DEMO_STEP_GAP_MS,
  });

  const resetDemo = async () => {
    setResetting(true);
    reset();
    setProfile(undefined);
    setEvents([]);
    if (leftover.current) await remove(leftover.current);
    setResetting(false);
  };

  return (
    <InternalPage
      title="Profile Management Demo"
      description="Five steps, 1.5 seconds apart, on a test driver made for the demo: create it, load its profile, update its contact details, add a vehicle, and verify what was saved. The test driver is deleted when the demo ends."
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section className="grid content-start gap-4" aria-labelledby="demo-steps-heading">
          <Card className="grid gap-4 p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="demo-steps-heading" className="text-lg font-bold">
                Demo steps
              </h2>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void run()} disabled={running || resetting}>
                  <Play aria-hidden />
                  {running ? 'Running...' : 'Start Demo'}
                </Button>
                <Button
                  variant="outline"
                  onClick={() => void resetDemo()}
                  disabled={running || resetting}
                >
                  <RotateCcw aria-hidden />
                  {resetting ? 'Resetting...' : 'Reset Demo'}
                </Button>
              </div>
            </div>
            <DemoProgress steps={numberedSteps} results={results} />
          </Card>
          <div className="wrap-anywhere">
            <CheckList checks={numberedSteps} results={results} label="Demo steps" />
          </div>
        </section>
        <aside className="grid content-start gap-4" aria-label="Demo driver">
          <Card className="grid gap-3 p-4">
            <h2 className="text-lg font-bold">Test driver</h2>
            {events.length ? (
              <AccountEvents events={events} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Step 1 registers a test driver (qa-test-…@example.com); it is deleted when the demo
                ends.
              </p>
            )}
            {hasLeftover && !running ? (
              <p className="text-sm text-destructive" role="status">
                The test driver is still there: Reset Demo tries to delete it again.
              </p>
            ) : null}
          </Card>
          <ProfileSnapshot
            user={profile}
            title="Profile as the server answered"
            empty="Start the demo to see the profile build up, step by step."
          />
        </aside>
      </div>
    </InternalPage>
  );
}
