import { z } from 'zod';
import { publicUserSchema } from '../users/schemas.ts';

/** A six-digit authenticator code or a recovery code (dashes and spaces ignored). */
const codeField = z
  .string({ message: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(32, 'That code is too long');

export const loginCodeField = codeField.optional();

export const mfaCodeSchema = z.object({ code: codeField });
export type MfaCodeInput = z.infer<typeof mfaCodeSchema>;

export const mfaPasswordSchema = z.object({
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(256),
});

/** Step-up: the password or a code, exactly one. */
export const stepUpSchema = z
  .object({
    password: z.string().min(1, 'Enter your password').max(256).optional(),
    code: codeField.optional(),
  })
  .refine((input) => (input.password === undefined) !== (input.code === undefined), {
    message: 'Enter your password or a code',
    path: ['password'],
  });
export type StepUpInput = z.infer<typeof stepUpSchema>;

export const totpSetupSchema = z.object({
  /** The base32 secret, for typing into an app by hand; shown only now. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG QR code (data: URL), for an <img>. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  /** An admin outside the demo must turn it on before the console opens. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** Until when this session may make role changes, exports and outbox reads without a re-check. */
  verifiedUntil: z.iso.datetime().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const stepUpResponseSchema = z.object({ verifiedUntil: z.iso.datetime() });

/** A sign-in either signs in, or asks for the second factor (no session until it comes). */
export const loginResponseSchema = z.union([
  z.object({ user: publicUserSchema, token: z.string().optional() }),
  z.object({ mfaRequired: z.literal(true), token: z.string().optional() }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
