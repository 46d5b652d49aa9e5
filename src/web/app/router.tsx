import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PlaceholderPage } from '../pages/placeholder-page.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PageSpinner } from './page-spinner.tsx';
import { RequireAuth } from './require-auth.tsx';

const LandingPage = lazy(() => import('../features/auth/pages/landing-page.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

export function AppRouter() {
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/home">
            <PlaceholderPage title="Find Services" />
          </Route>
          <Route path="/search">
            <PlaceholderPage title="Find Services" />
          </Route>
          <Route path="/bookings">
            <RequireAuth>
              <PlaceholderPage title="My Bookings" />
            </RequireAuth>
          </Route>
          <Route path="/profile">
            <RequireAuth>
              <PlaceholderPage title="Profile" />
            </RequireAuth>
          </Route>
          <Route path="/admin">
            <RequireAuth roles={['admin']}>
              <PlaceholderPage title="Truck Finder Admin Dashboard" />
            </RequireAuth>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
