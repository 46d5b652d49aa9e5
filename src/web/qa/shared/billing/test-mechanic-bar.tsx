import { UserRound } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import type { TestMechanic } from './use-test-mechanic.ts';

/** Who the money actions run as: the page's own test mechanic, and a way to delete it now. */
export function TestMechanicBar({
  mechanic,
  purpose,
}: {
  mechanic: TestMechanic;
  purpose: string;
}) {
  const { account, busy, last } = mechanic;
  const failed = last && !last.response.ok;
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-3 text-sm"
      aria-label="Test mechanic"
    >
      <UserRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-56 flex-1 gap-0.5" aria-live="polite">
        {account ? (
          <p className="wrap-anywhere">
            Test mechanic <strong>{account.email}</strong> — deleted when you leave this page.
          </p>
        ) : (
          <p>{purpose}</p>
        )}
        {busy && (
          <p className="text-muted-foreground">
            {busy === 'creating' ? 'Creating the test mechanic…' : 'Deleting the test mechanic…'}
          </p>
        )}
        {last && !busy && (
          <p className={failed ? 'text-destructive wrap-anywhere' : 'text-muted-foreground'}>
            {last.action === 'created'
              ? failed
                ? `Could not create the test mechanic: HTTP ${last.response.status} ${last.response.message}`
                : null
              : failed
                ? `Could not delete the test mechanic: HTTP ${last.response.status} ${last.response.message}`
                : `Test mechanic deleted (HTTP ${last.response.status}, ${last.response.ms} ms); its plan was cancelled with it.`}
          </p>
        )}
      </div>
      {account && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void mechanic.discard()}
          disabled={busy !== null}
        >
          Delete test mechanic
        </Button>
      )}
    </section>
  );
}
