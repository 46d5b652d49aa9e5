import { plans, type PlanType } from '../../../core/billing/plans.ts';
import { reminderTypeFor } from '../../../core/billing/reminders.ts';
import type {
  CreateReminderInput,
  PaymentReminder,
  ReminderSettings,
} from '../../../core/billing/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import type { Language } from '../../../core/i18n/languages.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { changedFields, isAdminActFor, recordAdminAct } from '../admin/index.ts';
import { serverText } from '../../i18n/index.ts';
import { queueDeliveries } from '../deliveries/index.ts';
import { quietHoursEnd } from '../notifications/index.ts';
import { notifyBilling } from './billing-notices.ts';
import * as billing from './billing.repository.ts';
import * as repo from './reminders.repository.ts';

const DAY_MS = 86_400_000;
/** Reminders are planned this far ahead of a renewal (the longest setting is 30 days). */
const PLAN_AHEAD_DAYS = 31;
/** A reminder whose day passed more than this long ago is not created late. */
const LATE_GRACE_MS = DAY_MS;

/** What the renewal charges: a waiting downgrade's plan and price, else the current ones. */
const renewingAs = (subscription: {
  planType: PlanType;
  scheduledPlanType: PlanType | null;
  price: number;
}) =>
  subscription.scheduledPlanType
    ? {
        planType: subscription.scheduledPlanType,
        amount: plans[subscription.scheduledPlanType].priceCents / 100,
      }
    : { planType: subscription.planType, amount: subscription.price };

/** The renewal day as the reminder says it: Nov 03, 2026 · 03 nov 2026. */
const dayFormat: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
};

