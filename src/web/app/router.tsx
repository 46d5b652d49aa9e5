import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '../../core/users/roles.ts';
import { PlaceholderPage } from '../pages/placeholder-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { RequireAuth } from './require-auth.tsx';

interface Screen {
  path: string;
  /** A lazy screen, or the heading of one whose issue has not landed yet. */
  page: ComponentType | string;
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
  { path: '/test-profile', page: 'Profile Management Testing Suite' },
  { path: '/demo', page: 'Platform Demo' },
  { path: '/complete-demo', page: 'Profile Management Demo' },
  { path: '/location-test', page: 'Location Test' },
  { path: '/payment-test', page: 'Payment and Subscription Test' },
  { path: '/availability-test', page: 'Availability Test' },
  { path: '/stripe-test', page: 'Stripe Checkout Test' },
  { path: '/calendar-test', page: 'Payment Reminder Calendar' },
  { path: '/complete-test-suite', page: 'Complete Test Suite' },
  { path: '/auth-test', page: 'Authentication Test' },
  { path: '/driver-profile-test', page: 'Driver Profile Test' },
  { path: '/admin-test', page: 'Admin Test' },
];

const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

function ScreenRoute({ page: Page, auth }: Screen) {
  const content = typeof Page === 'string' ? <PlaceholderPage title={Page} /> : <Page />;
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
