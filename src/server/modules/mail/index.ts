/*
 * The public face of the mail module: other modules, app.ts, jobs and seed code import only this
 * file (lint rule layers/no-module-internals; docs/architecture.md). Functions taking an
 * `Executor` run on the caller's `db` or inside its transaction (`tx`).
 */
export { mailRoutes } from './mail.routes.ts';
export {
  createMailer,
  type AttachmentSource,
  type Email,
  type EmailAttachment,
  type Mailer,
} from './mailer.ts';
export { createOutboxSmsSender, type SmsOutcome, type SmsSender, type TextMessage } from './sms.ts';
export { createSmsSender } from './sms-sender.ts';
export { createTwilioSmsSender, type TwilioOptions } from './twilio-sms.ts';
export { isOptedOut, optIn, optOut } from './sms-opt-outs.repository.ts';
export { createSmsInbound } from './sms-inbound.service.ts';
export { smsRoutes, SMS_INBOUND_PATH } from './sms.routes.ts';
export { refuseOutboxOnPublicServer } from './outbox-guard.ts';
export { insertEmail, insertEmails } from './mail.repository.ts';

export { deleteMessagesTo } from './forget-user.repository.ts';
