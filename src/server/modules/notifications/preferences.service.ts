import type { NotificationPreferencesInput } from '../../../core/notification-preferences-schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { findPreferences, savePreferences } from './preferences.repository.ts';

/** Each user's own choices of how notifications reach them (docs/notifications.md). */
export function createPreferencesService(db: Database) {
  return {
    get: (user: PublicUser) => findPreferences(db, user.id, user.role),
    async save(user: PublicUser, input: NotificationPreferencesInput) {
      await savePreferences(db, user.id, input);
      return findPreferences(db, user.id, user.role);
    },
  };
}
