import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../core/errors.ts';
import { addressKey } from './address-key.ts';

const HOUR = 60;
const DAY = 24 * HOUR;

/**
 * What one signed-in user may do per window (docs/api.md, "Rate limits"): every window of a route
 * must have room. ROUTE_RATE_LIMIT_SCALE multiplies every `max`.
 */
export const USER_LIMITS = {
  booking: {
    windows: [
      { max: 10, minutes: HOUR },
      { max: 30, minutes: DAY },
    ],
    refusal: 'You have made too many bookings',
  },
  helpRequest: {
    windows: [
      { max: 5, minutes: HOUR },
      { max: 20, minutes: DAY },
    ],
    refusal: 'You have sent too many help requests',
  },
  webhookTest: {
    windows: [
      { max: 30, minutes: HOUR },
      { max: 200, minutes: DAY },
    ],
    refusal: 'You have sent too many test events',
  },
  supportRequest: {
    windows: [
      { max: 5, minutes: HOUR },
      { max: 20, minutes: DAY },
    ],
    refusal: 'You have sent too many support requests',
  },
  teamInvite: {
    windows: [
      { max: 10, minutes: HOUR },
      { max: 30, minutes: DAY },
    ],
    refusal: 'You have sent too many invitations',
  },
  reminderSend: {
    windows: [
      { max: 5, minutes: HOUR },
      { max: 20, minutes: DAY },
    ],
    refusal: 'You have sent too many reminders',
  },
  emailLink: {
    windows: [
      { max: 1, minutes: 1 },
      { max: 5, minutes: DAY },
    ],
    refusal: 'You have asked for too many confirmation emails',
  },
  phoneCode: {
    windows: [
      { max: 1, minutes: 1 },
      { max: 5, minutes: DAY },
    ],
    refusal: 'You have asked for too many codes',
  },
} as const;

export type UserLimitName = keyof typeof USER_LIMITS;

/** "3 minutes", "2 hours": how long until the oldest counted request leaves the window. */
export function waitLabel(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/**
 * A preHandler counting each user's requests to one route, after access and validation, next to
 * the per-address limit every /api call has. Counted in this app server's memory, like the
 * per-route limits.
 */
export function userLimit(
  app: FastifyInstance,
  name: UserLimitName,
  scale: number,
): preHandlerAsyncHookHandler {
  const { windows, refusal } = USER_LIMITS[name];
  const key = (request: FastifyRequest) =>
    request.user ? `user:${request.user.id}` : `address:${addressKey(request.ip)}`;
  const checks = windows.map(({ max, minutes }) =>
    app.createRateLimit({ max: max * scale, timeWindow: minutes * 60_000, keyGenerator: key }),
  );
  return async (request, reply) => {
    for (const check of checks) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        'too_many_requests',
        `${refusal}. Please try again in ${waitLabel(result.ttlInSeconds)}.`,
      );
    }
  };
}
