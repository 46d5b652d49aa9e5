import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { businessRoles, type Role } from '#core/users/roles.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import { teamContextQuery } from '#web/features/team/api/use-team-context.ts';
import type { PageData } from '#web/lib/page-data.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { contactsBanner, hasContactsToConfirm } from '#web/features/contacts/index.ts';
import { PageError } from './page-error.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { RequireAuth } from './require-auth.tsx';

/** A page's module: its component, and what its first render needs beside it, if anything. */
type PageModule = Promise<{ default: ComponentType; preload?: () => Promise<unknown> }>;

interface Screen {
  path: string;
  load: () => PageModule;
  /** Signed-in only (any role), or only these roles. */
  auth?: true | Role[];
  /** What the page asks the server for as it opens (lib/page-data.ts). */
  data?: () => Promise<{ default: PageData }>;
}

/** the specified route table, plus the account screens the product adds. */
const loadSearchPage = () => import('../features/providers/pages/search-page.tsx');

const screens: Screen[] = [
  { path: '/', load: () => import('../features/auth/pages/landing-page.tsx') },
  { path: '/login', load: () => import('../features/auth/pages/login-page.tsx') },
  {
    path: '/register',
    load: () => import('../features/registration/pages/register-page.tsx'),
  },
  {
    path: '/forgot-password',
    load: () => import('../features/auth/pages/forgot-password-page.tsx'),
  },
  {
    path: '/reset-password',
    load: () => import('../features/auth/pages/reset-password-page.tsx'),
  },
  { path: '/join', load: () => import('../features/team/pages/join-page.tsx') },
  {
    path: '/confirm-email',
    load: () => import('../features/profile/pages/confirm-email-page.tsx'),
  },
  {
    path: '/confirm-contact',
    load: () => import('../features/contacts/pages/confirm-contact-page.tsx'),
  },
  { path: '/privacy', load: () => import('../pages/info/privacy-page.tsx') },
  { path: '/terms', load: () => import('../pages/info/terms-page.tsx') },
  { path: '/support', load: () => import('../pages/info/support-page.tsx') },
  {
    path: '/track/:token',
    load: () => import('../features/bookings/pages/track-page.tsx'),
    data: () => import('../features/bookings/track-page-data.ts'),
  },
  { path: '/home', load: loadSearchPage },
  { path: '/search', load: loadSearchPage },
  {
    path: '/providers/:id',
    load: () => import('../features/providers/pages/provider-details-page.tsx'),
    data: () => import('../features/providers/page-data.ts'),
  },
  {
    path: '/bookings',
    load: () => import('../features/bookings/pages/bookings-page.tsx'),
    auth: true,
    data: () => import('../features/bookings/page-data.ts'),
  },
  {
    path: '/profile',
    load: () => import('../features/profile/pages/profile-page.tsx'),
    auth: true,
    data: () => import('../features/profile/page-data.ts'),
  },
  {
    path: '/payment-methods',
    load: () => import('../features/billing/pages/payment-methods-page.tsx'),
    auth: true,
  },
  {
    path: '/receipts/:id',
    load: () => import('../features/billing/pages/receipt-page.tsx'),
    auth: true,
    data: () => import('../features/billing/page-data.ts'),
  },
  {
    path: '/admin',
    load: () => import('../features/admin/pages/admin-page.tsx'),
    auth: ['admin'],
    data: () => import('../features/admin/page-data.ts'),
  },
  {
    path: '/fleet',
    load: () => import('../features/fleet/pages/fleet-page.tsx'),
    auth: ['mechanic', 'dispatcher'],
    data: () => import('../features/fleet/page-data.ts'),
  },
  {
    path: '/reports',
    load: () => import('../features/reports/pages/reports-page.tsx'),
    auth: ['mechanic', 'dispatcher'],
  },
  { path: '/test-profile', load: () => import('../qa/test-profile/test-profile-page.tsx') },
  { path: '/demo', load: () => import('../qa/demo/demo-page.tsx') },
  {
    path: '/complete-demo',
    load: () => import('../qa/complete-demo/complete-demo-page.tsx'),
  },
  {
    path: '/location-test',
    load: () => import('../qa/location-test/location-test-page.tsx'),
  },
  { path: '/payment-test', load: () => import('../qa/payment-test/payment-test-page.tsx') },
  {
    path: '/availability-test',
    load: () => import('../qa/availability-test/availability-test-page.tsx'),
  },
  { path: '/stripe-test', load: () => import('../qa/stripe-test/stripe-test-page.tsx') },
  {
    path: '/calendar-test',
    load: () => import('../qa/calendar-test/calendar-test-page.tsx'),
  },
  {
    path: '/complete-test-suite',
    load: () => import('../qa/complete-test-suite/complete-test-suite-page.tsx'),
  },
  { path: '/auth-test', load: () => import('../qa/auth-test/auth-test-page.tsx') },
  {
    path: '/driver-profile-test',
    load: () => import('../qa/driver-profile-test/driver-profile-test-page.tsx'),
  },
  { path: '/admin-test', load: () => import('../qa/admin-test/admin-test-page.tsx') },
];

