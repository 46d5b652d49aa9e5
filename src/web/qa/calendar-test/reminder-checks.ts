import { DEFAULT_REMINDER_DAYS } from '#core/billing/reminders.ts';
import type { PaymentReminder, Subscription } from '#core/billing/schemas.ts';
import { accountCalls, subscribeOrFail, type GatewayContext } from '../shared/billing/subscribe.ts';
import { expectStatus, expectThat, type Check } from '../shared/checks.ts';
import {
  remindersWithin,
  SCHEDULING_WINDOW_DAYS,
  schedulingProblem,
  TEST_REMINDER,
  testReminderDates,
} from './reminder-test.ts';

export interface ReminderCheckContext extends GatewayContext {
  plan?: Subscription;
  reminder?: PaymentReminder;
}

async function premiumPlan(context: ReminderCheckContext) {
  if (context.plan) return context.plan;
  const { plan } = await subscribeOrFail(
    context,
    'premium',
    'Reminders belong to a plan, and subscribing failed',
  );
  context.plan = plan;
  return plan;
}

async function postTestReminder(context: ReminderCheckContext) {
  const plan = await premiumPlan(context);
  const response = expectStatus(
    await accountCalls(context).createReminder({
      userId: context.account.user.id,
      subscriptionId: plan.id,
      ...testReminderDates(),
      amount: TEST_REMINDER.amount,
      planType: TEST_REMINDER.planType,
      customerName: context.account.user.name,
    }),
    201,
    200,
  );
  context.reminder = response.body;
  return response;
}

async function testReminder(context: ReminderCheckContext) {
  return context.reminder ?? (await postTestReminder(context)).body;
}

/** Sends the test reminder now: it is sent, with the time (the suite runs it too). */
export const sendReminderCheck: Check<ReminderCheckContext> = {
  id: 'send-reminder',
  name: 'Send the reminder now',
  async run(context) {
    const reminder = await testReminder(context);
    const response = expectStatus(await accountCalls(context).sendReminder(reminder.id), 200);
    expectThat(response.body.status === 'sent', `Status is ${response.body.status}`, response);
    expectThat(response.body.sentAt, 'No time of sending', response);
    return {
      detail: `Sent (${response.body.reminderType}) at ${response.body.sentAt} on the owner's channels (in-app, email, text)`,
      response,
    };
  },
};

export const reminderChecks: readonly Check<ReminderCheckContext>[] = [
  {
    id: 'subscribe-premium',
    name: `Subscribe a test mechanic to Premium ($${TEST_REMINDER.amount})`,
    async run(context) {
      const plan = await premiumPlan(context);
      expectThat(
        plan.price === TEST_REMINDER.amount,
        `Charged $${plan.price}, expected $${TEST_REMINDER.amount}`,
      );
      return {
        detail: `Premium active at $${plan.price}/month, renews ${plan.endDate?.slice(0, 10) ?? '—'}`,
      };
    },
  },
  {
    id: 'create-reminder',
    name: `Create a reminder due in ${TEST_REMINDER.dueInDays} days, ${TEST_REMINDER.daysBefore} days before`,
    async run(context) {
      const response = await postTestReminder(context);
      const reminder = response.body;
      expectThat(
        reminder.daysBefore === TEST_REMINDER.daysBefore,
        `Days before is ${reminder.daysBefore}, expected ${TEST_REMINDER.daysBefore}`,
        response,
      );
      expectThat(
        reminder.amount === TEST_REMINDER.amount && reminder.planType === TEST_REMINDER.planType,
        `Reminder is for ${reminder.planType} at $${reminder.amount}`,
        response,
      );
      return {
        detail: `${reminder.reminderType} reminder on ${reminder.reminderDate.slice(0, 10)} for $${reminder.amount} due ${reminder.dueDate.slice(0, 10)} (${reminder.status})`,
        response,
      };
    },
  },
  sendReminderCheck,
  {
    id: 'reminder-sent',
    name: 'The reminder shows as sent',
    async run(context) {
      const reminder = await testReminder(context);
      const response = expectStatus(
        await accountCalls(context).reminders(context.account.user.id),
        200,
      );
      const listed = response.body.find((r) => r.id === reminder.id);
      expectThat(listed, 'The reminder is not in the list', response);
      expectThat(listed!.status === 'sent', `It is ${listed!.status}, not sent`, response);
      return { detail: `Listed as sent (${response.body.length} reminders in all)`, response };
    },
  },
  {
    id: 'scheduling',
    name: `Scheduling looks ${SCHEDULING_WINDOW_DAYS} days ahead`,
    async run(context) {
      const plan = await premiumPlan(context);
      const reminder = await testReminder(context);
      const response = expectStatus(
        await accountCalls(context).reminders(context.account.user.id),
        200,
      );
      const ahead = remindersWithin(response.body);
      expectThat(
        ahead.some((r) => r.id === reminder.id),
        `The test reminder is not within the next ${SCHEDULING_WINDOW_DAYS} days`,
        response,
      );
      const problems = ahead.map(schedulingProblem).filter(Boolean);
      expectThat(problems.length === 0, problems.join('; '), response);
      const renewal = plan.endDate ? new Date(plan.endDate) : null;
      const renewalDays = renewal
        ? Math.round((renewal.getTime() - Date.now()) / 86_400_000)
        : null;
      const planned = response.body.filter((r) => r.dueDate === plan.endDate).length;
      return {
        detail: `${ahead.length} reminder(s) in the next ${SCHEDULING_WINDOW_DAYS} days, dates and types consistent. Renewal in ${renewalDays ?? '?'} days: the scheduler (every 5 minutes) plans ${DEFAULT_REMINDER_DAYS.join(', ')} days before it; ${planned} planned so far`,
        response,
      };
    },
  },
  {
    id: 'settings',
    name: 'Reminder settings default to email, sms, push on and 7, 3, 1 days',
    async run(context) {
      const response = expectStatus(
        await accountCalls(context).settings(context.account.user.id),
        200,
      );
      const s = response.body;
      expectThat(
        s.emailEnabled && s.smsEnabled && s.pushEnabled,
        'A channel is off on a new account',
        response,
      );
      expectThat(
        s.daysBefore.join(',') === DEFAULT_REMINDER_DAYS.join(','),
        `Days before are ${s.daysBefore.join(', ')}`,
        response,
      );
      return { detail: `email, sms, push on; ${s.daysBefore.join(', ')} days before`, response };
    },
  },
];
