import { onlineManager } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { forgetWhenSignedOut } from './app/forget-signed-out.ts';
import { AppProviders } from './app/providers.tsx';
import { AppRouter, preloadPage, preloadPageData } from './app/router.tsx';
import { fetchMe, meQueryKey } from './features/auth/api/use-me.ts';
import { ApiError } from './api/transport.ts';
import { createQueryClient } from './lib/query-client.ts';
import { keepOfflineCacheWhenWorthIt } from './lib/offline-start.ts';
import { whenIdle } from './lib/when-idle.ts';
import { loadMessageTable, setLanguage } from './lib/i18n.ts';
import { deviceLanguage } from './lib/language.ts';
import { applyAccountTheme, startTheme } from './lib/theme.ts';
import type { PublicUser } from '#core/users/schemas.ts';
import './styles.css';

// The device's theme (public/theme-boot.js put it on <html>); from here it follows the phone live.
startTheme();

const root = document.getElementById('root');
if (!root) {
  document.body.textContent = 'Root element not found';
  throw new Error('Root element not found');
}

const queryClient = createQueryClient();
forgetWhenSignedOut(queryClient);
// TanStack Query assumes a connection until an `offline` event: a page opened offline pauses
// its requests from the start instead of failing them.
onlineManager.setOnline(navigator.onLine);

/** How long the first render waits for the session before the page shows its own pending state. */
const SESSION_PATIENCE_MS = 2000;
/** How long it then waits for the page's data (lib/page-data.ts) before rendering without it. */
const DATA_PATIENCE_MS = 2000;

const patience = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The first render waits for the page's module, the session and then the page's data, fetched
// side by side, so the first paint is the whole page: no spinner in its place, no second pass
// when an answer arrives (each such pass is a long task on a slow phone; the first render is a
// transition, rendered in slices). Until then the skeleton of index.html stays up. A failed
// session check renders at once, a slow one (a weak signal) after SESSION_PATIENCE_MS, slow data
// after DATA_PATIENCE_MS more. When the server cannot be reached, the answers kept on the device
// (lib/offline-cache.ts) stand in until it can.
const restoreKeptAnswers = () =>
  import('./lib/offline-cache.ts')
    .then((cache) => cache.restoreOfflineCache(queryClient))
    .catch(() => false);
const unreachable = () => {
  const error = queryClient.getQueryState(meQueryKey)?.error;
  return error instanceof ApiError && error.status === 0;
};

const pageData = () => {
  const user = queryClient.getQueryData<PublicUser | null>(meQueryKey) ?? null;
  const search = new URLSearchParams(window.location.search);
  return Promise.race([
    preloadPageData(window.location.pathname, queryClient, user, search),
    patience(DATA_PATIENCE_MS),
  ]);
};

void Promise.allSettled([
  preloadPage(window.location.pathname),
  navigator.onLine
    ? Promise.race([
        queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe }),
        patience(SESSION_PATIENCE_MS),
      ]).then(() => (unreachable() ? restoreKeptAnswers() : pageData()))
    : restoreKeptAnswers(),
])
  // The language: the account's, else the device's choice, else the browser's. In Spanish the
  // catalogs of the page's code load before the first render, so it never shows English first.
  .then(() => {
    const user = queryClient.getQueryData<PublicUser | null>(meQueryKey);
    applyAccountTheme(user?.theme, user?.id);
    const language = user?.language ?? deviceLanguage();
    return Promise.all([setLanguage(language), loadMessageTable(language)]).catch(() => undefined);
  })
  .then(() => {
    // index.html's skeleton is busy; the app's own parts say when they are.
    root.removeAttribute('aria-busy');
    // A transition lets React render the page in slices, so no long task blocks meanwhile.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <AppRouter />
          </AppProviders>
        </StrictMode>,
      );
    });
    whenIdle(() => keepOfflineCacheWhenWorthIt(queryClient));
  });
