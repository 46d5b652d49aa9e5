import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

/** Dallas, where the demo providers are: the search pages list them as a driver there sees them. */
const DALLAS = { latitude: 32.7767, longitude: -96.797 };
/** How long the network must stay quiet, after Playwright's own `networkidle`, to call it idle. */
const QUIET_MS = 1_500;
const PATIENCE_MS = 30_000;

/**
 * The app's scripts a phone (Lighthouse's mobile viewport) loads for `url` until the network is
 * idle: the entry, the page's chunks, and all they import on the way, including what the page
 * loads once it is idle. The service worker is blocked: its precache of the whole app is not the
 * page's. Map tiles are refused (no network here). With `act`, what loads after the visitor's
 * first move counts too. Answers each script's path on the server, and
 * the errors the page threw or logged (a chunk the bundler got wrong shows there).
 */
export async function scriptsLoaded(
  browser: Browser,
  url: string,
  cookie?: { name: string; value: string },
  /** What the visitor does once the page is idle; then the network must be idle again. */
  act?: (page: Page) => Promise<void>,
): Promise<{ scripts: string[]; errors: string[] }> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    geolocation: DALLAS,
    permissions: ['geolocation'],
  });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url: origin }]);
    await context.route(
      (target) => target.origin !== origin,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    const scripts = new Set<string>();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /SyntaxError|ReferenceError/.test(message.text()))
        errors.push(message.text());
    });
    let last = performance.now();
    page.on('request', (request) => {
      last = performance.now();
      if (request.resourceType() === 'script' && request.url().startsWith(origin))
        scripts.add(new URL(request.url()).pathname);
    });
    const idle = async () => {
      const started = performance.now();
      while (performance.now() - last < QUIET_MS) {
        if (performance.now() - started > PATIENCE_MS)
          throw new Error(
            `${url}: the network was not idle for ${QUIET_MS} ms in ${PATIENCE_MS} ms`,
          );
        await page.waitForTimeout(250);
      }
    };
    await page.goto(url, { waitUntil: 'networkidle', timeout: PATIENCE_MS });
    await idle();
    if (act) {
      last = performance.now();
      await act(page);
      await idle();
    }
    return { scripts: [...scripts].sort(), errors };
  } finally {
    await context.close();
  }
}

const sizes = new Map<string, number>();
/** The gzipped size (level 9) of a file of the build, by its path on the server. */
export function gzippedBytes(dist: string, file: string): number {
  let size = sizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    sizes.set(file, size);
  }
  return size;
}