export function createRemindersService(
  db: Database,
  events: EventBus,
  options: { testMode: () => boolean },
) {
  /**
   * Sends one reminder on the channels its owner left on: a notification in the app (pushed to
   * their devices), email, and a text for one of type sms.
   */
  async function deliver(
    tx: Executor,
    reminder: repo.ReminderRow,
    now: Date,
    language: Language | null,
  ) {
    const settings = await repo.findSettings(tx, reminder.userId);
    const plan = plans[reminder.planType].name;
    const { t, f } = serverText(language);
    const due = f.date(reminder.dueDate, dayFormat);
    const message = t('planRenews', { plan, due, amount: f.money(reminder.amount) });
    const note = options.testMode() ? t('testModeNote') : '';
    const days = Math.max(0, Math.ceil((reminder.dueDate.getTime() - now.getTime()) / DAY_MS));
    if (settings.pushEnabled)
      await notifyBilling(tx, events, reminder.userId, t('planRenewsIn', { plan, days }), message, {
        type: 'service_reminder',
        metadata: { kind: 'plan_reminder', reminderType: reminder.reminderType },
      });
    // Email and texts go through the delivery queue: to the confirmed address and phone only.
    // Each send is its own event: a test reminder sent again goes out again.
    const eventKey = `payment-reminder-${reminder.id}-${now.getTime()}`;
    await queueDeliveries(tx, [
      ...(settings.emailEnabled
        ? [
            {
              userId: reminder.userId,
              channel: 'email' as const,
              eventKey,
              payload: {
                subject: t('planRenewsSubject', { plan, due }),
                text: t('planRenewsEmail', { message, note }),
              },
            },
          ]
        : []),
      ...(settings.smsEnabled && reminder.reminderType === 'sms'
        ? [
            {
              userId: reminder.userId,
              channel: 'sms' as const,
              eventKey,
              payload: {
                text: t('planRenewsText', { message, note }),
                url: '/profile?tab=subscription',
              },
              notBefore: await quietHoursEnd(tx, reminder.userId, now),
            },
          ]
        : []),
    ]);
    return repo.markSent(tx, reminder.id, new Date());
  }

  async function owned(user: PublicUser, id: string) {
    const row = await repo.findReminder(db, id);
    if (!row || (row.userId !== user.id && user.role !== 'admin'))
      throw new AppError('not_found', 'Reminder not found');
    return row;
  }

  return {
    list: (userId: string): Promise<PaymentReminder[]> => repo.listReminders(db, userId),
    settings: (userId: string) => repo.findSettings(db, userId),

    async saveSettings(actor: PublicUser, userId: string, settings: ReminderSettings) {
      if (!(await billing.findUser(db, userId))) throw new AppError('not_found', 'User not found');
      const days = [...settings.daysBefore].sort((a, b) => b - a);
      return db.transaction(async (tx) => {
        const before = await repo.findSettings(tx, userId);
        await repo.saveSettings(tx, userId, { ...settings, daysBefore: days });
        const after = await repo.findSettings(tx, userId);
        if (isAdminActFor(actor, userId)) {
          const fields = changedFields(before, after, Object.keys(after));
          await recordAdminAct(tx, {
            actor,
            action: 'reminder.settings',
            targetType: 'user',
            targetId: userId,
            before: Object.fromEntries(fields.map((f) => [f, before[f as keyof typeof before]])),
            after: Object.fromEntries(fields.map((f) => [f, after[f as keyof typeof after]])),
          });
        }
        return after;
      });
    },

    /** A reminder for one of the caller's subscriptions; amount, plan and name come from it. */
    async create(user: PublicUser, input: CreateReminderInput) {
      if (input.userId && input.userId !== user.id && user.role !== 'admin')
        throw new AppError('forbidden', 'You can only create your own reminders');
      const subscription = await billing.findSubscription(db, input.subscriptionId);
      if (!subscription || (subscription.userId !== user.id && user.role !== 'admin'))
        throw new AppError('not_found', 'Subscription not found');
      const dueDate = new Date(input.dueDate);
      const reminderDate = new Date(input.reminderDate);
      if (reminderDate > dueDate) {
        const message = 'The reminder date must be on or before the due date';
        throw new AppError('bad_request', message, { reminderDate: message });
      }
      const daysBefore = Math.round((dueDate.getTime() - reminderDate.getTime()) / DAY_MS);
      const owner = await billing.findUser(db, subscription.userId);
      const key = { subscriptionId: subscription.id, dueDate, daysBefore };
      return db.transaction(async (tx) => {
        const [created] = await repo.insertReminders(tx, [
          {
            ...key,
            userId: subscription.userId,
            reminderDate,
            reminderType: input.reminderType ?? reminderTypeFor(daysBefore),
            ...renewingAs(subscription),
            customerName: owner?.name ?? '',
          },
        ]);
        const row = created ?? (await repo.findReminderByKey(tx, key))!;
        if (created && isAdminActFor(user, subscription.userId))
          await recordAdminAct(tx, {
            actor: user,
            action: 'reminder.create',
            targetType: 'reminder',
            targetId: row.id,
            before: null,
            after: { dueDate: row.dueDate, reminderDate: row.reminderDate, type: row.reminderType },
          });
        return { created: Boolean(created), reminder: repo.toReminder(row) };
      });
    },

    /** Sends it now (again if it was sent already): what the calendar's "Send Test Reminder" does. */
    async send(user: PublicUser, id: string): Promise<PaymentReminder> {
      const row = await owned(user, id);
      const contact = await repo.findContact(db, row.userId);
      if (!contact) throw new AppError('not_found', 'Reminder not found');
      return repo.toReminder(
        await db.transaction(async (tx) => {
          const sent = await deliver(tx, row, new Date(), contact.language);
          if (isAdminActFor(user, row.userId))
            await recordAdminAct(tx, {
              actor: user,
              action: 'reminder.send',
              targetType: 'reminder',
              targetId: row.id,
              before: { sentAt: row.sentAt },
              after: { sentAt: sent.sentAt },
            });
          return sent;
        }),
      );
    },

    /**
     * The scheduled job: drops the pending reminders no renewal follows any more (or that quote
     * another plan), plans those of renewals in the next month (each once, by the unique key), then
     * sends the due ones, each once even with several runners (rows claimed with SKIP LOCKED and
     * marked sent in the same transaction).
     */
    async run(now = new Date()) {
      const renewals = await repo.renewalsBefore(
        db,
        now,
        new Date(now.getTime() + PLAN_AHEAD_DAYS * DAY_MS),
      );
      const planned = renewals.flatMap(({ subscription, name, daysBefore }) =>
        (daysBefore ?? repo.defaultSettings.daysBefore).flatMap((days) => {
          const dueDate = subscription.endDate!;
          const reminderDate = new Date(dueDate.getTime() - days * DAY_MS);
          if (reminderDate.getTime() < now.getTime() - LATE_GRACE_MS) return [];
          return [
            {
              userId: subscription.userId,
              subscriptionId: subscription.id,
              dueDate,
              reminderDate,
              reminderType: reminderTypeFor(days),
              ...renewingAs(subscription),
              customerName: name,
              daysBefore: days,
            },
          ];
        }),
      );
      await repo.dropStaleReminders(db);
      await repo.insertReminders(db, planned);
      let sent = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const due = await repo.claimDueReminders(tx, now, 20);
          for (const { reminder, language } of due) await deliver(tx, reminder, now, language);
          return due.length;
        });
        sent += batch;
        if (batch < 20) break;
      }
      return { planned: planned.length, sent };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
