import { z } from 'zod';
import { publicUserSchema, registrationVehicleTypes } from '../users/schemas.ts';
import { loginCodeField } from './second-factor.ts';
import {
  emailField,
  namedField,
  nameField,
  optionalText,
  passwordField,
  phoneField,
} from '../validation.ts';

export const signUpRoles = ['driver', 'mechanic'] as const;

export const registerSchema = z.object({
  username: namedField('Username', 40).regex(
    /^[A-Za-z0-9._-]+$/,
    'Username may use letters, numbers, dots, dashes and underscores',
  ),
  email: emailField(),
  password: passwordField(),
  name: nameField(),
  phone: phoneField(),
  role: z.enum(signUpRoles, { message: 'Role must be driver or mechanic' }).default('driver'),
  location: optionalText(120, 'Location'),
  aaaMemberId: optionalText(40, 'AAA member ID'),
  company: optionalText(120, 'Company'),
  cdlNumber: optionalText(40, 'License number'),
  vehicleType: z.enum(registrationVehicleTypes).optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
  /** A two-step code sent with the password: signs in at once, even while sign-ins are slowed. */
  code: loginCodeField,
});
export type LoginInput = z.infer<typeof loginSchema>;

export const authResponseSchema = z.object({
  user: publicUserSchema,
  /** Only with `x-session-transport: bearer`: the session to send as `Authorization: Bearer`. */
  token: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('Please enter a valid email address')),
});

export const resetPasswordSchema = z.object({
  token: z
    .string()
    .min(20, 'This reset link is invalid or has expired. Request a new one.')
    .max(200),
  password: passwordField(),
});

export const messageResponseSchema = z.object({ message: z.string() });
