import { z } from 'zod';
import { messages, passwordField } from '#core/validation.ts';

/** The reset-password form: the new password, typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField(), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });
