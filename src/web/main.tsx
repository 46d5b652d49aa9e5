import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadPage } from './app/router.tsx';
import { fetchMe, meQueryKey } from './features/auth/api/use-me.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) {
  document.body.textContent = 'Root element not found';
  throw new Error('Root element not found');
}

const queryClient = createQueryClient();

/** How long the first render waits for the session before the page shows its own pending state. */
const SESSION_PATIENCE_MS = 2000;

// The first render waits for the page's module and the session, fetched side by side, so the
// first paint is the whole page: no spinner in its place, no second pass when the session
// arrives. Until then the skeleton of index.html stays up. A failed session check renders at
// once, a slow one (a weak signal) after SESSION_PATIENCE_MS.
void Promise.allSettled([
  preloadPage(window.location.pathname),
  Promise.race([
    queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe }),
    new Promise((resolve) => setTimeout(resolve, SESSION_PATIENCE_MS)),
  ]),
]).then(() =>
  // A transition lets React render the page in slices, so no long task blocks meanwhile.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  }),
);
