import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMe } from '#web/features/auth/index.ts';
import { QaAccess } from './qa-access.tsx';

/**
 * The frame of every internal page: its title, what it is for, and who it acts as. Every check on
 * these pages calls the live API; nothing is simulated.
 */
export function InternalPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <QaAccess>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
        <header className="grid gap-2">
          <p className="inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <FlaskConical className="size-4" aria-hidden />
            Internal page · live API
          </p>
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
          <ActingAs />
        </header>
        {children}
      </div>
    </QaAccess>
  );
}

function ActingAs() {
  const { data: user } = useMe();
  return (
    <p className="text-sm">
      {user ? (
        <>
          Signed in as <strong className="wrap-anywhere">{user.name}</strong> ({user.role}).
        </>
      ) : (
        'Not signed in: checks that need an account use test accounts they create and delete.'
      )}
    </p>
  );
}
