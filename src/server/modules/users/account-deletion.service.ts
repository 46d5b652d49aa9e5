import { deleteDeliveriesOf } from '../deliveries/index.ts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { forgetUploads } from '../../storage/uploaded-files.repository.ts';
import {
  type ClientInfo,
  forgetSignInRecords,
  hashPassword,
  securityLog,
  type SecurityLogger,
} from '../auth/index.ts';
import { deleteBusiness, findBusinessId, retireBusiness } from '../providers/index.ts';
import { forgetBillingRecords } from '../billing/index.ts';
import {
  deleteBookingsThatNeverHappened,
  deleteIdempotencyKeysOf,
  deleteShareLinksMadeBy,
  scrubKeptBookings,
} from '../bookings/index.ts';
import { forgetContactConfirmations } from '../contacts/index.ts';
import { deleteHelpRequests } from '../help-requests/index.ts';
import { deleteMessagesTo } from '../mail/index.ts';
import { deleteNotificationsOf } from '../notifications/index.ts';
import { deleteSubscriptionsOf } from '../push/index.ts';
import * as repo from './account-deletion.repository.ts';

export const OPEN_BOOKINGS =
  'Finish or cancel your open bookings first: drivers and providers are counting on them';

/**
 * Deleting one's own account (docs/decisions/019-account-deletion.md): personal data goes; jobs
 * done, reviews and payments stay for the other side's history, pointing at an anonymous row and
 * without what the driver wrote or where the truck was.
 */
export function createAccountDeletionService(deps: {
  db: Database;
  events: EventBus;
  /** Checks the password again like a step-up (auth.service.ts), slowing wrong tries. */
  confirmPassword: (
    user: PublicUser,
    sessionId: string,
    password: string,
    client: ClientInfo,
  ) => Promise<void>;
  /** Ends the user's plans at the payment gateway, without a refund. */
  endPlansNow: (userId: string) => Promise<void>;
  /** Deletes the user's customer (and saved cards) at the payment gateway. */
  deleteCustomer: (customerId: string) => Promise<void>;
  /** The user's customer at the payment gateway, if any. */
  findCustomer: (userId: string) => Promise<string | null | undefined>;
  /** Deletes stored uploads by name, after the transaction that forgot them. */
  removeUploads: (names: string[]) => Promise<void>;
  log: SecurityLogger;
}) {
  const { db, events, confirmPassword, endPlansNow, findCustomer, deleteCustomer } = deps;
  const { removeUploads, log } = deps;

  async function refuseWhileOpen(userId: string) {
    const businessId = await findBusinessId(db, userId);
    if ((await repo.countOpenBookings(db, userId, businessId)) > 0)
      throw new AppError('conflict', OPEN_BOOKINGS);
  }

  return {
    async deleteOwn(
      user: PublicUser,
      proof: { sessionId: string; password: string; client: ClientInfo },
    ): Promise<void> {
      await confirmPassword(user, proof.sessionId, proof.password, proof.client);
      await refuseWhileOpen(user.id);
      await endPlansNow(user.id);
      // Read now: the row may go with the account.
      const customerId = await findCustomer(user.id);
      // Nobody will ever sign in with it: the hash of a secret that is thrown away.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      const uploads = await db.transaction(async (tx) => {
        const businessId = await findBusinessId(tx, user.id);
        if ((await repo.countOpenBookings(tx, user.id, businessId)) > 0)
          throw new AppError('conflict', OPEN_BOOKINGS);
        let keptBusiness = false;
        if (businessId) {
          keptBusiness = await repo.businessHasHistory(tx, businessId);
          if (keptBusiness) {
            await retireBusiness(tx, businessId);
          } else await deleteBusiness(tx, businessId);
        }
        await deleteBookingsThatNeverHappened(tx, user.id);
        await scrubKeptBookings(tx, user.id);
        await deleteShareLinksMadeBy(tx, user.id);
        await deleteMessagesTo(tx, user);
        await deleteDeliveriesOf(tx, user.id);
        const uploads = await forgetUploads(tx, user.id);
        for (const asked of await deleteHelpRequests(tx, user.id))
          await events.publish(
            tx,
            { userIds: [asked.ownerId] },
            { type: 'help-request', data: { id: asked.id, status: 'cancelled' } },
          );
        if (await repo.hasHistory(tx, user.id, keptBusiness ? businessId : null)) {
          await repo.anonymiseUser(tx, user.id, unusable);
          await forgetSignInRecords(tx, user.id);
          await forgetContactConfirmations(tx, user.id);
          await deleteNotificationsOf(tx, user.id);
          await deleteSubscriptionsOf(tx, user.id);
          await deleteIdempotencyKeysOf(tx, user.id);
          await forgetBillingRecords(tx, user.id);
        } else await repo.deleteUserRow(tx, user.id);
        await events.publish(
          tx,
          { userIds: [user.id] },
          { type: 'signed-out', data: { reason: 'deleted' } },
        );
        if (businessId)
          await events.publish(
            tx,
            { everyone: true },
            {
              type: 'provider-status',
              data: { id: businessId, status: 'offline', rating: 0, reviewCount: 0 },
            },
          );
        return uploads;
      });
      // After the commit, so that an account that stays keeps its saved cards.
      if (customerId) await deleteCustomer(customerId);
      await removeUploads(uploads);
      securityLog(log, 'account.deleted', { userId: user.id });
    },
  };
}

export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
