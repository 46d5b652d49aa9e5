import {
  canShare,
  NOT_SHAREABLE,
  SHARE_LINK_GONE,
  SHARE_LINK_MAX_MS,
  trackPath,
} from '../../../core/bookings/share-link-rules.ts';
import type {
  CreatedShareLink,
  ShareLink,
  TrackedJob,
} from '../../../core/bookings/share-links.ts';
import { hasFeature } from '../../../core/billing/plan-features.ts';
import { roughApproach } from '../../../core/bookings/tracking-rules.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import { hashToken, newToken } from '../../secret-tokens.ts';
import { isAdminActFor, recordAdminAct } from '../admin/index.ts';
import type { BookingsService } from './bookings.service.ts';
import * as repo from './share-links.repository.ts';

/** An admin stopping links of someone else's job leaves an audit row (docs/decisions/036). */
async function recordRevokeByAdmin(
  tx: Executor,
  user: PublicUser,
  booking: { id: string; driverId: string },
  linkId: string | null,
  now: Date,
) {
  if (!isAdminActFor(user, booking.driverId)) return;
  await recordAdminAct(tx, {
    actor: user,
    action: 'share_link.revoke',
    targetType: 'share_link',
    targetId: linkId,
    before: { revokedAt: null },
    after: { revokedAt: now.toISOString(), bookingId: booking.id },
  });
}

/** Tracking links for a job: its driver or provider makes them, anyone holding one follows it. */
export function createShareLinksService(db: Database, bookings: BookingsService) {
  return {
    async create(user: PublicUser, bookingId: string): Promise<CreatedShareLink> {
      await bookings.visible(user, bookingId);
      if (user.role === 'admin')
        throw new AppError('forbidden', "Only the job's driver or provider can share it");
      return db.transaction(async (tx) => {
        const status = await repo.lockedStatus(tx, bookingId);
        if (!status || !canShare(status)) throw new AppError('conflict', NOT_SHAREABLE);
        const token = newToken();
        const link = await repo.insertShareLink(tx, {
          bookingId,
          createdBy: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + SHARE_LINK_MAX_MS),
        });
        return { ...link, token, path: trackPath(token) };
      });
    },

    /** Every link of the job, working or not, for either side of it (and an admin). */
    async list(user: PublicUser, bookingId: string): Promise<ShareLink[]> {
      const booking = await bookings.visible(user, bookingId);
      const links = await repo.listShareLinks(db, bookingId);
      return links.map(({ createdBy, makerName, ...link }) => ({
        ...link,
        madeBy: { side: createdBy === booking.driverId ? 'driver' : 'provider', name: makerName },
        mine: createdBy === user.id,
      }));
    },

    /** Stops one working link of the job, whoever of its two sides made it. */
    async revoke(user: PublicUser, bookingId: string, linkId: string): Promise<void> {
      const booking = await bookings.visible(user, bookingId);
      await db.transaction(async (tx) => {
        const now = new Date();
        if ((await repo.revokeShareLinks(tx, bookingId, linkId, now)) === 0)
          throw new AppError('not_found', 'Share link not found');
        await recordRevokeByAdmin(tx, user, booking, linkId, now);
      });
    },

    /** Stops every working link of the job; answers how many there were. */
    async revokeAll(user: PublicUser, bookingId: string): Promise<{ revoked: number }> {
      const booking = await bookings.visible(user, bookingId);
      return db.transaction(async (tx) => {
        const now = new Date();
        const revoked = await repo.revokeShareLinks(tx, bookingId, null, now);
        if (revoked > 0) await recordRevokeByAdmin(tx, user, booking, null, now);
        return { revoked };
      });
    },

    /** What a share link shows, for anyone holding it. */
    async track(token: string): Promise<TrackedJob> {
      const job = await repo.findSharedJob(db, hashToken(token), new Date());
      if (!job) throw new AppError('not_found', SHARE_LINK_GONE);
      // Without live tracking in the business's plan the link shows the status only.
      const liveTracking = hasFeature(job.ownerPlan, 'liveTracking');
      const position = liveTracking ? job.position : null;
      const { destination } = job;
      return {
        status: job.status,
        businessName: job.businessName,
        phone: job.phone,
        liveTracking,
        position: position && { ...position, recordedAt: position.recordedAt.toISOString() },
        eta: position && destination ? roughApproach(position, destination) : null,
      };
    },
  };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;
