import type { FastifyInstance } from 'fastify';
import { inLanguage } from '../http/errors.ts';
import { contentTypeOf } from './image-type.ts';
import { STORED_NAME, type FileStorage } from './file-storage.ts';

/** GET /uploads/{name}: stored files, cached for a year (a name always means the same bytes). */
export function uploadsRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    const data = STORED_NAME.test(name) ? await storage.read(name) : null;
    if (!data) return reply.status(404).send(inLanguage({ error: 'Not found' }, request.language));
    return reply
      .header('content-type', contentTypeOf(name))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });
}
