import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../core/admin/audit-actions.ts';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { cards, saveCard, subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { multipartFile } from '../../test/multipart.ts';
import { tinyPng } from '../../test/png.ts';
import { newAdminProvider } from '../../test/providers.ts';
import { createTestApp, newAccount, signUp } from '../../test/test-app.ts';
import { insertCompletedJob, payByCard, setUpPayouts } from '../../test/payouts.ts';
import { ledgerDiscrepancies } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: unknown, headers = {}) =>
  t.api({
    method,
    url,
    headers: { cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown, headers = {}) =>
  call(cast.admin.cookie, method, url, payload, headers);

interface Entry {
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
const auditOf = async (action: AuditAction) =>
  (await asAdmin('GET', `/api/admin/audit?action=${action}&pageSize=100`)).json() as {
    entries: Entry[];
    total: number;
  };

const outbox = async (to: string) =>
  (await asAdmin('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}`)).json() as {
    subject: string;
    text: string;
  }[];

async function book(status?: string) {
  const booked = await call(cast.driver.cookie, 'POST', '/api/bookings', {
    providerId: cast.mechanic.providerId,
    serviceType: 'Brake Repair',
    preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().id as string;
  if (status) await asAdmin('PATCH', `/api/admin/bookings/${id}`, { status });
  return id;
}

describe('every admin act leaves a trace', () => {
  it('promoting a user to admin leaves an audit row (the changed field before and after)', async () => {
    const someone = await signUp(t.app);
    const promoted = await asAdmin('PATCH', `/api/users/${someone.user.id}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const [entry] = (await auditOf('user.update')).entries.filter(
      (e) => e.targetId === someone.user.id,
    );
    expect(entry).toMatchObject({
      targetType: 'user',
      before: { role: 'driver' },
      after: { role: 'admin' },
    });
    expect(Object.keys(entry!.after!)).toEqual(['role']);
  });

  it("an admin's email change: the old address is told, the new one must confirm first", async () => {
    const owner = await signUp(t.app);
    const newEmail = newAccount().email;
    const asked = await asAdmin('PATCH', `/api/users/${owner.user.id}`, { email: newEmail });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().email).toBe(owner.account.email);
    const me = await call(owner.cookie, 'GET', '/api/auth/me');
    expect(me.json().email).toBe(owner.account.email);
    expect((await outbox(owner.account.email)).map((m) => m.subject)).toContain(
      'Your Truck Finder email is about to change',
    );
    const [link] = await outbox(newEmail);
    const token = /confirm-email\?token=([\w-]+)/.exec(link!.text)?.[1];
    expect(token).toBeDefined();
    expect((await auditOf('user.email_change')).entries[0]).toMatchObject({
      targetId: owner.user.id,
      before: { email: owner.account.email },
      after: { requestedEmail: newEmail },
    });
    const confirmed = await t.api({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(owner.cookie, 'GET', '/api/auth/me')).json().email).toBe(newEmail);
  });

  it('bulk reads of personal data leave a row: the outbox and each CSV export', async () => {
    const before = (await auditOf('outbox.read')).total;
    await asAdmin('GET', '/api/admin/outbox?to=someone%40example.com');
    const reads = await auditOf('outbox.read');
    // The audit read above counted too: one row per read.
    expect(reads.total).toBeGreaterThanOrEqual(before + 1);
    expect(reads.entries[0]).toMatchObject({
      targetType: 'outbox',
      targetId: null,
      after: { outbox: true },
    });
    const day = new Date().toISOString().slice(0, 10);
    for (const kind of ['bookings', 'payments']) {
      const csv = await asAdmin('GET', `/api/admin/export/${kind}.csv?from=${day}&to=${day}`);
      expect(csv.statusCode).toBe(200);
      expect((await auditOf('export.read')).entries[0]).toMatchObject({
        targetType: 'export',
        after: { export: kind, from: day, to: day },
      });
    }
  });

  it('keeps secrets out of before and after', async () => {
    const rows = (await asAdmin('GET', '/api/admin/audit?pageSize=100')).body;
    expect(rows).not.toMatch(/password|hash|token/i);
  });
});

/**
 * Every write route of the API: either an admin may act with it on someone else's data, and the
 * request below (as the admin) must leave a row of the named action, or it acts only on the
 * caller's own account or is refused to admins, and the reason says so. A new write route fails
 * this test until it is put in one of the two lists.
 */
describe('the admin route table', () => {
  const f = {} as {
    spareId: string;
    subscriptionId: string;
    pastDueId: string;
    reminderId: string;
    disputedPaymentId: string;
  };

  beforeAll(async () => {
    f.spareId = (await signUp(t.app)).user.id;
    f.subscriptionId = (await subscribe(t, cast.mechanic.cookie, 'basic')).subscriptionId;
    // The other mechanic's plan goes past due: its renewal card declines.
    const late = await subscribe(t, cast.otherMechanic.cookie, 'basic');
    f.pastDueId = late.subscriptionId;
    const { cards: saved } = await saveCard(t, cast.otherMechanic.cookie, cards.declinesLater);
    const failing = saved.find((c) => c.last4 === '0341')!;
    await call(cast.otherMechanic.cookie, 'POST', `/api/payment-methods/${failing.id}/default`);
    const plan = (
      await call(
        cast.otherMechanic.cookie,
        'GET',
        `/api/subscription/${cast.otherMechanic.user.id}`,
      )
    ).json();
    await t.app.billing.renewals(new Date(Date.parse(plan.endDate) + 60_000));
    const reminder = await call(cast.mechanic.cookie, 'POST', '/api/payment-reminders', {
      subscriptionId: f.subscriptionId,
      dueDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      reminderDate: new Date(Date.now() + 13 * 86_400_000).toISOString(),
    });
    f.reminderId = reminder.json().id;
    const cashJob = await book('completed');
    const paid = await call(cast.driver.cookie, 'POST', '/api/payments', {
      bookingId: cashJob,
      paymentMethod: 'cash',
    });
    f.disputedPaymentId = paid.json().payment.id;
    await call(cast.mechanic.cookie, 'POST', `/api/payments/${f.disputedPaymentId}/dispute-cash`, {
      reason: 'Never handed over',
    });
  });

  const upload = (field: string) => {
    const form = multipartFile(tinyPng(), { field });
    return [form.payload, form.headers] as const;
  };
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  /** Admin writes on others' data: the request, and the action its audit row must carry. */
  const ADMIN_WRITES: Record<
    string,
    { action: AuditAction; send: () => Promise<{ statusCode: number; body: string }> }
  > = {
    'PATCH /api/users/:id': {
      action: 'user.update',
      send: () => asAdmin('PATCH', `/api/users/${f.spareId}`, { name: 'Renamed By Admin' }),
    },
    'POST /api/users/:id/avatar': {
      action: 'user.update',
      send: () => asAdmin('POST', `/api/users/${f.spareId}/avatar`, ...upload('avatar')),
    },
    'PUT /api/providers/:id/status': {
      action: 'provider.status',
      send: () =>
        asAdmin('PUT', `/api/providers/${cast.mechanic.providerId}/status`, { status: 'busy' }),
    },
    'PATCH /api/service-providers/:id': {
      action: 'provider.update',
      send: () =>
        asAdmin('PATCH', `/api/service-providers/${cast.mechanic.providerId}`, {
          description: 'Edited by an admin',
        }),
    },
    'POST /api/service-providers/:id/photo': {
      action: 'provider.update',
      send: () =>
        asAdmin(
          'POST',
          `/api/service-providers/${cast.mechanic.providerId}/photo`,
          ...upload('photo'),
        ),
    },
    'PATCH /api/bookings/:id': {
      action: 'booking.status',
      send: async () => asAdmin('PATCH', `/api/bookings/${await book()}`, { status: 'cancelled' }),
    },
    'DELETE /api/bookings/:id/share-links/:linkId': {
      action: 'share_link.revoke',
      send: async () => {
        const job = await book('in_progress');
        const link = await call(cast.driver.cookie, 'POST', `/api/bookings/${job}/share-links`);
        return asAdmin('DELETE', `/api/bookings/${job}/share-links/${link.json().id}`);
      },
    },
    'DELETE /api/bookings/:id/share-links': {
      action: 'share_link.revoke',
      send: async () => {
        const job = await book('in_progress');
        await call(cast.driver.cookie, 'POST', `/api/bookings/${job}/share-links`);
        await call(cast.mechanic.cookie, 'POST', `/api/bookings/${job}/share-links`);
        return asAdmin('DELETE', `/api/bookings/${job}/share-links`);
      },
    },
    'POST /api/help-requests/:id/cancel': {
      action: 'help_request.cancel',
      send: async () => {
        const asked = await call(cast.driver.cookie, 'POST', '/api/help-requests', {
          serviceType: 'Brake Repair',
          latitude: 32.7767,
          longitude: -96.797,
          providerIds: [cast.otherMechanic.providerId],
        });
        return asAdmin('POST', `/api/help-requests/${asked.json().id}/cancel`);
      },
    },
    'POST /api/cancel-subscription': {
      action: 'subscription.update',
      send: () => asAdmin('POST', '/api/cancel-subscription', { subscriptionId: f.subscriptionId }),
    },
    'PATCH /api/subscriptions/:id': {
      action: 'subscription.update',
      send: () => asAdmin('PATCH', `/api/subscriptions/${f.subscriptionId}`, { status: 'active' }),
    },
    // The past-due plan's card declines again (402), and the charge is still on the record.
    'POST /api/payments': {
      action: 'subscription.pay',
      send: () =>
        asAdmin('POST', '/api/payments', { subscriptionId: f.pastDueId, paymentMethod: 'card' }),
    },
    'POST /api/payment-reminders': {
      action: 'reminder.create',
      send: () =>
        asAdmin('POST', '/api/payment-reminders', {
          userId: cast.mechanic.user.id,
          subscriptionId: f.subscriptionId,
          dueDate: inDays(25),
          reminderDate: inDays(20),
        }),
    },
    'POST /api/payment-reminders/:id/send': {
      action: 'reminder.send',
      send: () => asAdmin('POST', `/api/payment-reminders/${f.reminderId}/send`),
    },
    'PUT /api/reminder-settings/:userId': {
      action: 'reminder.settings',
      send: () =>
        asAdmin('PUT', `/api/reminder-settings/${cast.mechanic.user.id}`, {
          emailEnabled: true,
          smsEnabled: false,
          pushEnabled: true,
          daysBefore: [7, 1],
        }),
    },
    'POST /api/admin/users/:id/suspend': {
      action: 'user.suspend',
      send: () => asAdmin('POST', `/api/admin/users/${f.spareId}/suspend`, { reason: 'Checking' }),
    },
    'POST /api/admin/users/:id/reactivate': {
      action: 'user.reactivate',
      send: () => asAdmin('POST', `/api/admin/users/${f.spareId}/reactivate`, { reason: 'Done' }),
    },
    'POST /api/admin/providers': {
      action: 'provider.create',
      send: () => asAdmin('POST', '/api/admin/providers', newAdminProvider()),
    },
    'PATCH /api/admin/providers/:id': {
      action: 'provider.status',
      send: () =>
        asAdmin('PATCH', `/api/admin/providers/${cast.mechanic.providerId}`, {
          status: 'available',
        }),
    },
    'PATCH /api/admin/bookings/:id': {
      action: 'booking.status',
      send: async () =>
        asAdmin('PATCH', `/api/admin/bookings/${await book()}`, {
          status: 'confirmed',
          reason: 'Checking',
        }),
    },
    'POST /api/admin/payments/:id/resolve': {
      action: 'payment.resolve',
      send: () =>
        asAdmin('POST', `/api/admin/payments/${f.disputedPaymentId}/resolve`, {
          outcome: 'paid',
          reason: 'Deposit slip seen',
        }),
    },
    'POST /api/payments/:id/refund': {
      action: 'payment.refund',
      send: async () => {
        await setUpPayouts(t, cast.mechanic.cookie);
        const payer = await signUp(t.app);
        const job = await insertCompletedJob(t, {
          driverId: payer.user.id,
          providerId: cast.mechanic.providerId,
        });
        const paid = await payByCard(t, payer.cookie, job, { saveCard: cards.visa });
        return asAdmin('POST', `/api/payments/${paid.json().payment.id}/refund`, {
          reason: 'Goodwill refund',
        });
      },
    },
    'PUT /api/admin/providers/:id/account-manager': {
      action: 'provider.update',
      send: () =>
        asAdmin('PUT', `/api/admin/providers/${cast.mechanic.providerId}/account-manager`, {
          adminId: null,
        }),
    },
    'POST /api/admin/support-requests/:id/replies': {
      action: 'support.reply',
      send: async () => {
        const asked = await call(cast.mechanic.cookie, 'POST', '/api/support-requests', {
          subject: 'Payout question',
          message: 'When does my first payout arrive?',
        });
        const { id } = JSON.parse(asked.body) as { id: string };
        return asAdmin('POST', `/api/admin/support-requests/${id}/replies`, {
          message: 'Two business days after the job is paid.',
        });
      },
    },
    'POST /api/admin/ledger/discrepancies/:id/resolve': {
      action: 'ledger.resolve',
      send: async () => {
        const [difference] = await t.app.database.db
          .insert(ledgerDiscrepancies)
          .values({ gatewayRef: 'pi_audit', field: 'charged', ledgerCents: 1, gatewayCents: 2 })
          .returning();
        return asAdmin('POST', `/api/admin/ledger/discrepancies/${difference!.id}/resolve`, {
          note: 'Checked with the gateway',
        });
      },
    },
  };

  /** Writes that never act on another account's data as an admin, and why. */
  const NOT_ADMIN_ACTS: Record<string, string> = {
    'POST /api/auth/register': "the caller's own new account",
    'POST /api/auth/login': "the caller's own session",
    'POST /api/auth/logout': "the caller's own session",
    'POST /api/auth/forgot-password': 'a reset link to the account named, never an account change',
    'POST /api/auth/reset-password': 'the reset token is the credential; its owner acts',
    'POST /api/auth/change-password': "the caller's own password",
    'POST /api/auth/change-email': "the caller's own email",
    'POST /api/auth/confirm-email': 'the link is the credential; its owner acts',
    'POST /api/auth/sign-out-everywhere': "the caller's own sessions",
    'POST /api/auth/mfa/totp/setup': "the caller's own second factor",
    'POST /api/auth/mfa/totp/enable': "the caller's own second factor",
    'DELETE /api/auth/mfa/totp': "the caller's own second factor",
    'POST /api/auth/mfa/verify': "the caller's own sign-in",
    'POST /api/auth/step-up': "the caller's own session",
    'DELETE /api/users/me': "the caller's own account",
    'POST /api/users/me/contacts/email/confirmation': "a link to the caller's own email",
    'POST /api/contacts/email/confirm': 'the link is the credential; its owner acts',
    'POST /api/users/me/contacts/phone/code': "a code to the caller's own phone",
    'POST /api/users/me/contacts/phone/confirm': "the caller's own phone",
    'POST /api/provider-applications': 'a new applicant signs up',
    'POST /api/service-providers':
      'mechanics only (an admin adds one with POST /api/admin/providers)',
    'POST /api/bookings': 'drivers only',
    'PUT /api/bookings/:id/position': "the job's provider only",
    'POST /api/bookings/:id/share-links': "the job's driver or provider only (an admin gets 403)",
    'POST /api/help-requests': 'drivers only',
    'POST /api/help-requests/:id/accept': 'providers asked only',
    'POST /api/help-requests/:id/decline': 'providers asked only',
    'POST /api/reviews': "the job's driver only",
    'POST /api/create-subscription': 'mechanics only, for themselves',
    'POST /api/subscriptions': 'mechanics only, for themselves',
    'POST /api/payments/:id/confirm-cash': "the job's provider only (an admin gets 403)",
    'POST /api/payments/:id/dispute-cash': "the job's provider only (an admin gets 403)",
    'POST /api/payment-methods/setup-intent': "the caller's own cards",
    'POST /api/payment-methods/:id/default': "the caller's own cards",
    'DELETE /api/payment-methods/:id': "the caller's own cards",
    'POST /api/test-gateway/confirm': "the caller's own client secrets",
    'POST /api/test-gateway/authenticate': "the caller's own client secrets",
    'POST /api/test-gateway/accounts/:id/onboard': "the caller's own test payout account",
    'POST /api/test-gateway/clock':
      "the test gateway's own clock (a simulation; the product's changes come by webhook)",
    'POST /api/test-gateway/disputes/:id/close':
      'a test card network deciding a test dispute (a simulation; the product hears it by webhook)',
    'POST /api/payouts/account': 'the business owner only (an admin gets 403)',
    'PUT /api/payouts/schedule': 'the business owner only (an admin gets 403)',
    'POST /api/payments/stripe-webhook': 'the gateway, by signature',
    'POST /api/sms/inbound': 'Twilio, by signature',
    'POST /api/stripe/webhook-test': "a test event about the caller's own account",
    'PATCH /api/notifications/:id': "the caller's own notifications",
    'POST /api/notifications/read-all': "the caller's own notifications",
    'DELETE /api/notifications/:id': "the caller's own notifications",
    'POST /api/push/subscriptions': "the caller's own device",
    'DELETE /api/push/subscriptions': "the caller's own device",
    'PUT /api/notification-preferences': "the caller's own choices",
    'POST /api/support-requests': 'a business (owner or member) only (an admin gets 403)',
    'POST /api/team/invites': "a business's owner only (an admin gets 403)",
    'DELETE /api/team/invites/:id': "a business's owner only (an admin gets 403)",
    'POST /api/team/invites/accept': 'the link is the credential; the invitee signs up',
    'DELETE /api/team/members/:userId': "a business's owner only (an admin gets 403)",
    'POST /api/api-tokens': "a business's owner only (an admin gets 403)",
    'DELETE /api/api-tokens/:id': "a business's owner only (an admin gets 403)",
    'POST /api/webhooks': "a business's owner only (an admin gets 403)",
    'PATCH /api/webhooks/:id': "a business's owner only (an admin gets 403)",
    'DELETE /api/webhooks/:id': "a business's owner only (an admin gets 403)",
    'POST /api/webhooks/:id/test': "a business's owner only (an admin gets 403)",
    'POST /api/webhooks/:id/deliveries/:deliveryId/resend':
      "a business's owner only (an admin gets 403)",
    'POST /api/webhooks/:id/rotate-secret': "a business's owner only (an admin gets 403)",
  };

  it('lists every write route once: an admin act with its audit row, or not an admin act', () => {
    const writes = t.app.apiRoutes
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const listed = [...Object.keys(ADMIN_WRITES), ...Object.keys(NOT_ADMIN_ACTS)].sort();
    expect(listed).toEqual(writes);
  });

  for (const [route, { action, send }] of Object.entries(ADMIN_WRITES))
    it(`${route} as an admin leaves a ${action} row`, async () => {
      const before = (await auditOf(action)).total;
      const answer = await send();
      expect(answer.statusCode, answer.body).toBeLessThan(
        route === 'POST /api/payments' ? 403 : 300,
      );
      expect((await auditOf(action)).total, `${route} left no ${action} row`).toBe(before + 1);
    });
});
