import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '../../core/users/roles.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { RequireAuth } from './require-auth.tsx';

interface Screen {
  path: string;
  page: ComponentType;
  /** Signed-in only (any role), or only these roles. */
  auth?: true | Role[];
}

/** SPEC.md §2's route table, plus the account screens the product adds. */
const SearchPage = lazy(() => import('../features/providers/pages/search-page.tsx'));

const screens: Screen[] = [
  { path: '/', page: lazy(() => import('../features/auth/pages/landing-page.tsx')) },
  { path: '/login', page: lazy(() => import('../features/auth/pages/login-page.tsx')) },
  {
    path: '/register',
    page: lazy(() => import('../features/registration/pages/register-page.tsx')),
  },
  {
    path: '/forgot-password',
    page: lazy(() => import('../features/auth/pages/forgot-password-page.tsx')),
  },
  {
    path: '/reset-password',
    page: lazy(() => import('../features/auth/pages/reset-password-page.tsx')),
  },
  {
    path: '/confirm-email',
    page: lazy(() => import('../features/profile/pages/confirm-email-page.tsx')),
  },
  { path: '/privacy', page: lazy(() => import('../pages/info/privacy-page.tsx')) },
  { path: '/terms', page: lazy(() => import('../pages/info/terms-page.tsx')) },
  { path: '/support', page: lazy(() => import('../pages/info/support-page.tsx')) },
  { path: '/home', page: SearchPage },
  { path: '/search', page: SearchPage },
  {
    path: '/providers/:id',
    page: lazy(() => import('../features/providers/pages/provider-details-page.tsx')),
  },
  {
    path: '/bookings',
    page: lazy(() => import('../features/bookings/pages/bookings-page.tsx')),
    auth: true,
  },
  {
    path: '/profile',
    page: lazy(() => import('../features/profile/pages/profile-page.tsx')),
    auth: true,
  },
  {
    path: '/payment-methods',
    page: lazy(() => import('../features/billing/pages/payment-methods-page.tsx')),
    auth: true,
  },
  {
    path: '/receipts/:id',
    page: lazy(() => import('../features/billing/pages/receipt-page.tsx')),
    auth: true,
  },
  {
    path: '/admin',
    page: lazy(() => import('../features/admin/pages/admin-page.tsx')),
    auth: ['admin'],
  },
  { path: '/test-profile', page: lazy(() => import('../features/qa/pages/test-profile-page.tsx')) },
  { path: '/demo', page: lazy(() => import('../features/qa/pages/demo-page.tsx')) },
  {
    path: '/complete-demo',
    page: lazy(() => import('../features/qa/pages/complete-demo-page.tsx')),
  },
  {
    path: '/location-test',
    page: lazy(() => import('../features/qa/pages/location-test-page.tsx')),
  },
  { path: '/payment-test', page: lazy(() => import('../features/qa/pages/payment-test-page.tsx')) },
  {
    path: '/availability-test',
    page: lazy(() => import('../features/qa/pages/availability-test-page.tsx')),
  },
  { path: '/stripe-test', page: lazy(() => import('../features/qa/pages/stripe-test-page.tsx')) },
  {
    path: '/calendar-test',
    page: lazy(() => import('../features/qa/pages/calendar-test-page.tsx')),
  },
  {
    path: '/complete-test-suite',
    page: lazy(() => import('../features/qa/pages/complete-test-suite-page.tsx')),
  },
  { path: '/auth-test', page: lazy(() => import('../features/qa/pages/auth-test-page.tsx')) },
  {
    path: '/driver-profile-test',
    page: lazy(() => import('../features/qa/pages/driver-profile-test-page.tsx')),
  },
  { path: '/admin-test', page: lazy(() => import('../features/qa/pages/admin-test-page.tsx')) },
];

const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

function ScreenRoute({ page: Page, auth }: Screen) {
  const content = <Page />;
  if (!auth) return content;
  return <RequireAuth roles={auth === true ? undefined : auth}>{content}</RequireAuth>;
}

export function AppRouter() {
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {screens.map((screen) => (
            <Route key={screen.path} path={screen.path}>
              <ScreenRoute {...screen} />
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
