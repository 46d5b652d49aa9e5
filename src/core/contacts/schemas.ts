import { z } from 'zod';

/** How long the link that confirms an email address works (docs/product.md, "Contacts"). */
export const EMAIL_LINK_HOURS = 24;
/** How long the 6-digit code that confirms a phone works, and how many wrong codes it takes. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;

/** Which of the account's contact points are confirmed: only those get notification messages. */
export const contactsSchema = z.object({
  emailConfirmed: z.boolean(),
  phoneConfirmed: z.boolean(),
});
export type Contacts = z.infer<typeof contactsSchema>;

export const INVALID_CONTACT_LINK_MESSAGE =
  'This confirmation link is invalid, used or expired. Ask for a new one with "Send again".';

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

export const PHONE_CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from the text message';

/** The code as typed: spaces are forgiven, anything but six digits is not. */
export const phoneCodeField = () =>
  z
    .string({ message: PHONE_CODE_FORMAT_MESSAGE })
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, PHONE_CODE_FORMAT_MESSAGE));

/** POST /api/users/me/contacts/phone/confirm */
export const confirmPhoneSchema = z.object({ code: phoneCodeField() });
export type ConfirmPhoneInput = z.infer<typeof confirmPhoneSchema>;

export const wrongCodeMessage = (triesLeft: number) =>
  `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const CODE_SPENT_MESSAGE = 'Too many wrong codes. Send a new code.';
export const CODE_EXPIRED_MESSAGE = 'This code has expired. Send a new code.';
export const NO_CODE_MESSAGE = 'There is no code to check. Send a new code.';
