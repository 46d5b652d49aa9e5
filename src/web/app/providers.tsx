import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useToasts } from '../components/ui/use-toast.ts';
import { whenIdle } from '../lib/when-idle.ts';

// The Radix toast stack is not needed for the first paint: it loads when the page is idle, or at
// once when a toast is shown before then (the store keeps it until the viewport is there).
const Toaster = lazy(() => import('../components/ui/toaster.tsx'));
// The re-check before a sensitive action: the server asks for it only after a page has loaded.
const StepUpDialog = lazy(() => import('../features/auth/components/step-up-dialog.tsx'));

function DeferredStepUp() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}

function DeferredToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
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
