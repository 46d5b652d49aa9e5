import type { FastifyInstance } from 'fastify';
import { wroteRecently } from '../../http/read-your-writes.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAddProviderSchema,
  adminBookingChangeSchema,
  adminBookingsQuerySchema,
  adminBookingsSchema,
  adminDashboardSchema,
  adminProviderChangeSchema,
  adminProviderSchema,
  adminProvidersQuerySchema,
  adminProvidersSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersSchema,
  auditLogSchema,
  auditQuerySchema,
  exportQuerySchema,
  reactivationSchema,
  suspensionSchema,
} from '../../../core/admin/schemas.ts';
import {
  disputedPaymentSchema,
  paymentSchema,
  resolveDisputeInput,
} from '../../../core/billing/schemas.ts';
import { bookingSchema } from '../../../core/bookings/schemas.ts';
import { providerSchema } from '../../../core/providers/schemas.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { AdminService } from './admin.service.ts';

/** The operator's console (docs/admin.md): every call is for admins only. */
export function adminRoutes(app: FastifyInstance, admin: AdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const only = { access: access.admin };

  r.get('/api/admin/dashboard', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: "The marketplace's figures and the last 30 days, in one answer",
      response: { 200: adminDashboardSchema, ...errors(401, 403) },
    },
    handler: async (request) => admin.dashboard(app.reads.reader(wroteRecently(request))),
  });

  r.get('/api/admin/users', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Users by role and search (name, email, username), newest first, paged',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => admin.users(request.query),
  });

  r.post('/api/admin/users/:id/suspend', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Suspend an account: its sessions end at once and its business leaves search',
      params: idParams,
      body: suspensionSchema,
      response: { 200: adminUserSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      admin.suspend(currentUser(request), request.params.id, request.body.reason),
  });

  r.post('/api/admin/users/:id/reactivate', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Lift a suspension',
      params: idParams,
      body: reactivationSchema,
      response: { 200: adminUserSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      admin.reactivate(currentUser(request), request.params.id, request.body.reason),
  });

  r.get('/api/admin/providers', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Providers in every state, filtered and paged, with owner, plan and commission',
      querystring: adminProvidersQuerySchema,
      response: { 200: adminProvidersSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => admin.providers(request.query),
  });

  r.post('/api/admin/providers', {
    config: only,
    schema: {
      tags: ['admin'],
      summary:
        'Add a verified provider and its mechanic account; the owner is emailed a link to set a password',
      body: adminAddProviderSchema,
      response: {
        201: z.object({ provider: adminProviderSchema, user: adminUserSchema }),
        ...errors(400, 401, 403, 409),
      },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await admin.addProvider(currentUser(request), request.body)),
  });

  r.patch('/api/admin/providers/:id', {
    config: only,
    schema: {
      tags: ['admin'],
      summary:
        'Set a status (available, busy, enroute/en_route, offline) and/or approve or reject (with a reason); the owner is told',
      params: idParams,
      body: adminProviderChangeSchema,
      response: { 200: providerSchema, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      admin.changeProvider(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/admin/bookings', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Every booking by status, created date range, provider or driver, newest first',
      querystring: adminBookingsQuerySchema,
      response: { 200: adminBookingsSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => admin.bookings(request.query),
  });

  r.patch('/api/admin/bookings/:id', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Set any status on any booking; driver and provider are told, with the reason',
      params: idParams,
      body: adminBookingChangeSchema,
      response: { 200: bookingSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      admin.changeBooking(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/admin/payments/disputed', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'Cash payments a provider disputed, with the reason, oldest first',
      response: { 200: z.array(disputedPaymentSchema), ...errors(401, 403) },
    },
    handler: async () => admin.disputedPayments(),
  });

  r.post('/api/admin/payments/:id/resolve', {
    config: only,
    schema: {
      tags: ['admin'],
      summary:
        'Settle a disputed cash payment: `paid` (the job is paid) or `not_paid` (the driver owes it again), with the reason; both sides are told',
      params: idParams,
      body: resolveDisputeInput,
      response: { 200: paymentSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      admin.resolvePayment(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/admin/audit', {
    config: only,
    schema: {
      tags: ['admin'],
      summary: 'What admins did (who, what, before → after, why), newest first; read-only',
      querystring: auditQuerySchema,
      response: { 200: auditLogSchema, ...errors(400, 401, 403) },
    },
    handler: async (request) => admin.audit(request.query),
  });

  for (const kind of ['bookings', 'payments'] as const)
    r.get(`/api/admin/export/${kind}.csv`, {
      // A bulk read of personal data: the admin proves it is them again first.
      config: { ...only, stepUp: true },
      schema: {
        tags: ['admin'],
        summary: `The ${kind} created from one day to another (both included, UTC) as CSV`,
        querystring: exportQuerySchema,
        response: { 200: z.string(), ...errors(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const { from, to } = request.query;
        const csv =
          kind === 'bookings'
            ? await admin.exportBookings(currentUser(request), from, to)
            : await admin.exportPayments(currentUser(request), from, to);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}-${from}-to-${to}.csv"`)
          .send(csv);
      },
    });
}
