import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreenPages } from './first-screens.ts';
import { landingPageFor, landingPages } from './landing-pages.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, each
 * file in the form compressed at build time that the browser accepts. `/` and the other first
 * screens get their HTML here, `/` pre-rendered for a signed-out visitor (landing-pages.ts); every
 * other screen path gets index.html from the not-found handler (errors.ts).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build's .br and .gz beside each text file (scripts/lib/precompress.ts): no answer is
    // compressed again; a file without them goes through the compress plugin (app.ts).
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      const hashed = path.includes(`${join(webDir, 'assets')}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const shell = readFileSync(join(webDir, 'index.html'), 'utf8');
  const pages = firstScreenPages(webDir, shell);
  if (!pages.has('/')) pages.set('/', shell);
  const landings = landingPages(webDir);
  for (const [path, html] of pages) {
    app.get(path, (request, reply) => {
      const landing =
        path === '/' ? landingPageFor(request, landings, app.sessionCookie.name) : undefined;
      if (path === '/') reply.header('vary', 'Cookie, Accept-Language');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(landing ?? html);
    });
  }
  // The landing page's sign-in form, sent by the browser itself (its app's code never came): the
  // fields are dropped unread and the visitor sees the page again. Its own scope: the API takes
  // no form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      (_request, _body, done) => done(null, null),
    );
    scope.post('/', (_request, reply) => reply.redirect('/', 303));
  });
  return true;
}
