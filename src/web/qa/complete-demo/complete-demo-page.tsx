import { RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { InternalPage } from '../shared/internal-page.tsx';
import type { AccountEvent } from '../shared/profile/account-events.tsx';
import { DemoProgress } from './demo-progress.tsx';
import { TestDriverAside } from '../shared/profile/test-driver-aside.tsx';
import { useDeleteOnPageHide } from '../shared/profile/use-delete-on-page-hide.ts';
import { RunPanel } from '../shared/run-panel.tsx';
import { DEMO_STEP_GAP_MS, demoSteps, type DemoContext } from './demo-steps.ts';
import { createTestAccount, deleteTestAccount, type TestAccount } from '../shared/test-accounts.ts';
import { useCheckRun } from '../shared/use-check-run.ts';

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

  const runner = useCheckRun(demoSteps, {
    prepare,
    cleanup,
    gapMs: DEMO_STEP_GAP_MS,
  });

  const resetDemo = async () => {
    setResetting(true);
    runner.reset();
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
        <RunPanel
          title="Demo steps"
          checks={numberedSteps}
          runner={runner}
          runLabel="Start Demo"
          disabled={resetting}
          runEach={false}
          summary={<DemoProgress steps={numberedSteps} results={runner.results} />}
          actions={
            <Button
              variant="outline"
              onClick={() => void resetDemo()}
              disabled={runner.running || resetting}
            >
              <RotateCcw aria-hidden />
              {resetting ? 'Resetting...' : 'Reset Demo'}
            </Button>
          }
        />
        <TestDriverAside
          label="Demo driver"
          events={events}
          noEvents="Step 1 registers a test driver (qa-test-…@example.com); it is deleted when the demo ends."
          profile={profile}
          noProfile="Start the demo to see the profile build up, step by step."
        >
          {hasLeftover && !runner.running ? (
            <p className="text-sm text-destructive" role="status">
              The test driver is still there: Reset Demo tries to delete it again.
            </p>
          ) : null}
        </TestDriverAside>
      </div>
    </InternalPage>
  );
}
