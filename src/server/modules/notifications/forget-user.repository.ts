import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/*
 * What this module forgets of an account its owner deletes, in the deletion's transaction
 * (docs/decisions/040-nothing-private-left-behind.md, 042-modules-own-their-tables.md).
 */

export const deleteNotificationsOf = (db: Executor, userId: string) =>
  db.delete(notifications).where(eq(notifications.userId, userId));
