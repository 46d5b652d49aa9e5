import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../core/geo.ts';
import { createTestApp } from '../../test/test-app.ts';
import { selectRows } from '../client.ts';
import { DEMO_PASSWORD, demoAccounts } from '../../../core/demo-accounts.ts';
import { seedDemoData } from './seed.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

const rows = <T>(query: SQL) => selectRows<T>(t.app.database.db, query);
const one = async <T>(query: SQL) => (await rows<T>(query))[0]!;

const DALLAS = { latitude: 32.7767, longitude: -96.797 };
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };

describe('demo data', () => {
  it('signs in each demo account with the demo password', async () => {
    for (const [role, email] of Object.entries(demoAccounts)) {
      const response = await t.api({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
      expect(response.json().user.role).toBe(role);
    }
  });

  it('has at least 24 approved providers around Dallas and Houston, of every type and status', async () => {
    const providers = await rows<{
      service_type: string;
      status: string;
      latitude: string;
      longitude: string;
      business_name: string;
      specialties: string[];
      certifications: string[];
    }>(sql`select * from service_providers where verification = 'approved'`);
    expect(providers.length).toBeGreaterThanOrEqual(24);
    expect(new Set(providers.map((p) => p.service_type))).toEqual(
      new Set(['mobile_mechanic', 'tire_shop', 'towing']),
    );
    expect(new Set(providers.map((p) => p.status))).toEqual(
      new Set(['available', 'busy', 'enroute', 'offline']),
    );
    for (const p of providers) {
      const position = { latitude: Number(p.latitude), longitude: Number(p.longitude) };
      const nearest = Math.min(haversineMiles(position, DALLAS), haversineMiles(position, HOUSTON));
      expect(nearest, p.business_name).toBeLessThan(45);
      expect(p.specialties.length).toBeGreaterThan(0);
      expect(p.certifications.length).toBeGreaterThan(0);
    }
    const near = (city: typeof DALLAS) =>
      providers.filter(
        (p) =>
          haversineMiles({ latitude: Number(p.latitude), longitude: Number(p.longitude) }, city) <
          45,
      ).length;
    expect(near(DALLAS)).toBeGreaterThanOrEqual(10);
    expect(near(HOUSTON)).toBeGreaterThanOrEqual(10);
  });

  it('gives each provider the average and count of its own review rows', async () => {
    const mismatches = await rows(sql`
      select sp.business_name, sp.rating, sp.review_count, r.avg, r.n
      from service_providers sp
      left join (select provider_id, round(avg(rating), 2) as avg, count(*)::int as n from reviews group by provider_id) r on r.provider_id = sp.id
      where sp.review_count <> coalesce(r.n, 0) or sp.rating <> coalesce(r.avg, 0)`);
    expect(mismatches).toEqual([]);
    const { reviewed } = await one<{ reviewed: number }>(
      sql`select count(*)::int as reviewed from service_providers where review_count > 0`,
    );
    expect(reviewed).toBeGreaterThanOrEqual(24);
  });

  it('has bookings in every status, the demo driver has one of each, and an active subscription exists', async () => {
    const statuses = await rows<{ status: string }>(sql`
      select distinct b.status from bookings b join users u on u.id = b.driver_id where u.email = ${demoAccounts.driver}`);
    expect(new Set(statuses.map((s) => s.status))).toEqual(
      new Set(['pending', 'confirmed', 'in_progress', 'completed', 'cancelled']),
    );
    const { n } = await one<{ n: number }>(sql`
      select count(*)::int as n from subscriptions s join users u on u.id = s.user_id where u.email = ${demoAccounts.mechanic} and s.status = 'active'`);
    expect(n).toBe(1);
    const { pending } = await one<{ pending: number }>(
      sql`select count(*)::int as pending from service_providers where verification = 'pending'`,
    );
    expect(pending).toBeGreaterThanOrEqual(1);
  });

  it("has the demo's billing: Premium with three months paid and a reminder due soon, Basic plans, one past due", async () => {
    const login = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoAccounts.mechanic, password: DEMO_PASSWORD },
    });
    const cookie = `tf_session=${login.cookies.find((c) => c.name === 'tf_session')!.value}`;
    const me = login.json().user as { id: string };
    const plan = (
      await t.api({ method: 'GET', url: `/api/subscription/${me.id}`, headers: { cookie } })
    ).json();
    expect(plan).toMatchObject({ planType: 'premium', status: 'active', price: 79.99 });
    const daysLeft = (Date.parse(plan.endDate) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(2);
    expect(daysLeft).toBeLessThan(7);
    const history = (
      await t.api({ method: 'GET', url: `/api/payments/user/${me.id}`, headers: { cookie } })
    ).json() as { status: string; amount: number }[];
    expect(history.map((p) => [p.status, p.amount])).toEqual([
      ['completed', 79.99],
      ['completed', 79.99],
      ['completed', 79.99],
    ]);
    const reminders = (
      await t.api({
        method: 'GET',
        url: `/api/payment-reminders/user/${me.id}`,
        headers: { cookie },
      })
    ).json() as { daysBefore: number; status: string }[];
    expect(reminders.map((r) => [r.daysBefore, r.status])).toEqual([
      [7, 'sent'],
      [3, 'pending'],
      [1, 'pending'],
    ]);
    const cards = (
      await t.api({ method: 'GET', url: '/api/payment-methods', headers: { cookie } })
    ).json();
    expect(cards).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    // Payouts set up with the test bank details; yesterday's card job is pending.
    const account = await t.api({
      method: 'GET',
      url: '/api/payouts/account',
      headers: { cookie },
    });
    expect(account.json()).toMatchObject({ status: 'payouts_enabled', bankLast4: '6789' });
    const balance = await t.api({
      method: 'GET',
      url: '/api/payouts/balance',
      headers: { cookie },
    });
    expect(balance.json().pending).toBeGreaterThan(0);
    const ledger = await rows<{ net: number; n: number }>(
      sql`select coalesce(sum(amount_cents), 0)::int as net, count(*)::int as n from ledger_entries`,
    );
    expect(ledger).toEqual([{ net: 0, n: 6 }]);
    const plans = await rows<{ plan_type: string; status: string; n: number }>(sql`
      select plan_type, status, count(*)::int as n from subscriptions group by 1, 2 order by 1, 2`);
    expect(plans).toEqual([
      { plan_type: 'basic', status: 'active', n: 4 },
      { plan_type: 'premium', status: 'active', n: 1 },
      { plan_type: 'premium', status: 'past_due', n: 1 },
    ]);
  });

  it('seeds only once', async () => {
    const before = await rows<{ users: number; bookings: number }>(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from bookings) as bookings`,
    );
    expect(await seedDemoData(t.app.database.db)).toBeNull();
    const after = await rows(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from bookings) as bookings`,
    );
    expect(after).toEqual(before);
  });
});
