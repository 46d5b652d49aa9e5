import { z } from 'zod';
import { requiredMessage } from './required-message.ts';

// A missing field reads 'Required', on the server and in forms.
z.config({ customError: requiredMessage });

/** Field rules shared by the forms and the server, with the specified messages. */
export const messages = {
  emailRegistration: 'Please enter a valid email address',
  emailProfile: 'Please enter a valid email',
  phone: 'Phone number must be at least 10 digits',
  password: 'Password must be at least 8 characters',
  name: 'Name must be at least 2 characters',
  fullName: 'Full name must be at least 2 characters',
  passwordsMatch: "Passwords don't match",
  noMarkup: 'Names cannot contain < or >',
} as const;

export const countDigits = (value: string) => value.replace(/\D/g, '').length;

export const emailField = (message: string = messages.emailRegistration) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email(message));

export const phoneField = () =>
  z
    .string()
    .trim()
    .max(32, 'Phone number must be at most 32 characters')
    .refine((v) => countDigits(v) >= 10, messages.phone);

export const passwordField = () =>
  z.string().min(8, messages.password).max(256, 'Password must be at most 256 characters');

/** Names show up in maps, emails and other people's screens: `<` and `>` are refused in all of them. */
export const withoutMarkup = (schema: z.ZodString) => schema.regex(/^[^<>]*$/, messages.noMarkup);

/** A person's or a business's name: trimmed, `min` to `max` characters, never `<` or `>`. */
export const namedField = (label: string, max: number, min = 2) =>
  withoutMarkup(
    z
      .string()
      .trim()
      .min(min, `${label} must be at least ${min} characters`)
      .max(max, `${label} must be at most ${max} characters`),
  );

export const nameField = (message: string = messages.name) =>
  withoutMarkup(z.string().trim().min(2, message).max(100, 'Name must be at most 100 characters'));

/** Optional free text: absent, empty or up to `max` characters. */
export const optionalText = (max: number, label = 'This field') =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Tabs, newlines, NUL and the other characters below space. */
export const hasControlCharacters = (text: string) => [...text].some((c) => c.charCodeAt(0) < 32);
