import { z } from 'zod';
import { bookingStatuses } from './catalog.ts';
import { shareLinkSides } from './share-link-rules.ts';

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
