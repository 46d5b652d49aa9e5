import { lazy, Suspense } from 'react';

// The test gateway's page: only a server without Stripe keys sends anyone here, so its form and
// rules load behind it and the route table (in every page's first load) names one small chunk.
const OnboardingView = lazy(() => import('./onboarding-view.tsx'));

/** `/payouts/onboarding?account=<id>`: the test gateway's stand-in for Stripe's onboarding. */
export default function OnboardingPage() {
  return (
    <Suspense
      fallback={
        <div
          className="mx-auto mt-6 h-96 max-w-2xl animate-pulse rounded-xl bg-muted"
          role="status"
          aria-label="Loading"
        />
      }
    >
      <OnboardingView />
    </Suspense>
  );
}
