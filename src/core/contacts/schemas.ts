import { z } from 'zod';
import { INVALID_CONTACT_LINK_MESSAGE, PHONE_CODE_FORMAT_MESSAGE } from './messages.ts';

export * from './messages.ts';

/** Which of the account's contact points are confirmed: only those get notification messages. */
export const contactsSchema = z.object({
  emailConfirmed: z.boolean(),
  phoneConfirmed: z.boolean(),
});
export type Contacts = z.infer<typeof contactsSchema>;

/** POST /api/contacts/email/confirm: the token from the link is the only proof needed. */
export const confirmContactEmailSchema = z.object({
  token: z
    .string({ message: INVALID_CONTACT_LINK_MESSAGE })
    .min(20, INVALID_CONTACT_LINK_MESSAGE)
    .max(200, INVALID_CONTACT_LINK_MESSAGE),
});
export type ConfirmContactEmailInput = z.infer<typeof confirmContactEmailSchema>;

export const contactEmailConfirmedSchema = z.object({
  /** The address the link confirmed. */
  email: z.string(),
  message: z.string(),
});

/** The code as typed: spaces are forgiven, anything but six digits is not. */
export const phoneCodeField = () =>
  z
    .string({ message: PHONE_CODE_FORMAT_MESSAGE })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, PHONE_CODE_FORMAT_MESSAGE));

/** POST /api/users/me/contacts/phone/confirm */
export const confirmPhoneSchema = z.object({ code: phoneCodeField() });
export type ConfirmPhoneInput = z.infer<typeof confirmPhoneSchema>;
