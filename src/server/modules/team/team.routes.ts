import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema } from '../../../core/auth/schemas.ts';
import {
  acceptTeamInviteSchema,
  createTeamInviteSchema,
  pendingTeamInviteSchema,
  teamContextSchema,
  teamInvitePreviewSchema,
  teamInviteCreatedSchema,
  teamInviteTokenSchema,
  teamMemberSchema,
} from '../../../core/team/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import { clientInfo, deliverSession, type RouteLimits } from '../auth/index.ts';
import type { TeamService } from './team.service.ts';

const userIdParams = z.object({ userId: z.uuid({ message: 'Expected a valid user id' }) });

export function teamRoutes(
  app: FastifyInstance,
  team: TeamService,
  limits: RouteLimits,
  inviteLimit: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/team', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary:
        "The business the caller works for, as what, and what its plan includes (`paused`: a member whose business's plan lost teams)",
      response: { 200: teamContextSchema, ...errors(401, 403, 404) },
    },
    handler: (request) => team.context(currentUser(request)),
  });

  r.get('/api/team/members', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary: "The business's dispatchers and technicians (owner and dispatchers)",
      response: { 200: z.array(teamMemberSchema), ...errors(401, 403, 404) },
    },
    handler: (request) => team.members(currentUser(request)),
  });

  r.get('/api/team/invites', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary: 'Invitations still waiting (owner)',
      response: { 200: z.array(pendingTeamInviteSchema), ...errors(401, 403, 404) },
    },
    handler: (request) => team.invites(currentUser(request)),
  });

  r.post('/api/team/invites', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary:
        'Invite a dispatcher or technician by email (owner; Enterprise): a single-use link valid 72 hours',
      body: createTeamInviteSchema,
      response: { 201: teamInviteCreatedSchema, ...errors(400, 401, 403, 404, 409, 429) },
    },
    preHandler: inviteLimit,
    handler: async (request, reply) =>
      reply.status(201).send(await team.invite(currentUser(request), request.body)),
  });

  r.delete('/api/team/invites/:id', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary: 'Revoke a pending invitation (owner)',
      params: idParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await team.revoke(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/team/invites/preview', {
    config: { access: access.public, rateLimit: limits.resetPassword },
    schema: {
      tags: ['team'],
      summary: 'What an invitation link offers: the business, the email and the role',
      querystring: teamInviteTokenSchema,
      response: { 200: teamInvitePreviewSchema, ...errors(400, 404, 429) },
    },
    handler: (request) => team.preview(request.query.token),
  });

  r.post('/api/team/invites/accept', {
    config: { access: access.public, rateLimit: limits.register },
    schema: {
      tags: ['team'],
      summary: "Accept an invitation: makes the member's account and signs it in",
      body: acceptTeamInviteSchema,
      response: { 201: authResponseSchema, ...errors(400, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const session = await team.accept(request.body, clientInfo(request));
      return reply
        .status(201)
        .send({ user: session.user, ...deliverSession(request, reply, session) });
    },
  });

  r.delete('/api/team/members/:userId', {
    config: { access: access.roles('mechanic', 'dispatcher', 'technician') },
    schema: {
      tags: ['team'],
      summary:
        'Remove a member (owner): their sessions end, their open jobs return to the owner, their account is suspended',
      params: userIdParams,
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await team.remove(currentUser(request), request.params.userId);
      return reply.status(204).send(null);
    },
  });
}
