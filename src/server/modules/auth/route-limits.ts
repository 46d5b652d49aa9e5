import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../core/errors.ts';
import { addressKey } from './address-key.ts';

/**
 * Requests one address may make to the routes that create accounts or send email, within
 * `minutes` (docs/api.md, "Rate limits"). ROUTE_RATE_LIMIT_SCALE multiplies every `max`.
 */
export const ROUTE_LIMITS = {
  register: { max: 10, minutes: 60 },
  providerApplication: { max: 5, minutes: 60 },
  forgotPassword: { max: 5, minutes: 15 },
  resetPassword: { max: 20, minutes: 15 },
} as const;

export type RouteLimits = Record<keyof typeof ROUTE_LIMITS, RateLimitOptions>;

/** The `config.rateLimit` of each limited route: counted per address (an IPv6 /64). */
export function routeLimits(scale: number): RouteLimits {
  const limit = ({ max, minutes }: { max: number; minutes: number }): RateLimitOptions => ({
    max: max * scale,
    timeWindow: minutes * 60_000,
    keyGenerator: (request: FastifyRequest) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'too_many_requests',
        `Too many requests from this address. Please try again in ${context.after}.`,
      ),
  });
  return {
    register: limit(ROUTE_LIMITS.register),
    providerApplication: limit(ROUTE_LIMITS.providerApplication),
    forgotPassword: limit(ROUTE_LIMITS.forgotPassword),
    resetPassword: limit(ROUTE_LIMITS.resetPassword),
  };
}
