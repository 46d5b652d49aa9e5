import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#core/users/schemas.ts';
import { useMe } from '#web/features/auth/index.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import type { TestMechanic } from '../shared/billing/use-test-mechanic.ts';
import { pageApi, type QaApi } from '../shared/qa-api.ts';

export const calendarKey = ['qa', 'calendar-test'] as const;

/** Whose reminders the page shows, and the session to act as. */
export interface ReminderSubject {
  kind: 'self' | 'test';
  userId: string;
  name: string;
  api: QaApi;
}

/**
 * The signed-in user when they are a mechanic with reminders; otherwise the page's test mechanic
 * once it exists (reminders belong to a mechanic's plan, so nobody else has any).
 */
export function useReminderSubject(mechanic: TestMechanic) {
  const me = useMe();
  const user: PublicUser | null | undefined = me.data;
  const isMechanic = user?.role === 'mechanic';
  const own = useQuery({
    queryKey: [...calendarKey, user?.id, 'reminders'],
    queryFn: () => billingCalls(pageApi).reminders(user!.id),
    enabled: isMechanic,
  });
  const ownHasReminders = Boolean(own.data?.ok && own.data.body.length > 0);
  const testAccount = mechanic.account;
  const subject: ReminderSubject | null =
    user && isMechanic && ownHasReminders
      ? { kind: 'self', userId: user.id, name: user.name, api: pageApi }
      : testAccount
        ? {
            kind: 'test',
            userId: testAccount.user.id,
            name: testAccount.user.name,
            api: testAccount.api,
          }
        : null;
  const reminders = useQuery({
    queryKey: [...calendarKey, subject?.userId, 'reminders'],
    queryFn: () => billingCalls(subject!.api).reminders(subject!.userId),
    enabled: Boolean(subject),
  });
  return {
    subject,
    reminders,
    /** Still finding out whether the signed-in user has reminders of their own. */
    deciding: me.isPending || (isMechanic && own.isPending),
    user,
  };
}
