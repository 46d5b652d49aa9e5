import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { setStepUpHandler } from '../api/transport.ts';
import { useToasts } from '../components/ui/use-toast.ts';

// The Radix toast stack loads with the first toast (the store keeps it until the viewport is
// there), so a page that shows none never pays for it.
const Toaster = lazy(() => import('../components/ui/toaster.tsx'));
// The re-check before a sensitive action loads the first time the server asks for it.
const StepUpDialog = lazy(() => import('../features/auth/components/step-up-dialog.tsx'));

function DeferredStepUp() {
  const [firstAsk, setFirstAsk] = useState<((proved: boolean) => void) | null>(null);
  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) =>
          // An ask while the dialog still loads replaces the earlier one, as the dialog does.
          setFirstAsk((earlier: ((proved: boolean) => void) | null) => {
            earlier?.(false);
            return resolve;
          }),
        ),
    );
    return () => setStepUpHandler(null);
  }, []);
  if (!firstAsk) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog firstAsk={firstAsk} />
    </Suspense>
  );
}

function DeferredToaster() {
  const toasts = useToasts();
  const [shown, setShown] = useState(false);
  if (!shown && toasts.length > 0) setShown(true);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DeferredToaster />
      <DeferredStepUp />
    </QueryClientProvider>
  );
}
