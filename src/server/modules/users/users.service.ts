import { AppError } from '../../../core/errors.ts';
import type { PublicUser, UpdateUserInput } from '../../../core/users/schemas.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { findUserById, updateUser, type UserChanges } from './users.repository.ts';
import { securityLog, type SecurityLogger } from '../auth/index.ts';
import { auditedChange, changedFields, isAdminActFor, recordAdminAct } from '../admin/index.ts';

const CHANGE_EMAIL_ELSEWHERE =
  'To change your email, use Change email in Settings: it asks for your current password';

export function createUsersService(
  db: Database,
  log: SecurityLogger,
  /** Sends the confirmation link to an address an admin set (auth's account changes). */
  requestEmailChangeByAdmin: (
    target: PublicUser,
    newEmail: string,
    within: (tx: Transaction) => Promise<void>,
  ) => Promise<void>,
) {
  return {
    async get(id: string): Promise<PublicUser> {
      const user = await findUserById(db, id);
      if (!user) throw new AppError('not_found', 'User not found');
      return user;
    },

    /** `within` runs in the same transaction (the upload's bookkeeping). */
    async setAvatar(
      actor: PublicUser,
      id: string,
      url: string,
      within?: (tx: Transaction) => Promise<void>,
    ): Promise<PublicUser> {
      return db.transaction(async (tx) => {
        const before = await findUserById(tx, id);
        const user = await updateUser(tx, id, { avatarUrl: url });
        if (!before || !user) throw new AppError('not_found', 'User not found');
        await within?.(tx);
        if (isAdminActFor(actor, id))
          await auditedChange<PublicUser>(actor, 'user.update', 'user', ['avatarUrl'])(
            tx,
            before,
            user,
          );
        return user;
      });
    },

    /**
     * Self or admin (the route checks); only an admin changes a role, and never their own. An
     * admin's change of someone else leaves an audit row; a new email from an admin waits for
     * the link sent to it, like the owner's own change.
     */
    async update(actor: PublicUser, id: string, input: UpdateUserInput): Promise<PublicUser> {
      if (Object.keys(input).length === 0) throw new AppError('bad_request', 'Nothing to update');
      if (input.role !== undefined && (actor.role !== 'admin' || actor.id === id)) {
        throw new AppError('forbidden', 'You cannot change your own role');
      }
      const target = await findUserById(db, id);
      if (!target) throw new AppError('not_found', 'User not found');
      const byAdmin = isAdminActFor(actor, id);
      const changes: UserChanges = {};
      let newEmail: string | null = null;
      if (input.name !== undefined) changes.name = input.name;
      if (input.email !== undefined && input.email !== target.email) {
        // The owner proves it is them with the password and the new address
        // (POST /api/auth/change-email); an admin's change goes through the same link.
        if (!byAdmin)
          throw new AppError('bad_request', CHANGE_EMAIL_ELSEWHERE, {
            email: CHANGE_EMAIL_ELSEWHERE,
          });
        newEmail = input.email;
      }
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.location !== undefined) changes.location = input.location || null;
      if (input.aaaMemberId !== undefined) changes.aaaMemberId = input.aaaMemberId || null;
      if (input.company !== undefined) changes.company = input.company || null;
      if (input.cdlNumber !== undefined) changes.cdlNumber = input.cdlNumber || null;
      if (input.vehicleInfo !== undefined) changes.vehicleInfo = input.vehicleInfo;
      if (input.role !== undefined) changes.role = input.role;
      if (input.language !== undefined) changes.language = input.language;
      if (input.theme !== undefined) changes.theme = input.theme;
      Object.assign(changes, input.settings);
      let user = target;
      const apply = async (tx: Transaction) => {
        if (Object.keys(changes).length === 0) return;
        const updated = await updateUser(tx, id, changes);
        if (!updated) throw new AppError('not_found', 'User not found');
        const fields = changedFields(target, updated, Object.keys(changes));
        if (byAdmin && fields.length > 0)
          await auditedChange<PublicUser>(
            actor,
            'user.update',
            'user',
            fields,
          )(tx, target, updated);
        user = updated;
      };
      if (newEmail) {
        const requested = newEmail;
        // The address is checked before anything is written; the other fields, the link and
        // both audit rows are stored in one transaction.
        await requestEmailChangeByAdmin(target, requested, async (tx) => {
          await apply(tx);
          await recordAdminAct(tx, {
            actor,
            action: 'user.email_change',
            targetType: 'user',
            targetId: id,
            before: { email: target.email },
            after: { requestedEmail: requested },
          });
        });
        securityLog(log, 'user.email_change_requested', { userId: id, by: actor.id });
      } else if (Object.keys(changes).length > 0) await db.transaction(apply);
      if (changes.role && changes.role !== target.role)
        securityLog(log, 'user.role_changed', { userId: id, by: actor.id, role: changes.role });
      return user;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
