import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import type { Fleet } from '../../../core/fleet/schemas.ts';
import { explainPlan } from '../../db/client.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';
import {
  analyze,
  insertBusiness,
  insertJobs,
  insertMembers,
  insertPlan,
  insertUsers,
  type JobRow,
} from '../../test/business-fixtures.repository.ts';
import { insertLivePosition } from './fleet-fixtures.repository.ts';
import { fleetStatements } from './fleet.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const db = () => t.app.database.db;

/** A signed-up account turned into a member of a business (as an accepted invite would). */
async function member(providerId: string, role: 'dispatcher' | 'technician') {
  const account = await signUp(t.app, { role: 'driver', name: `Dana ${role} Member` });
  const { users } = await import('../../db/schema/index.ts');
  const { eq } = await import('drizzle-orm');
  await db().update(users).set({ role }).where(eq(users.id, account.user.id));
  await insertMembers(db(), providerId, [{ userId: account.user.id }]);
  return account;
}

/** An owner who signed up, their business, and a plan (or none). */
async function business(plan: 'basic' | 'premium' | 'enterprise' | null) {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const { id: providerId } = await insertBusiness(db(), owner.user.id, 'Fleet Test Towing');
  if (plan) await insertPlan(db(), owner.user.id, plan);
  return { owner, providerId };
}

const get = (cookie: string | undefined, query = '') =>
  t.api({ method: 'GET', url: `/api/fleet${query}`, headers: cookie ? { cookie } : {} });

const at = (iso: string) => new Date(iso);
const minutesAfter = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

let driverId: string;
let enterprise: { owner: TestAccount; providerId: string };
let dispatcher: TestAccount;
let technician: TestAccount;
const techs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  driverId = (await insertUsers(db(), 'driver', ['Maria Lopez']))[0]!;
  enterprise = await business('enterprise');
  dispatcher = await member(enterprise.providerId, 'dispatcher');
  technician = await member(enterprise.providerId, 'technician');
}, 60_000);
afterAll(() => t.close());

