import type { Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { insertNotifications } from '../notifications/index.ts';

/** Tells a user about their billing (stored, pushed live, emailed if they asked for email). */
export async function notifyBilling(
  exec: Executor,
  events: EventBus,
  userId: string,
  title: string,
  message: string,
  type: 'account_update' | 'service_reminder' = 'account_update',
) {
  const [notification] = await insertNotifications(exec, [{ userId, type, title, message }]);
  await events.publish(exec, { userIds: [userId] }, { type: 'notification', data: notification! });
}
