import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import type { AdminSupportRequest, SupportRequest } from '../../../core/support/schemas.ts';
import { subscribe } from '../../test/billing.ts';
import { createCast, type Cast, type TestAdmin } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { enrolTotp, signInWithCode } from '../../test/second-factor.ts';
import { setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp, promoteToAdmin, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
let enterprise: TestTeam;
let otherAdmin: TestAdmin;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  enterprise = await setUpTeam(t, 'enterprise');
  const signedUp = await signUp(t.app, { name: 'Morgan Manager' });
  await promoteToAdmin(t.app, signedUp.user.id);
  const totp = await enrolTotp(t.app, signedUp);
  const withTotp = { ...signedUp, totpSecret: totp.secret, recoveryCodes: totp.recoveryCodes };
  otherAdmin = { ...withTotp, cookie: await signInWithCode(t.app, withTotp) };
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
  t.api({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let sent = 0;
const body = (extra: Record<string, unknown> = {}) => {
  sent += 1;
  return {
    subject: `Question ${sent}`,
    message: `We need help with our invoice number ${sent}.`,
    ...extra,
  };
};

async function send(cookie: string, extra: Record<string, unknown> = {}) {
  const response = await call(cookie, 'POST', '/api/support-requests', body(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as SupportRequest;
}

const queue = async (cookie: string, status = 'open') => {
  const response = await call(cookie, 'GET', `/api/admin/support-requests?status=${status}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminSupportRequest[];
};

/** A business whose owner pays `plan` (or none). */
async function business(plan: 'basic' | 'premium' | 'enterprise' | null) {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, owner.user.id);
  if (plan) await subscribe(t, owner.cookie, plan);
  return { ...owner, providerId: provider.id };
}

describe('POST /api/support-requests', () => {
  it('the owner, a dispatcher and a technician write; the request is open with no replies', async () => {
    for (const cookie of [
      enterprise.owner.cookie,
      enterprise.dispatcher.cookie,
      enterprise.technician.cookie,
    ]) {
      const created = await send(cookie);
      expect(created).toMatchObject({ status: 'open', replies: [], bookingId: null });
    }
  });

  it('refuses drivers and admins (403) and the signed out (401)', async () => {
    expect(
      (await call(cast.driver.cookie, 'POST', '/api/support-requests', body())).statusCode,
    ).toBe(403);
    expect(
      (await call(cast.admin.cookie, 'POST', '/api/support-requests', body())).statusCode,
    ).toBe(403);
    const anonymous = await t.api({
      method: 'POST',
      url: '/api/support-requests',
      payload: body(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ subject: 'Hi', message: 'A long enough message.' }, 'Subject must be at least 3 characters'],
    [{ subject: 'x'.repeat(121), message: 'A long enough message.' }, 'at most 120'],
    [{ subject: 'Invoice', message: 'Too short' }, 'Message must be at least 10 characters'],
    [{ subject: 'Invoice', message: 'x'.repeat(4001) }, 'at most 4000'],
    [{ subject: '<b>Invoice</b>', message: 'A long enough message.' }, 'cannot contain'],
    [{ subject: 'Invoice', message: 'Click <a href="x">here</a> please' }, 'cannot contain'],
    [{ message: 'A long enough message.' }, 'Subject is required'],
    [{ subject: 'Invoice' }, 'Message is required'],
    [{ subject: 'Invoice', message: 'A long enough message.', bookingId: 'nope' }, 'Booking'],
    [{ subject: 'Invoice', message: 'A long enough message.', extra: 1 }, ''],
    [{ subject: 12, message: 'A long enough message.' }, ''],
  ])('answers 400 (%#)', async (payload, text) => {
    const response = await call(cast.mechanic.cookie, 'POST', '/api/support-requests', payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(text);
  });

  it("takes a booking of the caller's business, refuses another business's (400)", async () => {
    const booked = await call(cast.driver.cookie, 'POST', '/api/bookings', {
      providerId: cast.mechanic.providerId,
      serviceType: 'Brake Repair',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().id as string;
    const created = await send(cast.mechanic.cookie, { bookingId });
    expect(created.bookingId).toBe(bookingId);
    const refused = await call(
      cast.otherMechanic.cookie,
      'POST',
      '/api/support-requests',
      body({ bookingId }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("not one of your business's bookings");
    const missing = await call(
      cast.otherMechanic.cookie,
      'POST',
      '/api/support-requests',
      body({ bookingId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/support-requests', () => {
  it('the owner sees the whole business, a member only their own, newest first', async () => {
    const team = await setUpTeam(t, 'enterprise');
    const first = await send(team.owner.cookie);
    const second = await send(team.dispatcher.cookie);
    const third = await send(team.technician.cookie);
    const owner = (
      await call(team.owner.cookie, 'GET', '/api/support-requests')
    ).json() as SupportRequest[];
    expect(owner.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
    const dispatcher = (
      await call(team.dispatcher.cookie, 'GET', '/api/support-requests')
    ).json() as SupportRequest[];
    expect(dispatcher.map((r) => r.id)).toEqual([second.id]);
    const technician = (
      await call(team.technician.cookie, 'GET', '/api/support-requests')
    ).json() as SupportRequest[];
    expect(technician.map((r) => r.id)).toEqual([third.id]);
    // Another business sees none of them.
    const other = (
      await call(cast.otherMechanic.cookie, 'GET', '/api/support-requests')
    ).json() as SupportRequest[];
    expect(other.map((r) => r.id)).not.toContain(first.id);
  });

  it('refuses drivers and admins', async () => {
    expect((await call(cast.driver.cookie, 'GET', '/api/support-requests')).statusCode).toBe(403);
    expect((await call(cast.admin.cookie, 'GET', '/api/support-requests')).statusCode).toBe(403);
  });
});

describe('the admin queue', () => {
  it('orders by the plan when sent (Enterprise, Premium, Basic or none), then oldest first', async () => {
    const basic = await business('basic');
    const none = await business(null);
    const premium = await business('premium');
    const top = await business('enterprise');
    const b1 = await send(basic.cookie);
    const n1 = await send(none.cookie);
    const p1 = await send(premium.cookie);
    const e1 = await send(top.cookie);
    const p2 = await send(premium.cookie);
    const ids = (await queue(cast.admin.cookie)).map((r) => r.id);
    const ours = ids.filter((id) => [b1.id, n1.id, p1.id, e1.id, p2.id].includes(id));
    expect(ours).toEqual([e1.id, p1.id, p2.id, b1.id, n1.id]);
    const entries = await queue(cast.admin.cookie);
    const row = entries.find((r) => r.id === e1.id)!;
    expect(row).toMatchObject({
      plan: 'enterprise',
      priority: 0,
      providerId: top.providerId,
      subject: e1.subject,
      message: e1.message,
      sender: { id: top.user.id, email: top.account.email },
      mine: false,
    });
    expect(entries.find((r) => r.id === n1.id)).toMatchObject({ plan: 'basic', priority: 2 });
  });

  it('keeps the plan at sending time when the plan changes later', async () => {
    const premium = await business('premium');
    const sentUnderPremium = await send(premium.cookie);
    const { setPlan } = await import('../../test/team.ts');
    await setPlan(t, premium.user.id, 'basic');
    const row = (await queue(cast.admin.cookie)).find((r) => r.id === sentUnderPremium.id);
    expect(row).toMatchObject({ plan: 'premium', priority: 1 });
  });

  it("puts the business's account manager's requests first for that admin only", async () => {
    const managed = await business('enterprise');
    const set = await call(
      cast.admin.cookie,
      'PUT',
      `/api/admin/providers/${managed.providerId}/account-manager`,
      {
        adminId: otherAdmin.user.id,
      },
    );
    expect(set.statusCode, set.body).toBe(200);
    const plain = await business('enterprise');
    const older = await send(plain.cookie);
    const mine = await send(managed.cookie);
    const forManager = await queue(otherAdmin.cookie);
    expect(forManager[0]).toMatchObject({ id: mine.id, mine: true, managerId: otherAdmin.user.id });
    const forOther = (await queue(cast.admin.cookie)).map((r) => r.id);
    expect(forOther.indexOf(older.id)).toBeLessThan(forOther.indexOf(mine.id));
  });

  it('filters by status and refuses an unknown one', async () => {
    expect(
      (await call(cast.admin.cookie, 'GET', '/api/admin/support-requests?status=done')).statusCode,
    ).toBe(400);
    const all = await queue(cast.admin.cookie, 'all');
    const open = await queue(cast.admin.cookie, 'open');
    expect(open.every((r) => r.status === 'open')).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(open.length);
  });

  it('is for admins only', async () => {
    for (const cookie of [cast.driver.cookie, cast.mechanic.cookie, enterprise.dispatcher.cookie])
      expect((await call(cookie, 'GET', '/api/admin/support-requests')).statusCode).toBe(403);
  });
});

describe('POST /api/admin/support-requests/:id/replies', () => {
  it('stores the reply, marks the request answered and notifies the sender in the app', async () => {
    const request = await send(enterprise.technician.cookie);
    const replied = await call(
      cast.admin.cookie,
      'POST',
      `/api/admin/support-requests/${request.id}/replies`,
      {
        message: 'Your invoice is under Profile, Billing.',
      },
    );
    expect(replied.statusCode, replied.body).toBe(201);
    const own = (
      await call(enterprise.technician.cookie, 'GET', '/api/support-requests')
    ).json() as SupportRequest[];
    const answered = own.find((r) => r.id === request.id)!;
    expect(answered.status).toBe('answered');
    expect(answered.answeredAt).not.toBeNull();
    expect(answered.replies).toEqual([
      expect.objectContaining({ message: 'Your invoice is under Profile, Billing.' }),
    ]);
    const notifications = (
      await call(enterprise.technician.cookie, 'GET', '/api/notifications')
    ).json() as {
      metadata: { kind?: string; category?: string } | null;
    }[];
    expect(notifications[0]?.metadata).toMatchObject({
      kind: 'support_reply',
      category: 'account',
    });
    expect((await queue(cast.admin.cookie, 'answered')).map((r) => r.id)).toContain(request.id);
    expect((await queue(cast.admin.cookie, 'open')).map((r) => r.id)).not.toContain(request.id);
  });

  it('answers 404 for an unknown request, 400 for a bad id or message, 403 for non-admins', async () => {
    const request = await send(cast.mechanic.cookie);
    const url = `/api/admin/support-requests/${request.id}/replies`;
    const missing = await call(
      cast.admin.cookie,
      'POST',
      '/api/admin/support-requests/00000000-0000-4000-8000-000000000000/replies',
      {
        message: 'A long enough answer.',
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (
        await call(cast.admin.cookie, 'POST', '/api/admin/support-requests/nope/replies', {
          message: 'A long enough answer.',
        })
      ).statusCode,
    ).toBe(400);
    for (const payload of [
      {},
      { message: 'short' },
      { message: '<script>x</script> answer' },
      { message: 'x'.repeat(4001) },
    ])
      expect((await call(cast.admin.cookie, 'POST', url, payload)).statusCode).toBe(400);
    expect(
      (await call(cast.mechanic.cookie, 'POST', url, { message: 'A long enough answer.' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('account managers', () => {
  it('an admin names an active admin for an Enterprise business; the business sees them', async () => {
    const team = await setUpTeam(t, 'enterprise');
    expect(
      (await call(team.owner.cookie, 'GET', '/api/support/account-manager')).json(),
    ).toBeNull();
    const set = await call(
      cast.admin.cookie,
      'PUT',
      `/api/admin/providers/${team.providerId}/account-manager`,
      {
        adminId: otherAdmin.user.id,
      },
    );
    expect(set.statusCode, set.body).toBe(200);
    for (const cookie of [team.owner.cookie, team.dispatcher.cookie, team.technician.cookie]) {
      const manager = await call(cookie, 'GET', '/api/support/account-manager');
      expect(manager.json()).toMatchObject({
        name: 'Morgan Manager',
        email: otherAdmin.account.email,
      });
    }
    // Requests sent now carry the manager.
    const request = await send(team.dispatcher.cookie);
    const row = (await queue(otherAdmin.cookie)).find((r) => r.id === request.id);
    expect(row?.managerId).toBe(otherAdmin.user.id);
    const removed = await call(
      cast.admin.cookie,
      'PUT',
      `/api/admin/providers/${team.providerId}/account-manager`,
      {
        adminId: null,
      },
    );
    expect(removed.json()).toEqual({ adminId: null });
    expect(
      (await call(team.owner.cookie, 'GET', '/api/support/account-manager')).json(),
    ).toBeNull();
  });

  it('refuses a non-Enterprise business with the plan message (409); its side sees null', async () => {
    const premium = await business('premium');
    const refused = await call(
      cast.admin.cookie,
      'PUT',
      `/api/admin/providers/${premium.providerId}/account-manager`,
      {
        adminId: otherAdmin.user.id,
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(featureGateMessage('accountManager'));
    expect((await call(premium.cookie, 'GET', '/api/support/account-manager')).json()).toBeNull();
  });

  it('refuses a non-admin or unknown account manager, an unknown business and bad input', async () => {
    const url = `/api/admin/providers/${enterprise.providerId}/account-manager`;
    const notAdmin = await call(cast.admin.cookie, 'PUT', url, { adminId: cast.driver.user.id });
    expect(notAdmin.statusCode).toBe(400);
    const unknown = await call(cast.admin.cookie, 'PUT', url, {
      adminId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    for (const payload of [{}, { adminId: 'nope' }, { adminId: 5 }])
      expect((await call(cast.admin.cookie, 'PUT', url, payload)).statusCode).toBe(400);
    const missing = await call(
      cast.admin.cookie,
      'PUT',
      '/api/admin/providers/00000000-0000-4000-8000-000000000000/account-manager',
      {
        adminId: null,
      },
    );
    expect(missing.statusCode).toBe(404);
    expect((await call(cast.mechanic.cookie, 'PUT', url, { adminId: null })).statusCode).toBe(403);
    expect((await call(cast.driver.cookie, 'GET', '/api/support/account-manager')).statusCode).toBe(
      403,
    );
  });

  it('refuses a suspended admin', async () => {
    const suspended = await signUp(t.app);
    await promoteToAdmin(t.app, suspended.user.id);
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.app.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.user.id));
    const response = await call(
      cast.admin.cookie,
      'PUT',
      `/api/admin/providers/${enterprise.providerId}/account-manager`,
      {
        adminId: suspended.user.id,
      },
    );
    expect(response.statusCode).toBe(400);
  });
});
