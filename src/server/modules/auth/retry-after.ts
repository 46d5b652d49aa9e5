import type { FastifyReply } from 'fastify';
import { SlowDownError } from './auth.service.ts';

/** Runs a sign-in step; a slowed one answers 429 with `Retry-After` in seconds. */
export async function withRetryAfter<T>(reply: FastifyReply, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof SlowDownError)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}