describe('who may open the fleet dashboard', () => {
  it('answers the owner and a dispatcher of an Enterprise business', async () => {
    for (const cookie of [enterprise.owner.cookie, dispatcher.cookie]) {
      const response = await get(cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ timeZone: 'UTC' });
    }
  });

  it('refuses a technician of the business', async () => {
    const response = await get(technician.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('Only the owner and dispatchers see the fleet');
  });

  it.each(['basic', 'premium', null] as const)(
    'refuses the owner on %s with the plan gate line',
    async (plan) => {
      const { owner } = await business(plan);
      const response = await get(owner.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(featureGateMessage('fleet'));
    },
  );

  it("refuses a dispatcher once the business's plan no longer has teams", async () => {
    const premium = await business('premium');
    const member_ = await member(premium.providerId, 'dispatcher');
    const response = await get(member_.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(featureGateMessage('team'));
  });

  it('answers 404 to a mechanic with no business, 403 to a driver, 401 signed out', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    expect((await get(mechanic.cookie)).statusCode).toBe(404);
    const driver = await signUp(t.app, { role: 'driver' });
    expect((await get(driver.cookie)).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
  });

  it.each([
    ['?tz=Mars/Olympus_Mons', 'Unknown time zone'],
    ["?tz=UTC';drop", 'Unknown time zone'],
    [`?tz=${'A'.repeat(65)}`, ''],
    ['?date=2026-13-45', 'Expected a date as YYYY-MM-DD'],
    ['?date=tomorrow', 'Expected a date as YYYY-MM-DD'],
    ['?date=2026-02-30x', 'Expected a date as YYYY-MM-DD'],
    ['?date=2026-02-30', 'Expected a date as YYYY-MM-DD'],
    ['?date=0001-01-01', 'Expected a date as YYYY-MM-DD'],
  ])('answers 400 to a bad query %s', async (query, message) => {
    const response = await get(enterprise.owner.cookie, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toContain(message);
  });
});

describe("the month's figures and the day's board", () => {
  let other: { owner: TestAccount; providerId: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    other = await business('enterprise');
    const [rosa, sam] = await insertUsers(db(), 'technician', ['Rosa Diaz', 'Sam Lee']);
    techs.push(rosa!, sam!);
    await insertMembers(db(), enterprise.providerId, [{ userId: rosa! }, { userId: sam! }]);
    const job = (
      name: string,
      created: string,
      extra: Partial<JobRow> = {},
      providerId = enterprise.providerId,
    ) => ({
      name,
      row: {
        driverId,
        providerId,
        serviceType: 'Tire Service',
        description: name,
        location: `${name} place`,
        visitFee: 100,
        createdAt: at(created),
        updatedAt: at(created),
        ...extra,
      } satisfies JobRow,
    });
    // March 2026, asked for in UTC: 6 answered (4 accepted, 2 cancelled), 1 still pending.
    const c = '2026-03-02T10:00:00Z';
    const jobs = [
      job('a', c, {
        status: 'completed',
        confirmedAt: minutesAfter(c, 4),
        arrivedAt: minutesAfter(c, 34),
        visitFee: 95.5,
        technicianId: rosa,
      }),
      job('b', '2026-03-05T10:00:00Z', {
        status: 'completed',
        confirmedAt: minutesAfter('2026-03-05T10:00:00Z', 10),
        arrivedAt: minutesAfter('2026-03-05T10:00:00Z', 50),
        visitFee: 120.25,
      }),
      job('c', '2026-03-09T10:00:00Z', {
        status: 'in_progress',
        confirmedAt: minutesAfter('2026-03-09T10:00:00Z', 20),
      }),
      job('d', '2026-03-15T09:00:00Z', {
        status: 'confirmed',
        confirmedAt: minutesAfter('2026-03-15T09:00:00Z', 2),
        technicianId: sam,
      }),
      job('e', '2026-03-15T11:00:00Z', { status: 'cancelled' }),
      job('f', '2026-03-06T11:00:00Z', { status: 'cancelled' }),
      job('g', '2026-03-15T12:00:00Z'),
      // On 15 March in Chicago, 16 March in UTC.
      job('h', '2026-03-16T03:00:00Z'),
      // Carried over: still open from 14 March; but a job completed that day is not.
      job('i', '2026-03-14T08:00:00Z', {
        status: 'confirmed',
        confirmedAt: at('2026-03-14T08:05:00Z'),
      }),
      job('j', '2026-03-14T08:00:00Z', {
        status: 'completed',
        confirmedAt: at('2026-03-14T08:05:00Z'),
        arrivedAt: at('2026-03-14T08:45:00Z'),
        visitFee: 10,
      }),
      // Open but asked for more than a week before: off the board.
      job('k', '2026-03-02T08:00:00Z'),
      // Another month, another business.
      job('l', '2026-02-28T23:00:00Z', {
        status: 'completed',
        confirmedAt: at('2026-02-28T23:01:00Z'),
        visitFee: 999,
      }),
      job('m', '2026-03-15T10:00:00Z', { status: 'completed', visitFee: 999 }, other.providerId),
      // 31 March in Chicago, April in UTC.
      job('n', '2026-04-01T02:00:00Z'),
    ];
    const inserted = await insertJobs(
      db(),
      jobs.map((j) => j.row),
    );
    jobs.forEach((j, i) => (ids[j.name] = inserted[i]!));
  });

  it('counts the month exactly as decision 055 defines it', async () => {
    const response = await get(enterprise.owner.cookie, '?date=2026-03-15');
    expect(response.statusCode, response.body).toBe(200);
    const fleet = response.json() as Fleet;
    // Asked in March: a..k (11). Answered: accepted a, b, c, d, i, j (6) + cancelled e, f (2).
    expect(fleet.figures).toEqual({
      month: '2026-03-01',
      requested: 11,
      answered: 8,
      accepted: 6,
      acceptanceRate: 0.75,
      // 4, 10, 20, 2, 5, 5 minutes → median 5.
      medianMinutesToAccept: 5,
      // a: 30, b: 40, j: 40 → 40.
      medianMinutesToArrive: 40,
      completedJobs: 3,
      visitFeeRevenueCents: 9550 + 12025 + 1000,
    });
  });

  it("shows the day's jobs and the week's open ones, never cancelled or another business's", async () => {
    const fleet = (await get(dispatcher.cookie, '?date=2026-03-15')).json() as Fleet;
    expect(fleet.date).toBe('2026-03-15');
    expect(fleet.jobs.map((j) => j.id)).toEqual([ids.c, ids.i, ids.d, ids.g].map(String));
    const d = fleet.jobs.find((j) => j.id === ids.d)!;
    expect(d).toMatchObject({
      status: 'confirmed',
      serviceType: 'Tire Service',
      place: 'd place',
      driverFirstName: 'Maria',
      technician: { id: techs[1], name: 'Sam L.' },
      createdAt: '2026-03-15T09:00:00.000Z',
      confirmedAt: '2026-03-15T09:02:00.000Z',
    });
  });

  it("uses the time zone's day and month", async () => {
    const fleet = (
      await get(enterprise.owner.cookie, '?date=2026-03-15&tz=America/Chicago')
    ).json() as Fleet;
    expect(fleet.timeZone).toBe('America/Chicago');
    expect(fleet.jobs.map((j) => j.id)).toContain(ids.h);
    // 1 Apr 02:00 UTC is still March in Chicago.
    expect(fleet.figures.requested).toBe(12);
  });
});

describe('the technicians', () => {
  it('gives each technician their status, current job and newest position', async () => {
    const [busy, assigned, free] = await insertUsers(db(), 'technician', [
      'Ana Busy Park',
      'Ben Assigned',
      'Cy Free',
    ]);
    const { providerId, owner } = await business('enterprise');
    const old = new Date(Date.now() - 3_600_000);
    const recent = new Date(Date.now() - 60_000);
    await insertMembers(db(), providerId, [
      { userId: busy!, position: { latitude: 32.1, longitude: -96.1, at: old } },
      { userId: assigned!, position: { latitude: 32.2, longitude: -96.2, at: old } },
      { userId: free! },
    ]);
    const now = new Date();
    const [running] = await insertJobs(db(), [
      {
        driverId,
        providerId,
        serviceType: 'Towing',
        description: 'x',
        location: 'I-35 mile 410',
        status: 'in_progress',
        confirmedAt: now,
        technicianId: busy,
        createdAt: new Date(Date.now() - 600_000),
      },
      {
        driverId,
        providerId,
        serviceType: 'Jump Start',
        description: 'y',
        status: 'confirmed',
        confirmedAt: now,
        technicianId: assigned,
      },
      // A job finished long ago leaves the technician free.
      {
        driverId,
        providerId,
        serviceType: 'Jump Start',
        description: 'z',
        status: 'completed',
        technicianId: free,
      },
    ]);
    await insertLivePosition(db(), running!, { latitude: 32.5, longitude: -96.5, at: recent });

    const fleet = (await get(owner.cookie)).json() as Fleet;
    expect(fleet.technicians).toEqual([
      {
        id: busy,
        name: 'Ana P.',
        status: 'in_progress',
        position: { latitude: 32.5, longitude: -96.5, at: recent.toISOString() },
        currentJob: {
          id: running,
          serviceType: 'Towing',
          status: 'in_progress',
          place: 'I-35 mile 410',
        },
      },
      {
        id: assigned,
        name: 'Ben A.',
        status: 'confirmed',
        position: { latitude: 32.2, longitude: -96.2, at: old.toISOString() },
        currentJob: expect.objectContaining({ status: 'confirmed', serviceType: 'Jump Start' }),
      },
      { id: free, name: 'Cy F.', status: 'free', position: null, currentJob: null },
    ]);
  });
});

describe('cost at scale', () => {
  /** How many statements one call sends to the database. */
  async function statementsOf(cookie: string) {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    try {
      const response = await get(cookie);
      expect(response.statusCode).toBe(200);
    } finally {
      client.query = original;
    }
    return count;
  }

  async function businessWith(technicians: number, jobsEach: number) {
    const b = await business('enterprise');
    const ids = await insertUsers(
      db(),
      'technician',
      Array.from({ length: technicians }, (_, i) => `Tech ${i} Person`),
    );
    await insertMembers(
      db(),
      b.providerId,
      ids.map((userId, i) => ({
        userId,
        position: { latitude: 32 + i / 100, longitude: -96, at: new Date() },
      })),
    );
    const jobs: JobRow[] = [];
    for (const [i, technicianId] of ids.entries())
      for (let j = 0; j < jobsEach; j += 1)
        jobs.push({
          driverId,
          providerId: b.providerId,
          serviceType: 'Towing',
          description: 'job',
          status: (['completed', 'confirmed', 'in_progress', 'pending'] as const)[(i + j) % 4],
          confirmedAt: new Date(Date.now() - j * 43_200_000),
          technicianId,
          createdAt: new Date(Date.now() - j * 43_200_000 - 600_000),
        });
    await insertJobs(db(), jobs);
    return b;
  }

  it('sends the same number of statements for 2 and 20 technicians', async () => {
    const small = await businessWith(2, 3);
    const large = await businessWith(20, 3);
    const a = await statementsOf(small.owner.cookie);
    const b = await statementsOf(large.owner.cookie);
    expect(a).toBeGreaterThan(0);
    expect(b).toBe(a);
  });

  it('reads through the indexes, never a scan of bookings or members', async () => {
    // Enough rows over several businesses that a scan would cost more than the indexes.
    for (let i = 0; i < 30; i += 1) await businessWith(40, 0);
    const crowd = await businessWith(60, 60);
    await businessWith(60, 60);
    await analyze(db(), ['bookings', 'team_members', 'users', 'booking_positions']);
    const statements = fleetStatements({
      providerId: crowd.providerId,
      timeZone: 'UTC',
      date: new Date().toISOString().slice(0, 10),
    });
    const [members, board, figures] = await Promise.all(
      statements.map((s) => explainPlan(db(), s)),
    );
    expect(members).toMatch(/team_members_provider_idx/);
    expect(members).toMatch(/bookings_technician_idx/);
    // Either index that starts with the business.
    expect(board).toMatch(/bookings_provider(_confirmed)?_idx/);
    expect(figures).toMatch(/bookings_provider(_confirmed)?_idx/);
    for (const plan of [members, board, figures])
      expect(plan).not.toMatch(/Seq Scan on (bookings|team_members)/);
  }, 60_000);
});
