import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reviewInputSchema, reviewSchema } from '../../../core/reviews/review.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors } from '../../http/schemas.ts';
import type { ReviewsService } from './reviews.service.ts';

export function reviewsRoutes(app: FastifyInstance, reviews: ReviewsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/reviews', {
    config: { access: access.signedIn },
    schema: {
      tags: ['reviews'],
      summary:
        "Rate a completed job (its driver, once); updates the provider's rating in the same transaction",
      body: reviewInputSchema,
      response: { 201: reviewSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await reviews.rate(currentUser(request), request.body)),
  });
}
