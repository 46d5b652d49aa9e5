import { FlaskConical, Loader2, Trash2, UserPlus } from 'lucide-react';
import type { PublicUser } from '#core/users/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import type { TemporaryDriver } from './use-temporary-driver.ts';

/** Says whose fleet this is, and for a test driver offers to create or delete it. */
export function FleetOwnerCard({
  me,
  temporary,
}: {
  me: PublicUser | null | undefined;
  temporary: TemporaryDriver;
}) {
  if (me?.role === 'driver')
    return (
      <Card className="grid gap-1 p-4" data-testid="fleet-owner">
        <h2 className="text-lg font-bold">Your fleet</h2>
        <p className="text-sm text-muted-foreground">
          You are signed in as a driver: vehicles you add or remove here are saved to your own
          account and show on your profile. Manual Testing uses a test driver of its own.
        </p>
      </Card>
    );

  const { account, busy, last, create, remove } = temporary;
  const failed = last && !last.response.ok ? last : undefined;
  return (
    <Card className="grid gap-3 p-4" data-testid="fleet-owner">
      <div className="flex items-center gap-2">
        <FlaskConical className="size-5 text-primary" aria-hidden />
        <h2 className="text-lg font-bold">Temporary test driver</h2>
      </div>
      <p className="text-sm text-muted-foreground">
        {me
          ? `You are signed in as ${me.role === 'admin' ? 'an admin' : `a ${me.role}`}, so`
          : 'You are not signed in, so'}{' '}
        this page works on a test driver made for you: a real account on this server
        (qa-test-…@example.com), deleted when you leave the page or press Delete test driver.
      </p>
      <div aria-live="polite" className="grid gap-2 text-sm">
        {account ? (
          <p className="wrap-anywhere">
            Working on <strong>{account.email}</strong>
          </p>
        ) : null}
        {last?.action === 'delete' && last.response.ok ? (
          <p>
            Test driver deleted (HTTP {last.response.status}, {last.response.ms} ms).
          </p>
        ) : null}
        {failed ? (
          <p className="wrap-anywhere text-destructive" role="alert">
            {failed.action === 'create'
              ? 'Could not create the test driver'
              : 'Could not delete the test driver'}
            : {failed.response.method} {failed.response.path} answered HTTP {failed.response.status}{' '}
            {failed.response.message} ({failed.response.ms} ms)
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {account ? (
          <Button variant="outline" onClick={() => void remove()} disabled={busy !== null}>
            {busy === 'deleting' ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <Trash2 aria-hidden />
            )}
            {busy === 'deleting' ? 'Deleting...' : 'Delete test driver'}
          </Button>
        ) : (
          <Button onClick={() => void create()} disabled={busy !== null}>
            {busy === 'creating' ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <UserPlus aria-hidden />
            )}
            {busy === 'creating' ? 'Creating...' : 'Create test driver'}
          </Button>
        )}
      </div>
    </Card>
  );
}
