import { AppError } from '../../../core/errors.ts';
import type { PublicUser, UpdateUserInput } from '../../../core/users/schemas.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findUserById, updateUser, type UserChanges } from './users.repository.ts';
import { securityLog, type SecurityLogger } from '../auth/security-log.ts';

const EMAIL_TAKEN = 'User already exists with this email';
const CHANGE_EMAIL_ELSEWHERE =
  'To change your email, use Change email in Settings: it asks for your current password';

export function createUsersService(db: Database, log: SecurityLogger) {
  return {
    async get(id: string): Promise<PublicUser> {
      const user = await findUserById(db, id);
      if (!user) throw new AppError('not_found', 'User not found');
      return user;
    },

    /** `within` runs in the same transaction (the upload's bookkeeping). */
    async setAvatar(
      id: string,
      url: string,
      within?: (tx: Transaction) => Promise<void>,
    ): Promise<PublicUser> {
      return db.transaction(async (tx) => {
        const user = await updateUser(tx, id, { avatarUrl: url });
        if (!user) throw new AppError('not_found', 'User not found');
        await within?.(tx);
        return user;
      });
    },

    /** Self or admin (the route checks); only an admin changes a role, and never their own. */
    async update(actor: PublicUser, id: string, input: UpdateUserInput): Promise<PublicUser> {
      if (Object.keys(input).length === 0) throw new AppError('bad_request', 'Nothing to update');
      if (input.role !== undefined && (actor.role !== 'admin' || actor.id === id)) {
        throw new AppError('forbidden', 'You cannot change your own role');
      }
      const changes: UserChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.email !== undefined) {
        // Only an admin changes another account's email here; the owner proves it is them with
        // the password and the new address (POST /api/auth/change-email).
        const target = await findUserById(db, id);
        if (!target) throw new AppError('not_found', 'User not found');
        if (input.email !== target.email) {
          if (actor.role !== 'admin' || actor.id === id)
            throw new AppError('bad_request', CHANGE_EMAIL_ELSEWHERE, {
              email: CHANGE_EMAIL_ELSEWHERE,
            });
          changes.email = input.email;
        }
      }
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.location !== undefined) changes.location = input.location || null;
      if (input.aaaMemberId !== undefined) changes.aaaMemberId = input.aaaMemberId || null;
      if (input.company !== undefined) changes.company = input.company || null;
      if (input.cdlNumber !== undefined) changes.cdlNumber = input.cdlNumber || null;
      if (input.vehicleInfo !== undefined) changes.vehicleInfo = input.vehicleInfo;
      if (input.role !== undefined) changes.role = input.role;
      Object.assign(changes, input.settings);
      try {
        const user = await updateUser(db, id, changes);
        if (!user) throw new AppError('not_found', 'User not found');
        if (changes.role)
          securityLog(log, 'user.role_changed', { userId: id, by: actor.id, role: changes.role });
        if (changes.email) securityLog(log, 'user.email_changed', { userId: id, by: actor.id });
        return user;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
        throw error;
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
