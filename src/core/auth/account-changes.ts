import { z } from 'zod';
import { emailField, messages } from '../validation.ts';
import { registerSchema } from './schemas.ts';

/** The password the signed-in user types to prove it is them before a change of their account. */
const currentPasswordField = z
  .string({ message: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(256, 'Password must be at most 256 characters');

/** A new password follows the same rule as the one chosen at registration. */
const newPasswordField = registerSchema.shape.password;

export const SAME_PASSWORD_MESSAGE = 'Choose a password different from the current one';

/** POST /api/auth/change-password */
export const changePasswordSchema = z
  .object({ currentPassword: currentPasswordField, newPassword: newPasswordField })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.passwordsMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/auth/change-email: takes effect once the link sent to the new address is opened. */
export const changeEmailSchema = z.object({
  currentPassword: currentPasswordField,
  newEmail: emailField(),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const INVALID_EMAIL_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. Ask for a new one from your profile.';

/** POST /api/auth/confirm-email: the token from the link is the only proof needed. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ message: INVALID_EMAIL_LINK_MESSAGE })
    .min(20, INVALID_EMAIL_LINK_MESSAGE)
    .max(200, INVALID_EMAIL_LINK_MESSAGE),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;
