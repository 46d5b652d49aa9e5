export * from './users.ts';
export * from './sessions.ts';
export * from './providers.ts';
export * from './bookings.ts';
export * from './billing.ts';
export * from './notifications.ts';
export * from './mail.ts';
