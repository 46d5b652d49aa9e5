import { reminderTypeFor } from '#core/billing/reminders.ts';
import type { ReminderSettings } from '#core/billing/schemas.ts';
import { billingCalls } from '../shared/billing/billing-calls.ts';
import { sendReminderCheck, type ReminderCheckContext } from '../calendar-test/reminder-checks.ts';
import { expectStatus, expectThat, focusCheck } from '../shared/checks.ts';
import {
  anySubscription,
  earlierOr,
  paymentRun,
  plural,
  type SuiteCheck,
  type SuiteContext,
} from './context.ts';

const DAY_MS = 86_400_000;
/** The test reminder: due in 7 days, reminded 4 days before. */
const DUE_IN_DAYS = 7;
const DAYS_BEFORE = 4;

const daysFromNow = (days: number, from = Date.now()) => new Date(from + days * DAY_MS);

async function createReminder(
  context: SuiteContext,
  subscriptionId: string,
  due: Date,
  daysBefore: number,
) {
  return expectStatus(
    await context.mechanic.api.post('/payment-reminders', {
      body: {
        subscriptionId,
        dueDate: due.toISOString(),
        reminderDate: new Date(due.getTime() - daysBefore * DAY_MS).toISOString(),
      },
    }),
    201,
    200,
  );
}

async function createTestReminder(context: SuiteContext) {
  const subscriptionId = await anySubscription(context, context.state.calendar);
  const response = await createReminder(
    context,
    subscriptionId,
    daysFromNow(DUE_IN_DAYS),
    DAYS_BEFORE,
  );
  context.state.calendar.reminder = response.body;
  return response;
}

const ensureReminder = (context: SuiteContext) =>
  earlierOr(
    context.state.calendar.reminder,
    'Creating the test reminder',
    async () => (await createTestReminder(context)).body,
  );

/** The Payment Reminder Calendar page's run, with the reminder this group made. */
const reminderRun = async (context: SuiteContext): Promise<ReminderCheckContext> => {
  const reminder = await ensureReminder(context);
  const { account, gateway } = await paymentRun(context);
  return { account, gateway, reminder };
};

const mechanicCalls = (context: SuiteContext) => billingCalls(context.mechanic.api);

export const calendarChecks: readonly SuiteCheck[] = [
  {
    id: 'calendar-settings',
    name: 'Reminder settings: read, save, read back (GET/PUT)',
    async run(context) {
      const calls = mechanicCalls(context);
      const userId = context.mechanic.user.id;
      const before = expectStatus(await calls.settings(userId), 200);
      expectThat(
        typeof before.body?.emailEnabled === 'boolean' && Array.isArray(before.body.daysBefore),
        'Settings are missing fields',
        before,
      );
      const wanted: ReminderSettings = {
        emailEnabled: true,
        smsEnabled: !before.body.smsEnabled,
        pushEnabled: true,
        daysBefore: [10, 4, 1],
      };
      expectStatus(await calls.saveSettings(userId, wanted), 200);
      const response = expectStatus(await calls.settings(userId), 200);
      const s = response.body;
      const same =
        s.emailEnabled === wanted.emailEnabled &&
        s.smsEnabled === wanted.smsEnabled &&
        s.pushEnabled === wanted.pushEnabled &&
        [...s.daysBefore].sort((x, y) => y - x).join() === wanted.daysBefore.join();
      expectThat(same, `Read back ${JSON.stringify(s)}`, response);
      const on = (['email', 'sms', 'push'] as const).filter((c) => s[`${c}Enabled`]);
      return {
        detail: `Saved and read back: ${on.join(', ')} on; days before ${s.daysBefore.join(', ')}`,
        response,
      };
    },
  },
  {
    id: 'calendar-reminder-create',
    name: `Create a reminder: due in ${DUE_IN_DAYS} days, ${DAYS_BEFORE} days before`,
    async run(context) {
      const response = await createTestReminder(context);
      const reminder = response.body;
      expectThat(
        reminder.daysBefore === DAYS_BEFORE,
        `Days before: ${reminder.daysBefore}`,
        response,
      );
      expectThat(
        reminder.reminderType === reminderTypeFor(DAYS_BEFORE),
        `Type ${reminder.reminderType}, expected ${reminderTypeFor(DAYS_BEFORE)}`,
        response,
      );
      return {
        detail: `${reminder.reminderType} reminder for $${reminder.amount.toFixed(2)} (${reminder.planType}), ${reminder.daysBefore} days before`,
        response,
      };
    },
  },
  {
    id: 'calendar-reminder-list',
    name: "List the mechanic's reminders",
    async run(context) {
      const { id } = await ensureReminder(context);
      const response = expectStatus(
        await mechanicCalls(context).reminders(context.mechanic.user.id),
        200,
      );
      const found = response.body.find((r) => r.id === id);
      expectThat(found, 'The new reminder is not listed', response);
      return {
        detail: `${plural(response.body.length, 'reminder')}; the new one ${found!.status}`,
        response,
      };
    },
  },
  focusCheck(sendReminderCheck, 'calendar-', reminderRun),
  {
    id: 'calendar-type-rule',
    name: 'Reminder type rule: email 7+ days, sms 3+, else push',
    async run(context) {
      const subscriptionId = await anySubscription(context, context.state.calendar);
      const due = daysFromNow(12);
      const outcomes: string[] = [];
      let last;
      for (const days of [7, 3, 1]) {
        last = await createReminder(context, subscriptionId, due, days);
        const expected = reminderTypeFor(days);
        expectThat(
          last.body.reminderType === expected,
          `${days} days before: ${last.body.reminderType}, expected ${expected}`,
          last,
        );
        outcomes.push(`${plural(days, 'day')} → ${last.body.reminderType}`);
      }
      return { detail: outcomes.join(', '), response: last };
    },
  },
];
