import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, notifications, users } from '../../db/schema/index.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { insertOwnedProvider, insertProviders, newAdminProvider } from '../../test/providers.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { createEventBus } from '../../events/event-bus.ts';
import { createBookingsService } from '../bookings/bookings.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
let driver: TestAccount;
let mechanic: TestMechanic;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, driver, mechanic } = await createCast(t.app, {
    accounts: {
      admin: { name: 'Ada Admin' },
      driver: { name: 'Dale Driver' },
      mechanic: { name: 'Mick Mechanic' },
    },
  }));
  providerId = mechanic.providerId;
});
afterAll(() => t.close());

const as = (cookie: string | null) => (method: string, url: string, payload?: unknown) =>
  t.api({
    method: method as 'GET',
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const asAdmin = (method: string, url: string, payload?: unknown) =>
  as(admin.cookie)(method, url, payload);

async function book(cost: number | null, status: 'pending' | 'completed' | 'cancelled') {
  const [row] = await t.app.database.db
    .insert(bookings)
    .values({
      driverId: driver.user.id,
      providerId,
      serviceType: 'Brake Repair',
      description: 'test',
      visitFee: 95,
      status,
      actualCost: cost,
    })
    .returning();
  return row!;
}

const auditRows = (targetId: string) =>
  t.app.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('who may call the admin API', () => {
  it('answers 401 signed out, 403 to drivers and mechanics, and serves admins', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    const fill = (url: string) => url.replace(':id', '00000000-0000-4000-8000-000000000000');
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      expect(route.access.kind, label).toBe('role');
      const body = route.method === 'GET' ? undefined : {};
      expect((await as(null)(route.method, fill(route.url), body)).statusCode, label).toBe(401);
      for (const who of [driver, mechanic])
        expect((await as(who.cookie)(route.method, fill(route.url), body)).statusCode, label).toBe(
          403,
        );
      expect([200, 201, 400, 404], label).toContain(
        (await asAdmin(route.method, fill(route.url), body)).statusCode,
      );
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  it('equals a count over every row, with the 10 % commission per booking in cents', async () => {
    await book(185.55, 'completed'); // 18.555 → 18.56
    await book(null, 'completed'); // the visit fee: 9.50
    await book(100.04, 'completed'); // 10.004 → 10.00
    await book(50, 'pending');
    await book(70, 'cancelled');
    const answer = await asAdmin('GET', '/api/admin/dashboard');
    expect(answer.statusCode).toBe(200);
    const stats = answer.json();

    const db = t.app.database.db;
    const allUsers = await db.select().from(users);
    const allBookings = await db.select().from(bookings);
    const { rows: providers } = (await db.execute(
      sql`select verification, status, suspended_at from service_providers`,
    )) as unknown as {
      rows: { verification: string; status: string; suspended_at: Date | null }[];
    };
    const commissionCents = allBookings
      .filter((b) => b.status === 'completed')
      .map((b) => Math.round((b.actualCost ?? b.visitFee ?? 0) * 100))
      .reduce((sum, cents) => sum + Math.floor((cents * 10 + 50) / 100), 0);
    const today = new Date().toISOString().slice(0, 10);

    expect(stats).toMatchObject({
      totalUsers: allUsers.length,
      totalDrivers: allUsers.filter((u) => u.role === 'driver').length,
      totalMechanics: allUsers.filter((u) => u.role === 'mechanic').length,
      totalProviders: providers.length,
      activeProviders: providers.filter(
        (p) => p.verification === 'approved' && !p.suspended_at && p.status !== 'offline',
      ).length,
      pendingVerifications: providers.filter((p) => p.verification === 'pending').length,
      totalBookings: allBookings.length,
      pendingBookings: allBookings.filter((b) => b.status === 'pending').length,
      completedBookings: allBookings.filter((b) => b.status === 'completed').length,
      totalRevenue: commissionCents / 100,
      todaysBookings: allBookings.filter((b) => b.createdAt.toISOString().startsWith(today)).length,
      subscriptionRevenueThisMonth: 0,
      activePlans: { basic: 0, premium: 0, enterprise: 0 },
    });
    expect(commissionCents).toBeGreaterThanOrEqual(1856 + 950 + 1000);
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({
      date: today,
      bookings: stats.todaysBookings,
      revenue: commissionCents / 100,
    });
  });
});

describe('GET /api/admin/users', () => {
  it('pages, filters by role and searches name, email and username', async () => {
    for (let i = 0; i < 3; i++) await signUp(t.app, { name: `Pagey Person ${i}` });
    const first = (await asAdmin('GET', '/api/admin/users?search=pagey&pageSize=2')).json();
    expect(first.total).toBe(3);
    expect(first.users).toHaveLength(2);
    const second = (await asAdmin('GET', '/api/admin/users?search=PAGEY&pageSize=2&page=2')).json();
    expect(second.users).toHaveLength(1);
    const ids = [...first.users, ...second.users].map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(3);

    const byEmail = (
      await asAdmin('GET', `/api/admin/users?search=${driver.account.email}`)
    ).json();
    expect(byEmail.users.map((u: { id: string }) => u.id)).toEqual([driver.user.id]);
    const mechanics = (await asAdmin('GET', '/api/admin/users?role=mechanic')).json();
    expect(mechanics.users.every((u: { role: string }) => u.role === 'mechanic')).toBe(true);
    expect(mechanics.users[0]).not.toHaveProperty('passwordHash');
  });

  it('refuses bad queries with a clear message', async () => {
    for (const query of ['role=boss', 'page=0', 'pageSize=1000', `search=${'x'.repeat(101)}`]) {
      const answer = await asAdmin('GET', `/api/admin/users?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error, query).toBeTruthy();
    }
  });
});

describe('PATCH /api/admin/providers/{id}', () => {
  it('sets the specified statuses (en_route too), each change audited once', async () => {
    for (const [sent, stored] of [
      ['busy', 'busy'],
      ['en_route', 'enroute'],
      ['OFFLINE', 'offline'],
      ['available', 'available'],
    ]) {
      const answer = await asAdmin('PATCH', `/api/admin/providers/${providerId}`, {
        status: sent,
      });
      expect(answer.statusCode, sent).toBe(200);
      expect(answer.json().status).toBe(stored);
    }
    const rows = (await auditRows(providerId)).filter((r) => r.action === 'provider.status');
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.after?.status === 'enroute')).toMatchObject({
      actorId: admin.user.id,
      before: { status: 'busy' },
    });
  });

  it('approves or rejects an application; a rejection needs a reason the applicant is told', async () => {
    const [pending] = await insertProviders(t.app.database.db, [
      { latitude: 32.8, longitude: -96.8, verification: 'pending', email: 'apply@example.com' },
    ]);
    const noReason = await asAdmin('PATCH', `/api/admin/providers/${pending}`, {
      verification: 'rejected',
    });
    expect(noReason.statusCode).toBe(400);
    expect(await auditRows(pending!)).toHaveLength(0);

    const rejected = await asAdmin('PATCH', `/api/admin/providers/${pending}`, {
      verification: 'rejected',
      reason: 'Insurance policy expired',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().verification).toBe('rejected');
    const mail = (await asAdmin('GET', '/api/admin/outbox?to=apply@example.com')).json();
    expect(mail[0].text).toContain('Insurance policy expired');

    const approved = await asAdmin('PATCH', `/api/admin/providers/${pending}`, {
      verification: 'approved',
    });
    expect(approved.json().verification).toBe('approved');
    const rows = await auditRows(pending!);
    expect(rows.map((r) => [r.before?.verification, r.after?.verification, r.reason])).toEqual(
      expect.arrayContaining([
        ['pending', 'rejected', 'Insurance policy expired'],
        ['rejected', 'approved', null],
      ]),
    );
  });

  it('refuses an empty change, unknown fields and an unknown status', async () => {
    for (const body of [{}, { status: 'sleeping' }, { rating: 5 }, { verification: 'maybe' }]) {
      const answer = await asAdmin('PATCH', `/api/admin/providers/${providerId}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await asAdmin(
      'PATCH',
      '/api/admin/providers/00000000-0000-4000-8000-000000000000',
      { status: 'busy' },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/bookings/{id}', () => {
  it('sets any status and tells both sides why, audited', async () => {
    const booking = await book(null, 'completed');
    const answer = await asAdmin('PATCH', `/api/admin/bookings/${booking.id}`, {
      status: 'cancelled',
      reason: 'Duplicate request',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().status).toBe('cancelled');
    const told = await t.app.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.metadata}->>'bookingId' = ${booking.id}`);
    expect(told.map((n) => n.userId).sort()).toEqual([driver.user.id, mechanic.user.id].sort());
    expect(told.every((n) => n.message.includes('Duplicate request'))).toBe(true);
    const rows = await auditRows(booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'booking.status',
      before: { status: 'completed' },
      after: { status: 'cancelled' },
      reason: 'Duplicate request',
    });
  });

  it('writes nothing when the action fails: the audit row and the change roll back together', async () => {
    const booking = await book(null, 'pending');
    const events = createEventBus(t.app.database, t.app.log);
    const service = createBookingsService(t.app.database.db, events, async () => null);
    const adminUser = (await as(admin.cookie)('GET', '/api/auth/me')).json();
    await expect(
      service.changeStatus(adminUser, booking.id, 'confirmed', undefined, {
        within: async (tx, _before, after) => {
          await tx.insert(auditLog).values({
            actorId: admin.user.id,
            action: 'booking.status',
            targetType: 'booking',
            targetId: after.id,
          });
          throw new Error('the audit failed');
        },
      }),
    ).rejects.toThrow('the audit failed');
    const [stored] = await t.app.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(stored!.status).toBe('pending');
    expect(await auditRows(booking.id)).toHaveLength(0);
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.app.database.db.update(auditLog).set({ reason: 'edited' })).rejects.toThrow();
    await expect(t.app.database.db.delete(auditLog)).rejects.toThrow();
  });
});

describe('suspending an account', () => {
  it('ends its sessions, hides its business, tells it why at sign-in, and comes back on reactivation', async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const business = await insertOwnedProvider(t.app.database.db, owner.user.id, {
      businessName: 'Suspended Diesel',
    });
    const me = () => as(owner.cookie)('GET', '/api/auth/me');
    const listed = async () =>
      (await as(null)('GET', '/api/providers?q=Suspended%20Diesel')).json().length;
    expect(await listed()).toBe(1);
    const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const stream = await openEventStream(baseUrl, owner.cookie);

    const suspended = await asAdmin('POST', `/api/admin/users/${owner.user.id}/suspend`, {
      reason: 'Fake insurance documents',
    });
    expect(suspended.statusCode).toBe(200);
    // The open page hears it and signs out.
    expect(await stream.next('signed-out')).toEqual({ reason: 'suspended' });
    stream.close();
    expect(suspended.json().suspendedReason).toBe('Fake insurance documents');
    expect((await me()).statusCode).toBe(401);
    expect(await listed()).toBe(0);
    expect((await as(null)('GET', `/api/providers/${business.id}`)).statusCode).toBe(404);
    const booking = await as(driver.cookie)('POST', '/api/bookings', {
      providerId: business.id,
      serviceType: 'Brake Repair',
    });
    expect(booking.statusCode).toBe(404);

    const login = await as(null)('POST', '/api/auth/login', {
      email: owner.account.email,
      password: owner.account.password,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toContain('suspended: Fake insurance documents');
    const wrong = await as(null)('POST', '/api/auth/login', {
      email: owner.account.email,
      password: 'not the password at all',
    });
    expect(wrong.statusCode).toBe(401);

    expect(
      (await asAdmin('POST', `/api/admin/users/${owner.user.id}/suspend`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    const back = await asAdmin('POST', `/api/admin/users/${owner.user.id}/reactivate`, {});
    expect(back.json().suspendedAt).toBeNull();
    expect(await listed()).toBe(1);
    const again = await as(null)('POST', '/api/auth/login', {
      email: owner.account.email,
      password: owner.account.password,
    });
    expect(again.statusCode).toBe(200);
    expect((await auditRows(owner.user.id)).map((r) => r.action).sort()).toEqual([
      'user.reactivate',
      'user.suspend',
    ]);
  });

  it('needs a reason and refuses to suspend oneself', async () => {
    const noReason = await asAdmin('POST', `/api/admin/users/${driver.user.id}/suspend`, {});
    expect(noReason.statusCode).toBe(400);
    const self = await asAdmin('POST', `/api/admin/users/${admin.user.id}/suspend`, {
      reason: 'testing',
    });
    expect(self.statusCode).toBe(409);
  });
});

describe('lists and exports', () => {
  it('filters providers by verification, status, type and plan, with owner and commission', async () => {
    const all = (
      await asAdmin('GET', `/api/admin/providers?search=${mechanic.account.email}`)
    ).json();
    expect(all.total).toBe(1);
    expect(all.providers[0]).toMatchObject({
      id: providerId,
      owner: { id: mechanic.user.id, email: mechanic.account.email },
      plan: null,
    });
    expect(all.providers[0].commission).toBeGreaterThan(0);
    const none = (await asAdmin('GET', '/api/admin/providers?plan=premium')).json();
    expect(none.total).toBe(0);
    const pending = (await asAdmin('GET', '/api/admin/providers?verification=pending')).json();
    expect(
      pending.providers.every((p: { verification: string }) => p.verification === 'pending'),
    ).toBe(true);
    expect((await asAdmin('GET', '/api/admin/providers?status=asleep')).statusCode).toBe(400);
  });

  it('lists bookings by status and date with the driver email, and exports CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const list = (
      await asAdmin('GET', `/api/admin/bookings?status=completed&from=${today}&to=${today}`)
    ).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.bookings[0]).toMatchObject({
      status: 'completed',
      driverEmail: driver.account.email,
    });
    expect((await asAdmin('GET', '/api/admin/bookings?from=2026-02-30')).statusCode).toBe(400);

    const csv = await asAdmin('GET', `/api/admin/export/bookings.csv?from=${today}&to=${today}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`bookings-${today}-to-${today}.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,status,service,provider,driver,driver_email,visit_fee,platform_fee,estimated_cost,actual_cost,commission',
    );
    expect(lines.length).toBe(1 + (await t.app.database.db.select().from(bookings)).length);
    expect(csv.body).toContain(',185.55,18.56');

    const payments = await asAdmin(
      'GET',
      `/api/admin/export/payments.csv?from=${today}&to=${today}`,
    );
    expect(payments.body.split('\r\n')[0]).toContain('receipt,created_at,user_email');
    expect(
      (await asAdmin('GET', `/api/admin/export/payments.csv?from=${today}&to=2020-01-01`))
        .statusCode,
    ).toBe(400);
    expect((await asAdmin('GET', '/api/admin/export/payments.csv')).statusCode).toBe(400);
  });

  it('reads the audit log by action', async () => {
    const log = (await asAdmin('GET', '/api/admin/audit?action=provider.status&pageSize=2')).json();
    expect(log.total).toBe(4);
    expect(log.entries).toHaveLength(2);
    expect(log.entries[0].actor).toEqual({
      id: admin.user.id,
      name: 'Ada Admin',
      email: admin.account.email,
    });
    expect((await asAdmin('GET', '/api/admin/audit?action=delete')).statusCode).toBe(400);
  });
});

describe('POST /api/admin/providers (Add Provider)', () => {
  const input = newAdminProvider({ email: 'rosa.tires@example.com' });

  it('creates a verified business in search; the owner sets a password from the email', async () => {
    const created = await asAdmin('POST', '/api/admin/providers', input);
    expect(created.statusCode).toBe(201);
    const { provider, user } = created.json();
    expect(provider).toMatchObject({ verification: 'approved', businessName: input.businessName });
    expect(user).toMatchObject({ role: 'mechanic', email: input.email });
    expect((await as(null)('GET', '/api/providers?q=Rosa%20Tire')).json()).toHaveLength(1);

    const [mail] = (await asAdmin('GET', `/api/admin/outbox?to=${input.email}`)).json();
    expect(mail.text).not.toMatch(/password:\s*\S/i);
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    const set = await as(null)('POST', '/api/auth/reset-password', {
      token,
      password: 'rosa chooses a password',
    });
    expect(set.statusCode).toBe(200);
    const login = await as(null)('POST', '/api/auth/login', {
      email: input.email,
      password: 'rosa chooses a password',
    });
    expect(login.statusCode).toBe(200);
    expect((await auditRows(provider.id)).map((r) => r.action)).toEqual(['provider.create']);
  });

  it('refuses a taken email and bad input', async () => {
    expect((await asAdmin('POST', '/api/admin/providers', input)).statusCode).toBe(409);
    for (const bad of [
      { ...input, email: 'not-an-email' },
      { ...input, email: 'new1@example.com', zipCode: 'abc' },
      { ...input, email: 'new2@example.com', serviceType: 'spaceship' },
      { ...input, email: 'new3@example.com', visitFee: -1 },
      { ...input, email: 'new4@example.com', businessName: '' },
    ]) {
      const answer = await asAdmin('POST', '/api/admin/providers', bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(answer.json().error).toBeTruthy();
    }
  });
});
