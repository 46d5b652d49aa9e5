import { AppError } from '../../../core/errors.ts';
import type { Notification } from '../../../core/notifications.ts';
import type { Database } from '../../db/client.ts';
import * as repo from './notifications.repository.ts';

const NOT_FOUND = 'Notification not found';

/** Each user's own notifications only: another user's id is not found. */
export function createNotificationsService(db: Database) {
  return {
    list: (userId: string): Promise<Notification[]> => repo.listNotifications(db, userId),

    async markRead(userId: string, id: string): Promise<Notification> {
      const updated = await repo.markRead(db, userId, id);
      if (!updated) throw new AppError('not_found', NOT_FOUND);
      return updated;
    },

    markAllRead: (userId: string): Promise<number> => repo.markAllRead(db, userId),

    async dismiss(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteNotification(db, userId, id)))
        throw new AppError('not_found', NOT_FOUND);
    },
  };
}
