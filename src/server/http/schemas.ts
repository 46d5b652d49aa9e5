import { z } from 'zod';

export const errorBodySchema = z
  .object({
    error: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });

/** Documents the error answers a route can give (docs/product.md, its error format). */
export function errors(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema]));
}

export const idParams = z.object({ id: z.uuid({ message: 'Expected a valid id' }) });
