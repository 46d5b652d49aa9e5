import {
  canShare,
  NOT_SHAREABLE,
  SHARE_LINK_GONE,
  trackPath,
  type CreatedShareLink,
  type ShareLink,
  type TrackedJob,
} from '../../../core/bookings/share-links.ts';
import { approach } from '../../../core/bookings/tracking.ts';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { hashToken, newToken } from '../../secret-tokens.ts';
import { isAdminActFor, recordAdminAct } from '../admin/audit.ts';
import type { BookingsService } from './bookings.service.ts';
import * as repo from './share-links.repository.ts';

/** Tracking links for a job: its driver or provider makes them, anyone holding one follows it. */
export function createShareLinksService(db: Database, bookings: BookingsService) {
  /** The booking when the caller is its driver or its provider (or an admin, `createdBy` null). */
  async function ownSide(user: PublicUser, bookingId: string) {
    const booking = await bookings.visible(user, bookingId);
    return { booking, createdBy: user.role === 'admin' ? null : user.id };
  }

  return {
    async create(user: PublicUser, bookingId: string): Promise<CreatedShareLink> {
      const { createdBy } = await ownSide(user, bookingId);
      if (!createdBy)
        throw new AppError('forbidden', "Only the job's driver or provider can share it");
      return db.transaction(async (tx) => {
        const status = await repo.lockedStatus(tx, bookingId);
        if (!status || !canShare(status)) throw new AppError('conflict', NOT_SHAREABLE);
        const token = newToken();
        const link = await repo.insertShareLink(tx, {
          bookingId,
          createdBy,
          tokenHash: hashToken(token),
          expiresAt: null,
        });
        return { ...link, token, path: trackPath(token) };
      });
    },

    /** The caller's working links of the job (an admin sees everyone's). */
    async list(user: PublicUser, bookingId: string): Promise<ShareLink[]> {
      const { createdBy } = await ownSide(user, bookingId);
      return repo.listShareLinks(db, bookingId, createdBy, new Date());
    },

    async revoke(user: PublicUser, bookingId: string, linkId: string): Promise<void> {
      const { booking, createdBy } = await ownSide(user, bookingId);
      await db.transaction(async (tx) => {
        const now = new Date();
        if (!(await repo.revokeShareLink(tx, bookingId, linkId, createdBy, now)))
          throw new AppError('not_found', 'Share link not found');
        // An admin stopping a link of a job of others.
        if (!createdBy && isAdminActFor(user, booking.driverId))
          await recordAdminAct(tx, {
            actor: user,
            action: 'share_link.revoke',
            targetType: 'share_link',
            targetId: linkId,
            before: { revokedAt: null },
            after: { revokedAt: now.toISOString(), bookingId },
          });
      });
    },

    /** What a share link shows, for anyone holding it. */
    async track(token: string): Promise<TrackedJob> {
      const job = await repo.findSharedJob(db, hashToken(token), new Date());
      if (!job) throw new AppError('not_found', SHARE_LINK_GONE);
      const { position, destination } = job;
      return {
        status: job.status,
        businessName: job.businessName,
        phone: job.phone,
        position: position && { ...position, recordedAt: position.recordedAt.toISOString() },
        eta: position && destination ? approach(position, destination) : null,
      };
    },
  };
}

export type ShareLinksService = ReturnType<typeof createShareLinksService>;
