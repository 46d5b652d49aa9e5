import { z } from 'zod';
import { apiScopes } from '#core/integrations/api-token-rules.ts';
import { createApiTokenInput } from '#core/integrations/api-tokens.ts';
import { today } from './token-expiry.ts';

/** The dialog's fields: the expiry is a day, the token works until that day ends (local time). */
export const tokenFormSchema = z
  .object({
    name: createApiTokenInput.shape.name,
    scopes: z.array(z.enum(apiScopes)).min(1, 'Choose at least one scope'),
    expiresOn: z.string(),
  })
  .refine((values) => values.expiresOn === '' || values.expiresOn >= today(), {
    path: ['expiresOn'],
    message: 'The expiry date must be in the future',
  });
export type TokenForm = z.infer<typeof tokenFormSchema>;
