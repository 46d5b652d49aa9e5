import { AppError } from '../../../core/errors.ts';
import type { PublicUser, UpdateUserInput } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findUserById, updateUser, type UserChanges } from './users.repository.ts';

const EMAIL_TAKEN = 'User already exists with this email';

export function createUsersService(db: Database) {
  return {
    async get(id: string): Promise<PublicUser> {
      const user = await findUserById(db, id);
      if (!user) throw new AppError('not_found', 'User not found');
      return user;
    },

    async setAvatar(id: string, url: string): Promise<PublicUser> {
      const user = await updateUser(db, id, { avatarUrl: url });
      if (!user) throw new AppError('not_found', 'User not found');
      return user;
    },

    /** Self or admin (the route checks); only an admin changes a role, and never their own. */
    async update(actor: PublicUser, id: string, input: UpdateUserInput): Promise<PublicUser> {
      if (Object.keys(input).length === 0) throw new AppError('bad_request', 'Nothing to update');
      if (input.role !== undefined && (actor.role !== 'admin' || actor.id === id)) {
        throw new AppError('forbidden', 'You cannot change your own role');
      }
      const changes: UserChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.email !== undefined) changes.email = input.email;
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
