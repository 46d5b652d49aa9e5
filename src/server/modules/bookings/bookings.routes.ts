import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingStatuses } from '../../../core/bookings/catalog.ts';
import { bookingSchema, createBookingSchema } from '../../../core/bookings/schemas.ts';
import { assignTechnicianSchema } from '../../../core/team/schemas.ts';
import { positionInputSchema, trackingPositionSchema } from '../../../core/bookings/tracking.ts';
import { MAX_DOLLARS } from '../../../core/money.ts';
import { access, currentUser } from '../../http/access.ts';
import { errors, idParams } from '../../http/schemas.ts';
import type { BookingsService } from './bookings.service.ts';

/** A move of the status, or an assignment (`technicianId`); one body never carries both. */
const bookingChange = z
  .object({
    status: z
      .enum(bookingStatuses, {
        message: 'Status must be pending, confirmed, in_progress, completed or cancelled',
      })
      .optional(),
    actualCost: z
      .number()
      .min(0)
      .max(MAX_DOLLARS)
      .multipleOf(0.01, 'Actual cost must be in whole cents')
      .optional(),
    technicianId: assignTechnicianSchema.shape.technicianId.optional(),
  })
  .refine((body) => (body.status === undefined) !== (body.technicianId === undefined), {
    message: 'Send either a status or a technicianId',
  });

/** `createLimit` holds each driver to the booking limits (modules/auth/user-limits.ts). */
export function bookingsRoutes(
  app: FastifyInstance,
  bookings: BookingsService,
  createLimit: preHandlerAsyncHookHandler,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The same move for a booking's own sides and for an admin; the service decides who may do what.
  const changeStatus = async (
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof bookingChange> }>,
  ) =>
    request.body.technicianId !== undefined
      ? bookings.assign(currentUser(request), request.params.id, request.body.technicianId)
      : bookings.changeStatus(
          currentUser(request),
          request.params.id,
          request.body.status!,
          request.body.actualCost,
        );

  r.post('/api/bookings', {
    config: { access: access.roles('driver') },
    preHandler: createLimit,
    schema: {
      tags: ['bookings'],
      summary:
        'Book a provider (the driver is the signed-in user). Honours an Idempotency-Key header.',
      headers: z
        .object({
          'idempotency-key': z
            .string()
            .trim()
            .min(8, 'Idempotency-Key must be 8 to 100 characters')
            .max(100)
            .optional(),
        })
        .loose(),
      body: createBookingSchema,
      response: { 201: bookingSchema, ...errors(400, 401, 403, 404, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      const booking = await bookings.create(
        currentUser(request),
        request.body,
        request.headers['idempotency-key'],
      );
      // A retry with the same Idempotency-Key answers what the first request answered.
      return reply.status(201).send(booking);
    },
  });

  r.get('/api/bookings', {
    config: { access: access.signedIn, scope: 'bookings:read' },
    schema: {
      tags: ['bookings'],
      summary:
        "A driver's bookings, the bookings of a mechanic's or dispatcher's business, a technician's assigned jobs, or all for an admin",
      response: { 200: z.array(bookingSchema), ...errors(401) },
    },
    handler: async (request) => bookings.list(currentUser(request)),
  });

  r.get('/api/bookings/:id', {
    config: { access: access.signedIn, scope: 'bookings:read' },
    schema: {
      tags: ['bookings'],
      summary: 'One of your bookings',
      params: idParams,
      response: { 200: bookingSchema, ...errors(400, 401, 404) },
    },
    handler: async (request) => bookings.get(currentUser(request), request.params.id),
  });

  r.patch('/api/bookings/:id', {
    config: { access: access.signedIn, scope: 'bookings:write' },
    schema: {
      tags: ['bookings'],
      summary:
        'Move a booking: the driver cancels; the provider (owner or dispatcher) confirms, declines, starts, completes (with actual cost); the assigned technician starts and completes. Or `{technicianId}` (owner or dispatcher, Enterprise): assign the job, null gives it back to the owner',
      params: idParams,
      body: bookingChange,
      response: { 200: bookingSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: changeStatus,
  });

  r.put('/api/bookings/:id/position', {
    config: { access: access.roles('mechanic', 'technician') },
    schema: {
      tags: ['bookings'],
      summary:
        "The provider's (or the assigned technician's) live position while the job is in progress (at most every 10 s)",
      params: idParams,
      body: positionInputSchema,
      response: { 200: trackingPositionSchema, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      bookings.sharePosition(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/bookings/:id/position', {
    config: { access: access.signedIn },
    schema: {
      tags: ['bookings'],
      summary:
        "The provider's newest shared position (null when not sharing): driver, provider, admin",
      params: idParams,
      response: { 200: trackingPositionSchema.nullable(), ...errors(400, 401, 404) },
    },
    handler: async (request) => bookings.position(currentUser(request), request.params.id),
  });
}
