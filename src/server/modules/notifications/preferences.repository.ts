import { eq } from 'drizzle-orm';
import {
  categoriesFor,
  defaultCategoryChoices,
  DEFAULT_TIME_ZONE,
  quietUntil,
} from '../../../core/notification-preferences.ts';
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from '../../../core/notification-preferences-schemas.ts';
import type { Role } from '../../../core/users/roles.ts';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

export type StoredPreferences = typeof notificationPreferences.$inferSelect;

/** A user's saved choices, or the role's defaults when they never saved any. */
export function preferencesOf(role: Role, row: StoredPreferences | null | undefined) {
  return {
    channels: row?.channels ?? defaultCategoryChoices(role),
    quietHours: row?.quietHours ?? null,
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

export async function findPreferences(
  db: Executor,
  userId: string,
  role: Role,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { ...preferencesOf(role, row), categories: categoriesFor(role), defaults: !row };
}

export async function savePreferences(
  db: Executor,
  userId: string,
  input: NotificationPreferencesInput,
): Promise<void> {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

/** When the user's quiet hours around `now` end, or undefined outside them (texts wait for it). */
export async function quietHoursEnd(
  db: Executor,
  userId: string,
  now: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ? (quietUntil(now, row.quietHours, row.timeZone) ?? undefined) : undefined;
}