const routes: (Screen & { page: ComponentType })[] = screens.map((screen) => ({
  ...screen,
  page: lazy(screen.load),
}));
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

/**
 * The route `path` opens and its parameters (`/receipts/:id` → `{ id }`), as the Switch matches
 * it: the decoded path, letters in any case, one trailing slash allowed.
 */
export function routeOf(path: string) {
  let parts: string[];
  try {
    parts = decodeURI(path.length > 1 ? path.replace(/\/$/, '') : path).split('/');
  } catch {
    return null;
  }
  for (const route of routes) {
    const pattern = route.path.split('/');
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const same = pattern.every((part, i) => {
      const given = parts[i] ?? '';
      if (!part.startsWith(':')) return part.toLowerCase() === given.toLowerCase();
      params[part.slice(1)] = given;
      return given !== '';
    });
    if (same) return { route, params };
  }
  return null;
}

/**
 * Loads the page of `path` before React's first render and puts the module's component in place
 * of the lazy one, so the first paint is the page and not a spinner in its place; with it what
 * the module's `preload` names. The module of what the page asks for (`data`) starts loading
 * beside it, before the session is known.
 */
export async function preloadPage(path: string) {
  const route = routeOf(path)?.route;
  if (!route) return;
  // A failure shows where the data is asked for (preloadPageData), not here.
  route.data?.().catch(() => undefined);
  const module = await route.load();
  await module.preload?.();
  route.page = module.default;
}

/**
 * Asks for what the page of `path` shows as it opens (its `data`, and the business a shop's
 * account works for, which the app frame and the access check read), for a user it admits, and
 * the code of the frame's banner when the account has a contact to confirm. Ends when every
 * answer has arrived or failed: the page shows its own error for a failed one.
 */
export async function preloadPageData(
  path: string,
  client: QueryClient,
  user: PublicUser | null,
  search: URLSearchParams,
) {
  const banner = hasContactsToConfirm(user) ? contactsBanner.load() : null;
  const found = routeOf(path);
  if (!found) return banner?.catch(() => undefined);
  const { route, params } = found;
  const { auth } = route;
  if (auth && (!user || (auth !== true && !auth.includes(user.role))))
    return banner?.catch(() => undefined);
  const team =
    auth && user && (businessRoles as readonly Role[]).includes(user.role)
      ? client.fetchQuery(teamContextQuery)
      : null;
  const asked: Promise<unknown>[] = [team, banner].filter((asking) => asking !== null);
  try {
    if (route.data)
      asked.push(...(await route.data()).default(client, { user, team, params, search }));
  } catch {
    // The module did not load (no signal): the page asks for its data itself once it renders.
  }
  await Promise.allSettled(asked);
}

function ScreenRoute({ page: Page, auth }: Screen & { page: ComponentType }) {
  const content = <Page />;
  if (!auth) return content;
  return <RequireAuth roles={auth === true ? undefined : auth}>{content}</RequireAuth>;
}

export function AppRouter() {
  const [path] = useLocation();
  return (
    <AppLayout>
      <ErrorBoundary resetKey={path} fallback={(error) => <PageError error={error} />}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                <ScreenRoute {...route} />
              </Route>
            ))}
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}
