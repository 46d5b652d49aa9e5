import type { FastifyInstance } from 'fastify';
import { wroteRecently } from '../../http/read-your-writes.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBusinessSchema,
  providerApplicationSchema,
  providerSchema,
  providerStatusChangeSchema,
  updateBusinessSchema,
} from '../../../core/providers/schemas.ts';
import { ownProviderSchema } from '../../../core/providers/pending-changes.ts';
import {
  encodeSearchCursor,
  providerDetailsSchema,
  providerFiltersSchema,
  providerSearchSchema,
  providerSummarySchema,
  searchAnswerItemSchema,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_DEFAULT_RADIUS_MILES,
  SEARCH_MAX_LIMIT,
  type ProviderFilters,
} from '../../../core/providers/search.ts';
import { authResponseSchema } from '../../../core/auth/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import { type AuthService, type RouteLimits, clientInfo, deliverSession } from '../auth/index.ts';
import type { ProvidersService } from './providers.service.ts';
import type { SearchArea, SearchCache } from './search-cache.ts';
import { sendSearchAnswer } from './search-reply.ts';

const areaOf = (filters: ProviderFilters): SearchArea | null =>
  filters.latitude === undefined || filters.longitude === undefined
    ? null
    : {
        latitude: filters.latitude,
        longitude: filters.longitude,
        radius: filters.radius ?? SEARCH_DEFAULT_RADIUS_MILES,
      };

export function providersRoutes(
  app: FastifyInstance,
  providers: ProvidersService,
  auth: AuthService,
  limits: RouteLimits,
  searchCache: SearchCache,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/api/providers', '/api/search']) {
    r.get(url, {
      config: { access: access.public },
      schema: {
        tags: ['providers'],
        summary: 'Approved providers, available first, then by rating, then by distance',
        description:
          'With latitude and longitude, only providers within `radius` miles (default 50; great-circle, R = 3959), each with its `distance`. ' +
          '`q` matches business name, description, city and specialties. `is24Hour`/`acceptsAAA` = true keep only those providers. ' +
          `Pages of \`limit\` providers (default ${SEARCH_DEFAULT_LIMIT}, at most ${SEARCH_MAX_LIMIT}); when more follow, the answer's ` +
          '`Link: <…>; rel="next"` header gives the next page\'s address (same filters, and a `cursor`). ' +
          'Items carry what a card and a map marker show; `fields=full` answers whole providers. Counts: GET /api/providers/summary.',
        querystring: providerSearchSchema,
        response: { 200: z.array(searchAnswerItemSchema), ...errors(400) },
      },
      handler: (request, reply) =>
        sendSearchAnswer(request, reply, searchCache, areaOf(request.query), async () => {
          const page = await providers.search(
            request.query,
            app.reads.reader(wroteRecently(request)),
          );
          const answer = 'json' in page ? { json: page.json } : { value: page.items };
          if (!page.next) return answer;
          const next = new URL(request.url, 'http://localhost');
          next.searchParams.set('cursor', encodeSearchCursor(page.next));
          return { ...answer, headers: { link: `<${next.pathname}${next.search}>; rel="next"` } };
        }),
    });
  }

  r.get('/api/providers/summary', {
    config: { access: access.public },
    schema: {
      tags: ['providers'],
      summary: 'How many providers a search finds: total, available, per service type, AAA',
      description:
        'The filters of GET /api/providers (without `limit`, `cursor` or `fields`), counted over every page in one query.',
      querystring: providerFiltersSchema,
      response: { 200: providerSummarySchema, ...errors(400) },
    },
    handler: (request, reply) =>
      sendSearchAnswer(request, reply, searchCache, areaOf(request.query), async () => ({
        value: await providers.summary(request.query, app.reads.reader(wroteRecently(request))),
      })),
  });

  r.get('/api/providers/:id', {
    config: { access: access.public, personal: true },
    schema: {
      tags: ['providers'],
      summary: 'A provider with its recent reviews',
      params: idParams,
      response: { 200: providerDetailsSchema, ...errors(400, 404) },
    },
    handler: async (request) =>
      providers.details(request.params.id, request.user, app.reads.reader(wroteRecently(request))),
  });

  r.post('/api/provider-applications', {
    config: { access: access.public, rateLimit: limits.providerApplication },
    schema: {
      tags: ['providers'],
      summary:
        'Apply as a service provider: creates the mechanic account (signed in, or a token with x-session-transport: bearer) and a provider awaiting verification',
      body: providerApplicationSchema,
      response: {
        201: authResponseSchema.extend({ provider: providerSchema }),
        ...errors(400, 409, 429),
      },
    },
    handler: async (request, reply) => {
      const created = await providers.apply(request.body);
      const session = await auth.startSession(created.user, clientInfo(request));
      return reply.status(201).send({ ...created, ...deliverSession(request, reply, session) });
    },
  });

  r.put('/api/providers/:id/status', {
    config: { access: access.roles('mechanic', 'admin'), scope: 'availability:write' },
    schema: {
      tags: ['providers'],
      summary: "Set a provider's availability (its owner or an admin); open pages hear it live",
      params: idParams,
      body: providerStatusChangeSchema,
      response: { 200: providerSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      providers.setStatus(currentUser(request), request.params.id, request.body.status),
  });

  r.get('/api/service-providers/by-user/:userId', {
    config: { access: access.selfOrAdmin('userId') },
    schema: {
      tags: ['providers'],
      summary: "A user's business, whatever its verification (the user or an admin)",
      params: z.object({ userId: z.uuid({ message: 'Expected a user id' }) }),
      response: { 200: ownProviderSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => providers.byUser(request.params.userId),
  });

  r.post('/api/service-providers', {
    config: { access: access.roles('mechanic') },
    schema: {
      tags: ['providers'],
      summary: 'Create your business profile (a mechanic without one); it awaits verification',
      description:
        '`userId` is optional and, when sent, must be your own id (403 otherwise). Without `visitFee` it is 0; ' +
        'without `hourlyRate` it is null. `licenseNumber` and `insurancePolicy` are optional here.',
      body: createBusinessSchema,
      response: { 201: providerSchema, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await providers.createBusiness(currentUser(request), request.body)),
  });

  r.patch('/api/service-providers/:id', {
    config: { access: access.roles('mechanic', 'admin') },
    schema: {
      tags: ['providers'],
      summary:
        'Edit a business (its owner or an admin); verification, rating and review count are not editable here',
      description:
        '`status` follows the rules of PUT /api/providers/{id}/status (en_route means enroute, any case) ' +
        'and open pages hear it live.',
      params: idParams,
      body: updateBusinessSchema,
      response: { 200: ownProviderSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      providers.updateBusiness(currentUser(request), request.params.id, request.body),
  });
}
