import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountManagerSchema,
  accountManagerSetSchema,
  adminAccountManagerSchema,
  adminSupportRequestSchema,
  createSupportReplySchema,
  createSupportRequestSchema,
  setAccountManagerSchema,
  supportQueueQuerySchema,
  supportRequestSchema,
} from '../../../core/support/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { SupportService } from './support.service.ts';

const business = access.roles('mechanic', 'dispatcher', 'technician');

export function supportRoutes(
  app: FastifyInstance,
  support: SupportService,
  createLimit: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/support-requests', {
    config: { access: business },
    preHandler: createLimit,
    schema: {
      tags: ['support'],
      summary: 'Writes to the operators (owner, dispatcher or technician of a business)',
      body: createSupportRequestSchema,
      response: { 201: supportRequestSchema, ...errors(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await support.create(currentUser(request), request.body)),
  });

  r.get('/api/support-requests', {
    config: { access: business },
    schema: {
      tags: ['support'],
      summary:
        "The business's support requests with replies, newest first (the owner sees all, a member their own)",
      response: { 200: z.array(supportRequestSchema), ...errors(401, 403, 404) },
    },
    handler: (request) => support.list(currentUser(request)),
  });

  r.get('/api/support/account-manager', {
    config: { access: business },
    schema: {
      tags: ['support'],
      summary: "The business's account manager (Enterprise), else null",
      response: { 200: accountManagerSchema, ...errors(401, 403, 404) },
    },
    handler: (request) => support.accountManager(currentUser(request)),
  });

  r.get('/api/admin/support-requests', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary:
        "The support queue: the caller's managed businesses first, then by plan when sent, then oldest first",
      querystring: supportQueueQuerySchema,
      response: { 200: z.array(adminSupportRequestSchema), ...errors(400, 401, 403) },
    },
    handler: (request) => support.queue(currentUser(request), request.query),
  });

  r.post('/api/admin/support-requests/:id/replies', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary: 'Answers a support request and tells its sender',
      params: idParams,
      body: createSupportReplySchema,
      response: {
        201: z.object({ id: z.uuid(), requestId: z.uuid(), createdAt: z.iso.datetime() }),
        ...errors(400, 401, 403, 404),
      },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await support.reply(currentUser(request), request.params.id, request.body)),
  });

  r.get('/api/admin/providers/:id/account-manager', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary: "A business's plan and account manager (null when none is named)",
      params: idParams,
      response: { 200: adminAccountManagerSchema, ...errors(400, 401, 403, 404) },
    },
    handler: (request) => support.managerForAdmin(request.params.id),
  });

  r.put('/api/admin/providers/:id/account-manager', {
    config: { access: access.admin },
    schema: {
      tags: ['admin'],
      summary: 'Names (or with null removes) the admin managing an Enterprise business',
      params: idParams,
      body: setAccountManagerSchema,
      response: { 200: accountManagerSetSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: (request) =>
      support.setAccountManager(currentUser(request), request.params.id, request.body.adminId),
  });
}
