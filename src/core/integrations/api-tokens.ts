import { z } from 'zod';
import { API_TOKEN_NAME_MAX, apiScopes } from './api-token-rules.ts';

export const createApiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(API_TOKEN_NAME_MAX, `Name must be at most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(apiScopes))
    .min(1, 'Choose at least one scope')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope only once'),
  /** When it stops working; none: until revoked. Must be in the future. */
  expiresAt: z.iso.datetime().optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters (`tf_live_AbCd`), to recognise it; never the whole token. */
  start: z.string(),
  scopes: z.array(z.enum(apiScopes)),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the whole token is shown. */
export const createdApiTokenSchema = z.object({ id: z.uuid(), token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
