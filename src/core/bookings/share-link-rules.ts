import type { BookingStatus } from './catalog.ts';
import type { ShareLink } from './share-links.ts';

/** A share link keeps working this long after its job is completed or cancelled. */
export const SHARE_LINK_AFTER_JOB_MS = 60 * 60 * 1000;
/** And never longer than this after it was made, even while the job runs. */
export const SHARE_LINK_MAX_MS = 24 * 60 * 60 * 1000;
/** Random bytes in a share link's token (256 bits, written as 43 base64url characters). */
export const SHARE_TOKEN_BYTES = 32;
/** How often the tracking page asks again: the provider's device sends at most every 10 s. */
export const TRACK_REFRESH_MS = 5_000;

/** A job is shared while someone is coming or working on it. */
export const shareableStatuses = ['confirmed', 'in_progress'] as const satisfies BookingStatus[];
export const canShare = (status: BookingStatus) =>
  (shareableStatuses as readonly BookingStatus[]).includes(status);

export const SHARE_LINK_GONE = 'This tracking link has ended or does not exist';
export const NOT_SHAREABLE = 'A job can be shared once it is confirmed, until it ends';

/** The path a share link opens, on the app's own origin. */
export const trackPath = (token: string) => `/track/${token}`;

/** Which side of the job made a link. */
export const shareLinkSides = ['driver', 'provider'] as const;
export type ShareLinkSide = (typeof shareLinkSides)[number];

/** Whether a listed link still opens the job at `now`. */
export const isLinkLive = (link: Pick<ShareLink, 'expiresAt' | 'revokedAt'>, now = Date.now()) =>
  link.revokedAt === null && Date.parse(link.expiresAt) > now;
