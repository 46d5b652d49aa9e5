import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { Language } from '#core/i18n/languages.ts';
import { AppRoot } from './app/app-root.tsx';
import { preloadPage } from './app/router.tsx';
import { meQueryKey } from './features/auth/api/use-me.ts';
import { setLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The landing page's markup as a signed-out visitor's first render makes it in `language`
 * (scripts/prerender-landing.ts runs this at build time; main.tsx hydrates it): the same tree
 * main.tsx renders, with no session, the page and what it preloads loaded, the language's
 * catalogs in.
 */
export async function renderLanding(language: Language): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, null);
  await preloadPage('/');
  await setLanguage(language);
  const { prelude } = await prerender(
    <Router ssrPath="/" ssrSearch="">
      <AppRoot queryClient={queryClient} />
    </Router>,
    // Every boundary inline: a boundary sent apart is put in place by an inline script, which
    // the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  // Its timers (the answers' collection) would keep the build's process alive.
  queryClient.clear();
  return markup;
}
