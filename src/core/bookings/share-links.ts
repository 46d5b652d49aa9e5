import { z } from 'zod';
import { bookingStatuses, type BookingStatus } from './catalog.ts';

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

export const shareLinkSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  /** 24 hours after it was made, or an hour after the job ends if that comes first. */
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  madeBy: z.object({ side: z.enum(shareLinkSides), name: z.string() }),
  /** Made by the caller. */
  mine: z.boolean(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer to creating a link: its token is shown this once and stored only as a hash. */
export const createdShareLinkSchema = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  token: z.string(),
  path: z.string(),
});

export const revokedShareLinksSchema = z.object({ revoked: z.number().int().min(0) });

/** Whether a listed link still opens the job at `now`. */
export const isLinkLive = (link: Pick<ShareLink, 'expiresAt' | 'revokedAt'>, now = Date.now()) =>
  link.revokedAt === null && Date.parse(link.expiresAt) > now;
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkParams = z.object({
  id: z.uuid({ message: 'Expected a valid id' }),
  linkId: z.uuid({ message: 'Expected a valid id' }),
});

/** Any string reaches the lookup, so a malformed token answers like an unknown one. */
export const trackParams = z.object({ token: z.string().max(200) });

/** Everything a share link shows: the job and the provider coming, nothing about the driver. */
export const trackedJobSchema = z.object({
  status: z.enum(bookingStatuses),
  businessName: z.string(),
  phone: z.string().nullable(),
  /** Whether the provider's plan includes real-time tracking; without it there is no position. */
  liveTracking: z.boolean(),
  position: z
    .object({ latitude: z.number(), longitude: z.number(), recordedAt: z.iso.datetime() })
    .nullable(),
  /**
   * From the provider's position to the job, when both are known: whole miles and minutes in
   * steps of 5, so a few polls as the provider moves cannot pin down where the driver waits.
   */
  eta: z.object({ miles: z.number().int(), etaMinutes: z.number().int() }).nullable(),
});
export type TrackedJob = z.infer<typeof trackedJobSchema>;
