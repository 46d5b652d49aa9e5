import { onlineManager } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { forgetWhenSignedOut } from './app/forget-signed-out.ts';
import { AppRoot } from './app/app-root.tsx';
import { preloadPage, preloadPageData } from './app/router.tsx';
import { fetchMe, meQueryKey } from './features/auth/api/use-me.ts';
import { ApiError } from './api/transport.ts';
import { createQueryClient } from './lib/query-client.ts';
import { keepOfflineCacheWhenWorthIt } from './lib/offline-start.ts';
import { whenIdle } from './lib/when-idle.ts';
import { loadMessageTable, setLanguage } from './lib/i18n.ts';
import { chosenOnDevice, deviceLanguage } from './lib/language.ts';
import { prepareFormats } from './lib/format.ts';
import { isLanguage } from '#core/i18n/languages.ts';
import { pseudoOn } from './lib/pseudo.ts';
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

/**
 * Tells public/landing-boot.js that the app is on the screen: it hands over the press it held
 * while the pre-rendered landing page waited for the app's code.
 */
const announceReady = () => document.dispatchEvent(new Event('tf:app-ready'));

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

/**
 * The language of the landing page the build pre-rendered (decision 070), when the server sent
 * it: it does so only to a visitor without a session cookie, so the app starts signed out without
 * asking, and its first render is the page already on the screen.
 */
const prerendered = root.dataset.prerendered;
// The pre-rendered landing page is on the screen already and may never need a formatter.
if (!prerendered) setTimeout(() => prepareFormats(deviceLanguage()), 0);
const startSignedOut = async () => {
  queryClient.setQueryData(meQueryKey, null);
};

void Promise.allSettled([
  preloadPage(window.location.pathname),
  prerendered
    ? startSignedOut()
    : navigator.onLine
      ? Promise.race([
          queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe }),
          patience(SESSION_PATIENCE_MS),
        ]).then(() => (unreachable() ? restoreKeptAnswers() : pageData()))
      : restoreKeptAnswers(),
])
  // The language: the account's, else the device's choice, else the browser's. In Spanish the
  // catalogs of the page's code load before the first render, so it never shows English first.
  .then(() => {
    const user = queryClient.getQueryData<PublicUser | null>(meQueryKey) ?? null;
    applyAccountTheme(user?.theme, user?.id);
    // The pre-rendered page is in the language the server chose from the device's cookie or the
    // browser's header: the device's stored choice (the same, unless the cookie was cleared)
    // else that one.
    const language =
      user?.language ??
      chosenOnDevice() ??
      (isLanguage(prerendered) ? prerendered : deviceLanguage());
    return Promise.all([setLanguage(language), loadMessageTable(language)])
      .catch(() => undefined)
      .then(() => ({ user, language }));
  })
  .then(({ user, language }) => {
    // index.html's skeleton is busy; the app's own parts say when they are.
    root.removeAttribute('aria-busy');
    const app = <AppRoot queryClient={queryClient} onCommitted={announceReady} />;
    // The build's landing page for a signed-out visitor (decision 070): React takes over its
    // HTML as it is, with what was typed into it; any other case renders the app afresh.
    if (!user && prerendered === language && !pseudoOn()) hydrateRoot(root, app);
    // A transition lets React render the page in slices, so no long task blocks meanwhile.
    else startTransition(() => createRoot(root).render(app));
    whenIdle(() => keepOfflineCacheWhenWorthIt(queryClient));
  });
