import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { Role } from '#core/users/schemas.ts';
import { useMe } from '../features/auth/api/use-me.ts';
import { PageSpinner } from './page-spinner.tsx';

/** Signed-out visitors go to `/` and come back here after signing in. */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: Role[] }) {
  const { data: user, isPending } = useMe();
  const [path] = useLocation();
  const search = useSearch();
  if (isPending) return <PageSpinner />;
  if (!user)
    return (
      <Redirect to={`/?next=${encodeURIComponent(search ? `${path}?${search}` : path)}`} replace />
    );
  if (roles && !roles.includes(user.role)) return <Redirect to="/home" replace />;
  return <>{children}</>;
}
