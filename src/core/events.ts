import type { BookingStatus } from './bookings/catalog.ts';
import type { TrackingPosition } from './bookings/tracking.ts';
import type { HelpRequestStatus } from './help-requests/help-request-rules.ts';
import type { Notification } from './notifications.ts';
import type { ProviderStatus } from './providers/catalog.ts';

/** What GET /api/events pushes to open pages (Server-Sent Events, `event:` is the type). */
export interface ServerEvents {
  /** A new notification for the signed-in user. */
  notification: Notification;
  /** One of the user's bookings changed (created, moved, rated). */
  booking: { id: string; status: BookingStatus };
  /** A provider's status or rating changed: search pages refresh it. */
  'provider-status': { id: string; status: ProviderStatus; rating: number; reviewCount: number };
  /** A help request changed (asked, declined, taken, widened, ended): its driver and the providers asked. */
  'help-request': { id: string; status: HelpRequestStatus };
  /** The provider's live position during a job, for the booking's driver, provider and admins. */
  tracking: TrackingPosition;
  /**
   * The stream's session ended (an admin suspended the account; or sign-out, a password reset or
   * a role change, found at the stream's heartbeat): the page signs out, or reloads who it is.
   */
  'signed-out': { reason: 'suspended' | 'session-ended' | 'deleted' };
}
export type ServerEventType = keyof ServerEvents;
export type ServerEvent = {
  [K in ServerEventType]: { type: K; data: ServerEvents[K] };
}[ServerEventType];
export const serverEventTypes: ServerEventType[] = [
  'notification',
  'booking',
  'provider-status',
  'tracking',
  'help-request',
  'signed-out',
];
