import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstScreenPages } from './first-screens.ts';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated. `/`
 * and the other first screens get their HTML here; every other screen path gets index.html from
 * the not-found handler (errors.ts).
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
    setHeaders(res, path) {
      const hashed = path.includes(`${join(webDir, 'assets')}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const shell = readFileSync(join(webDir, 'index.html'), 'utf8');
  const pages = firstScreenPages(webDir, shell);
  if (!pages.has('/')) pages.set('/', shell);
  for (const [path, html] of pages) {
    app.get(path, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html),
    );
  }
  return true;
}
