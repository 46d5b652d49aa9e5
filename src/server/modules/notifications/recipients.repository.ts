import { eq, inArray } from 'drizzle-orm';
import type { Language } from '../../../core/i18n/languages.ts';
import type { Role } from '../../../core/users/roles.ts';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, serviceProviders, users } from '../../db/schema/index.ts';
import { usersWithDevices } from '../push/index.ts';
import { preferencesOf } from './preferences.repository.ts';

/** What the fan-out needs to know about one recipient (docs/notifications.md). */
export interface Recipient {
  id: string;
  role: Role;
  /** The account's language; none chosen: English (the browser's is not known here). */
  language: Language | null;
  /** The Settings switches: Email Updates, and Push Notifications (pop-ups and devices). */
  emailUpdates: boolean;
  pushNotifications: boolean;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  hasDevice: boolean;
  /** Owns a business whose status is "available": urgent job requests reach it in quiet hours. */
  available: boolean;
  preferences: ReturnType<typeof preferencesOf>;
}

/** Everything about the recipients in two queries, whatever their number. */
export async function recipientsOf(
  db: Executor,
  userIds: string[],
): Promise<Map<string, Recipient>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [rows, withDevices] = await Promise.all([
    db
      .select({
        id: users.id,
        role: users.role,
        language: users.language,
        emailUpdates: users.emailUpdates,
        pushNotifications: users.pushNotifications,
        emailVerifiedAt: users.emailVerifiedAt,
        phoneVerifiedAt: users.phoneVerifiedAt,
        providerStatus: serviceProviders.status,
        preferences: notificationPreferences,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .leftJoin(serviceProviders, eq(serviceProviders.userId, users.id))
      .where(inArray(users.id, ids)),
    usersWithDevices(db, ids),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        role: row.role,
        language: row.language,
        emailUpdates: row.emailUpdates,
        pushNotifications: row.pushNotifications,
        emailConfirmed: row.emailVerifiedAt !== null,
        phoneConfirmed: row.phoneVerifiedAt !== null,
        hasDevice: withDevices.has(row.id),
        available: row.providerStatus === 'available',
        preferences: preferencesOf(row.role, row.preferences),
      },
    ]),
  );
}
