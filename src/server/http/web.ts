import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Serves the built web app: hashed assets cached for a year, everything else revalidated. */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built; serving the API only (run `npm run build`)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    cacheControl: false,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(webDir, 'assets')}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
