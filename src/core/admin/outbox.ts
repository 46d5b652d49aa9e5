/** Where an outbox message stands: kept in the outbox, sent, or failed to send. */
export const emailDeliveries = ['outbox', 'sent', 'failed'] as const;
export type EmailDelivery = (typeof emailDeliveries)[number];

/** How an outbox message goes out: `to` is an email address or, for sms, a phone number. */
export const messageChannels = ['email', 'sms'] as const;
export type MessageChannel = (typeof messageChannels)[number];
