import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { AppProviders } from './providers.tsx';
import { AppRouter } from './router.tsx';

/**
 * The whole app: what main.tsx renders in the browser, and what the build pre-renders for `/`
 * (src/web/prerender.tsx) and the browser then hydrates. `onCommitted` runs once the first render
 * is on the screen.
 */
export function AppRoot({
  queryClient,
  onCommitted,
}: {
  queryClient: QueryClient;
  onCommitted?: () => void;
}) {
  useEffect(() => {
    onCommitted?.();
  }, [onCommitted]);
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>
  );
}
