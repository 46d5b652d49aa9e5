import { useText } from '#web/lib/i18n.ts';
import { appText } from './text.ts';
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { isTeamRole } from '#core/users/roles.ts';
import type { Role } from '#core/users/schemas.ts';
import { buttonVariants } from '#web/components/ui/button-variants.ts';
import { useTeamContext } from '#web/features/team/api/use-team-context.ts';
import { PausedMessage } from '#web/features/team/components/paused-message.tsx';
import { useMe } from '../features/auth/api/use-me.ts';
import { PageSpinner } from './page-spinner.tsx';

/**
 * Signed-out visitors go to `/` and come back here after signing in. A team member whose
 * business's plan no longer includes team accounts sees why instead of the business's screens
 * (their own profile stays open).
 */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: Role[] }) {
  const t = useText(appText);
  const { data: user, isPending } = useMe();
  const [path] = useLocation();
  const search = useSearch();
  const member = Boolean(user && isTeamRole(user.role));
  const team = useTeamContext(member && path !== '/profile');
  if (isPending) return <PageSpinner />;
  if (!user)
    return (
      <Redirect to={`/?next=${encodeURIComponent(search ? `${path}?${search}` : path)}`} replace />
    );
  // Team members do not search or book: their home is the business's bookings.
  if (roles && !roles.includes(user.role))
    return <Redirect to={member ? '/bookings' : '/home'} replace />;
  if (member && path !== '/profile') {
    if (team.isPending) return <PageSpinner />;
    if (team.data?.paused)
      return (
        <div
          role="alert"
          className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-12 text-center"
        >
          <p className="text-lg font-semibold">
            <PausedMessage businessName={team.data.businessName} />
          </p>
          <Link href="/profile" className={buttonVariants({ variant: 'outline' })}>
            {t('openProfile')}
          </Link>
        </div>
      );
  }
  return <>{children}</>;
}
