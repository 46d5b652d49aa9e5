/** The contact rules' numbers and messages, without zod, for screens that only show them. */

/** How long the link that confirms an email address works (docs/product.md, "Contacts"). */
export const EMAIL_LINK_HOURS = 24;
/** How long the 6-digit code that confirms a phone works, and how many wrong codes it takes. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_TRIES = 5;

export const INVALID_CONTACT_LINK_MESSAGE =
  'This confirmation link is invalid, used or expired. Ask for a new one with "Send again".';

export const PHONE_CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from the text message';

export const wrongCodeMessage = (triesLeft: number) =>
  `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
export const CODE_SPENT_MESSAGE = 'Too many wrong codes. Send a new code.';
export const CODE_EXPIRED_MESSAGE = 'This code has expired. Send a new code.';
export const NO_CODE_MESSAGE = 'There is no code to check. Send a new code.';
