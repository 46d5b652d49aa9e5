import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { PageSpinner } from '#web/app/page-spinner.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { useDemoData } from './use-qa-access.ts';

/**
 * The internal pages are for operators and QA: admins always, anyone while the server runs with
 * demo data (docs/decisions/018-internal-pages.md).
 */
export function QaAccess({ children }: { children: ReactNode }) {
  const me = useMe();
  const demoData = useDemoData();
  const [path] = useLocation();
  if (me.isPending || demoData.isPending) return <PageSpinner />;
  if (me.data?.role === 'admin' || demoData.data === true) return <>{children}</>;
  return (
    <div className="mx-auto flex max-w-md px-4 py-16">
      <Card className="grid w-full gap-4 p-6">
        <div className="flex items-center gap-2">
          <ShieldAlert className="size-7 text-destructive" aria-hidden />
          <h1 className="text-xl font-bold">
            {me.data ? 'Admins only' : 'Sign in to use the test pages'}
          </h1>
        </div>
        <p className="text-muted-foreground">
          {me.data
            ? 'The internal test and demo pages are open to administrators on this server.'
            : 'The internal test and demo pages are open to administrators. Sign in with an admin account to continue.'}
        </p>
        {me.data ? (
          <Link href="/home" className={buttonVariants()}>
            Back to search
          </Link>
        ) : (
          <Link href={`/?next=${encodeURIComponent(path)}`} className={buttonVariants()}>
            Sign in
          </Link>
        )}
      </Card>
    </div>
  );
}
