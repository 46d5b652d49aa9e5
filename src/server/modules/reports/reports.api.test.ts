import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import { median } from '../../../core/reports/rules.ts';
import {
  OWNER_OR_UNASSIGNED,
  type Report,
  type ReportFigures,
  type Statement,
} from '../../../core/reports/schemas.ts';
import { explainPlan } from '../../db/client.ts';
import { pdfText } from '../../test/pdf-text.ts';
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
import {
  emailsTo,
  insertReviews,
  ownerEmail,
  setRole,
  statementsOf,
} from './reports-fixtures.repository.ts';
import { reportStatements } from './reports.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const db = () => t.app.database.db;

type Status = 'pending' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled';
interface Spec {
  at: string;
  status: Status;
  fee: number;
  platform: number;
  service: string;
  acceptMin?: number;
  arriveMin?: number;
  tech?: 'a' | 'b' | 'odd';
  rating?: number;
}

/** The business's jobs: known times, amounts, technicians and reviews (and two outside the range). */
const specs: Spec[] = [
  // Monday 2 March … Sunday 8 March: one ISO week.
  {
    at: '2026-03-02T08:00:00Z',
    status: 'completed',
    fee: 95.5,
    platform: 9.55,
    service: 'Tire repair',
    acceptMin: 10,
    arriveMin: 30,
    tech: 'a',
    rating: 5,
  },
  {
    at: '2026-03-04T12:00:00Z',
    status: 'completed',
    fee: 120.25,
    platform: 12.03,
    service: 'Engine',
    acceptMin: 4,
    arriveMin: 45,
    tech: 'a',
    rating: 4,
  },
  {
    at: '2026-03-08T23:59:59Z',
    status: 'completed',
    fee: 80,
    platform: 8,
    service: 'Tire repair',
    acceptMin: 7,
    arriveMin: 20,
    tech: 'b',
    rating: 3,
  },
  { at: '2026-03-09T00:00:00Z', status: 'cancelled', fee: 95, platform: 9.5, service: 'Towing' },
  {
    at: '2026-03-15T10:00:00Z',
    status: 'confirmed',
    fee: 150,
    platform: 15,
    service: 'Towing',
    acceptMin: 12,
    tech: 'b',
  },
  { at: '2026-03-31T23:59:59Z', status: 'pending', fee: 100, platform: 10, service: 'Engine' },
  {
    at: '2026-04-01T00:00:00Z',
    status: 'completed',
    fee: 200,
    platform: 20,
    service: 'Engine',
    acceptMin: 3,
    arriveMin: 60,
    rating: 5,
  },
  {
    at: '2026-04-20T09:00:00Z',
    status: 'in_progress',
    fee: 110,
    platform: 11,
    service: 'Towing',
    acceptMin: 5,
    arriveMin: 15,
    tech: 'odd',
  },
];
const outside: Spec[] = [
  {
    at: '2026-02-28T23:59:59Z',
    status: 'completed',
    fee: 999.99,
    platform: 100,
    service: 'Engine',
    acceptMin: 1,
    arriveMin: 1,
  },
  {
    at: '2026-05-01T00:00:00Z',
    status: 'completed',
    fee: 999.99,
    platform: 100,
    service: 'Engine',
    acceptMin: 1,
    arriveMin: 1,
  },
];

const later = (iso: string | Date, minutes: number) =>
  new Date(new Date(iso).getTime() + minutes * 60_000);

/** What the report must say of some jobs, computed here from the specs. */
function expected(jobs: Spec[]): ReportFigures {
  const done = jobs.filter((j) => j.status === 'completed');
  const cents = (list: number[]) => list.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
  const rated = jobs.filter((j) => j.rating !== undefined);
  const count = (s: Status) => jobs.filter((j) => j.status === s).length;
  const accept = median(jobs.flatMap((j) => (j.acceptMin === undefined ? [] : [j.acceptMin])));
  const arrive = median(jobs.flatMap((j) => (j.arriveMin === undefined ? [] : [j.arriveMin])));
  return {
    jobs: jobs.length,
    byStatus: {
      pending: count('pending'),
      confirmed: count('confirmed'),
      in_progress: count('in_progress'),
      completed: count('completed'),
      cancelled: count('cancelled'),
    },
    visitFeeRevenue: cents(done.map((j) => j.fee)),
    platformFees: cents(done.map((j) => j.platform)),
    averageRating:
      rated.length === 0
        ? null
        : Math.round((rated.reduce((s, j) => s + j.rating!, 0) / rated.length) * 100) / 100,
    reviews: rated.length,
    medianMinutesToAccept: accept,
    medianMinutesToArrive: arrive,
  };
}

const inRange = (from: string, to: string) => (j: Spec) =>
  j.at >= `${from}T00:00:00Z` && j.at < `${to}T23:59:59.999Z`;

let driverId: string;
let ent: { owner: TestAccount; providerId: string; name: string };
let other: { owner: TestAccount; providerId: string; name: string };
let dispatcher: TestAccount;
let technician: TestAccount;
const techIds: Record<NonNullable<Spec['tech']>, string> = { a: '', b: '', odd: '' };

async function business(plan: 'basic' | 'premium' | 'enterprise' | null) {
  const owner = await signUp(t.app, { role: 'mechanic' });
  const { id, name } = await insertBusiness(db(), owner.user.id, 'Report Test Towing');
  if (plan) await insertPlan(db(), owner.user.id, plan);
  return { owner, providerId: id, name };
}

async function member(providerId: string, role: 'dispatcher' | 'technician') {
  const account = await signUp(t.app, { role: 'driver', name: `Dana ${role} Member` });
  await setRole(db(), account.user.id, role);
  await insertMembers(db(), providerId, [{ userId: account.user.id }]);
  return account;
}

async function insertSpecs(providerId: string, list: Spec[]) {
  const rows: JobRow[] = list.map((s) => {
    const confirmedAt = s.acceptMin === undefined ? null : later(s.at, s.acceptMin);
    return {
      driverId,
      providerId,
      serviceType: s.service,
      description: 'A job for the report',
      status: s.status,
      visitFee: s.fee,
      platformFee: s.platform,
      createdAt: new Date(s.at),
      updatedAt: new Date(s.at),
      confirmedAt,
      arrivedAt: confirmedAt && s.arriveMin !== undefined ? later(confirmedAt, s.arriveMin) : null,
      technicianId: s.tech ? techIds[s.tech] : null,
    };
  });
  const ids = await insertJobs(db(), rows);
  await insertReviews(
    db(),
    list.flatMap((s, i) =>
      s.rating === undefined
        ? []
        : [{ bookingId: ids[i]!, driverId, providerId, rating: s.rating }],
    ),
  );
}

const get = (cookie: string | undefined, query: string, path = '/api/reports') =>
  t.api({ method: 'GET', url: `${path}?${query}`, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await createTestApp();
  driverId = (await insertUsers(db(), 'driver', ['Maria Lopez']))[0]!;
  ent = await business('enterprise');
  other = await business(null);
  dispatcher = await member(ent.providerId, 'dispatcher');
  technician = await member(ent.providerId, 'technician');
  const [a, b, odd] = await insertUsers(db(), 'technician', [
    'Alex Wrench',
    'Blair Spanner',
    '=SUM(A1)',
  ]);
  Object.assign(techIds, { a, b, odd });
  await insertMembers(db(), ent.providerId, [{ userId: a! }, { userId: b! }, { userId: odd! }]);
  await insertSpecs(ent.providerId, [...specs, ...outside]);
  await insertSpecs(other.providerId, [
    {
      at: '2026-03-10T10:00:00Z',
      status: 'completed',
      fee: 500,
      platform: 50,
      service: 'Engine',
      rating: 1,
    },
  ]);
}, 60_000);
afterAll(() => t.close());

describe('the figures', () => {
  it('match the jobs asked for in the range, by month, with true medians in the totals', async () => {
    const response = await get(ent.owner.cookie, 'from=2026-03-01&to=2026-04-30&groupBy=month');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as Report;
    expect(report.businessName).toBe(ent.name);
    expect(report.totals).toEqual(expected(specs));
    expect(report.periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-03-01', '2026-03-31'],
      ['2026-04-01', '2026-04-30'],
    ]);
    expect(report.periods[0]).toMatchObject(expected(specs.filter((s) => s.at < '2026-04')));
    expect(report.periods[1]).toMatchObject(expected(specs.filter((s) => s.at >= '2026-04')));
    // The figures written out, so a wrong helper above cannot hide a wrong answer.
    expect(report.periods[0]).toMatchObject({
      jobs: 6,
      visitFeeRevenue: 295.75,
      platformFees: 29.58,
      averageRating: 4,
      medianMinutesToAccept: 8.5,
      medianMinutesToArrive: 30,
    });
  });

  it('groups by ISO week from Monday, with the first week starting before the range', async () => {
    const response = await get(ent.owner.cookie, 'from=2026-03-04&to=2026-03-16&groupBy=week');
    const report = response.json() as Report;
    expect(report.periods.map((p) => p.start)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    const range = specs.filter(inRange('2026-03-04', '2026-03-16'));
    expect(report.periods[0]).toMatchObject(
      expected(range.filter((s) => s.at < '2026-03-09T00:00:00Z')),
    );
    expect(report.periods[0]!.jobs).toBe(2); // Wednesday and Sunday 23:59:59
    expect(report.periods[1]!.jobs).toBe(2); // Monday 00:00:00 and the 15th
    expect(report.periods[2]!.jobs).toBe(0);
    expect(report.totals).toEqual(expected(range));
  });

  it('counts `to` whole and nothing after it, by day', async () => {
    const response = await get(ent.owner.cookie, 'from=2026-03-31&to=2026-04-01&groupBy=day');
    const report = response.json() as Report;
    expect(report.periods.map((p) => [p.start, p.jobs])).toEqual([
      ['2026-03-31', 1],
      ['2026-04-01', 1],
    ]);
  });

  it('lists jobs by service type, most asked first', async () => {
    const report = (
      await get(ent.owner.cookie, 'from=2026-03-01&to=2026-04-30&groupBy=month')
    ).json() as Report;
    expect(report.services).toEqual([
      { serviceType: 'Engine', jobs: 3, completed: 2, perPeriod: [2, 1] },
      { serviceType: 'Towing', jobs: 3, completed: 0, perPeriod: [2, 1] },
      { serviceType: 'Tire repair', jobs: 2, completed: 2, perPeriod: [2, 0] },
    ]);
  });

  it('gives one row per technician and one for the owner or unassigned', async () => {
    const report = (
      await get(dispatcher.cookie, 'from=2026-03-01&to=2026-04-30&groupBy=month')
    ).json() as Report;
    const row = (name: string) => report.technicians.find((r) => r.name === name);
    expect(row('Alex Wrench')).toEqual({
      id: techIds.a,
      name: 'Alex Wrench',
      jobs: 2,
      completed: 2,
      visitFeeRevenue: 215.75,
      averageRating: 4.5,
      medianMinutesToArrive: 37.5,
    });
    expect(row('Blair Spanner')).toMatchObject({
      jobs: 2,
      completed: 1,
      visitFeeRevenue: 80,
      averageRating: 3,
      medianMinutesToArrive: 20,
    });
    expect(row('=SUM(A1)')).toMatchObject({
      jobs: 1,
      completed: 0,
      visitFeeRevenue: 0,
      averageRating: null,
      medianMinutesToArrive: 15,
    });
    expect(row(OWNER_OR_UNASSIGNED)).toMatchObject({
      id: null,
      jobs: 3,
      completed: 1,
      visitFeeRevenue: 200,
      averageRating: 5,
      medianMinutesToArrive: 60,
    });
    expect(row('Dana technician Member')).toMatchObject({ jobs: 0, completed: 0 });
    expect(report.technicians.reduce((sum, r) => sum + r.jobs, 0)).toBe(report.totals.jobs);
  });
});

describe('the downloads', () => {
  it('writes a CSV with a row per period, a total and the technicians, formulas neutralised', async () => {
    const response = await get(
      ent.owner.cookie,
      'from=2026-03-01&to=2026-04-30&groupBy=month&format=csv',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="truck-finder-report-2026-03-01-2026-04-30.csv"',
    );
    const [periods, technicians] = response.body.split('\r\n\r\n');
    const rows = periods!
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]!.slice(0, 3)).toEqual(['Period start', 'Period end', 'Jobs']);
    expect(rows[1]).toEqual([
      '2026-03-01',
      '2026-03-31',
      '6',
      '1',
      '1',
      '0',
      '3',
      '1',
      '295.75',
      '29.58',
      '4.00',
      '3',
      '8.5',
      '30.0',
    ]);
    expect(rows[3]!.slice(0, 3)).toEqual(['Total', '', '8']);
    expect(rows[3]![8]).toBe('495.75');
    const techRows = technicians!.trim().split('\r\n');
    expect(techRows[0]).toBe(
      'Technician,Jobs,Completed,Visit-fee revenue (USD),Average rating,Median minutes to arrive',
    );
    expect(techRows).toContain('Alex Wrench,2,2,215.75,4.50,37.5');
    expect(techRows).toContain("'=SUM(A1),1,0,0.00,,15.0");
    expect(techRows).toContain('Owner / unassigned,3,1,200.00,5.00,60.0');
  });

  it('writes a PDF with the same figures', async () => {
    const response = await get(
      ent.owner.cookie,
      'from=2026-03-01&to=2026-04-30&groupBy=month&format=pdf',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="truck-finder-report-2026-03-01-2026-04-30.pdf"',
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(ent.name);
    expect(text).toContain('$495.75'); // revenue, range
    expect(text).toContain('$295.75'); // March
    expect(text).toContain('$200.00'); // April
    expect(text).toContain('$49.58'); // platform fees, range
    expect(text).toContain('Alex Wrench');
    expect(text).toContain('$215.75');
    expect(text).toContain('March 2026');
  });
});

describe('who may read reports', () => {
  it('refuses a technician, a driver and a signed-out caller', async () => {
    const q = 'from=2026-03-01&to=2026-03-31&groupBy=week';
    const response = await get(technician.cookie, q);
    expect(response.statusCode).toBe(403);
    const driver = await signUp(t.app, { role: 'driver' });
    expect((await get(driver.cookie, q)).statusCode).toBe(403);
    expect((await get(undefined, q)).statusCode).toBe(401);
  });

  it.each(['basic', 'premium', null] as const)(
    'refuses an owner on %s with the plan line',
    async (plan) => {
      const { owner } = await business(plan);
      const response = await get(owner.cookie, 'from=2026-03-01&to=2026-03-31&groupBy=week');
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(featureGateMessage('customReporting'));
    },
  );

  it("shows an Enterprise owner their own business's jobs only", async () => {
    const own = await business('enterprise');
    const report = (
      await get(own.owner.cookie, 'from=2026-03-01&to=2026-04-30&groupBy=month')
    ).json() as Report;
    expect(report.totals.jobs).toBe(0);
    expect(report.technicians).toEqual([]);
    expect(report.periods).toHaveLength(2);
  });

  it.each([
    ['from=2026-03-01&groupBy=week', '`to` is required, as YYYY-MM-DD'],
    ['from=2026-3-1&to=2026-03-31&groupBy=week', 'Expected a date as YYYY-MM-DD'],
    ['from=2026-02-30&to=2026-03-31&groupBy=week', 'Expected a date as YYYY-MM-DD'],
    ['from=2026-03-31&to=2026-03-01&groupBy=week', '`from` must not be after `to`'],
    ['from=2025-01-01&to=2026-01-02&groupBy=month', 'at most 366 days'],
    ['from=2026-01-01&to=2026-04-30&groupBy=day', 'group by week or month'],
    ['from=2026-03-01&to=2026-03-31&groupBy=year', 'groupBy is one of day, week or month'],
    ['from=2026-03-01&to=2026-03-31&groupBy=week&format=xlsx', 'format is one of json, csv or pdf'],
  ])('answers 400 to %s', async (query, message) => {
    const response = await get(ent.owner.cookie, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it('takes a whole leap year and 92 days by day', async () => {
    expect(
      (await get(ent.owner.cookie, 'from=2028-01-01&to=2028-12-31&groupBy=month')).statusCode,
    ).toBe(200);
    expect(
      (await get(ent.owner.cookie, 'from=2026-03-01&to=2026-05-31&groupBy=day')).statusCode,
    ).toBe(200);
  });
});

describe('cost at scale', () => {
  /** How many statements one call sends to the database. */
  async function statementsSent(cookie: string) {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const original = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
    try {
      const response = await get(cookie, 'from=2025-01-01&to=2025-03-31&groupBy=week');
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
      ids.map((userId) => ({ userId })),
    );
    const jobs: JobRow[] = [];
    for (const [i, technicianId] of ids.entries())
      for (let j = 0; j < jobsEach; j += 1) {
        const createdAt = new Date(Date.UTC(2025, 0, 1) + ((i * 7 + j * 13) % 89) * 86_400_000);
        jobs.push({
          driverId,
          providerId: b.providerId,
          serviceType: ['Towing', 'Engine', 'Tire repair'][j % 3]!,
          description: 'job',
          status: (['completed', 'confirmed', 'in_progress', 'pending'] as const)[(i + j) % 4],
          visitFee: 90 + j,
          platformFee: 9,
          confirmedAt: later(createdAt, 5 + j),
          createdAt,
          technicianId,
        });
      }
    for (let i = 0; i < jobs.length; i += 1000) {
      const chunk = jobs.slice(i, i + 1000);
      const ids = await insertJobs(db(), chunk);
      await insertReviews(
        db(),
        chunk.flatMap((job, k) =>
          job.status === 'completed'
            ? [{ bookingId: ids[k]!, driverId, providerId: b.providerId, rating: 1 + (k % 5) }]
            : [],
        ),
      );
    }
    return b;
  }

  it('sends the same number of statements for 2 and 20 technicians', async () => {
    const small = await businessWith(2, 3);
    const large = await businessWith(20, 3);
    const a = await statementsSent(small.owner.cookie);
    expect(a).toBeGreaterThan(0);
    expect(await statementsSent(large.owner.cookie)).toBe(a);
  });

  it("reads the business's bookings through its provider index, never a scan", async () => {
    // Enough rows over several businesses that a scan would cost more than the index.
    for (let i = 0; i < 20; i += 1) await businessWith(10, 20);
    const crowd = await businessWith(30, 60);
    await analyze(db(), ['bookings', 'reviews']);
    const plans = await Promise.all(
      reportStatements({
        providerId: crowd.providerId,
        from: '2025-01-01',
        to: '2025-03-31',
        groupBy: 'week',
      }).map((statement) => explainPlan(db(), statement)),
    );
    for (const plan of plans) {
      expect(plan).toMatch(/bookings_provider(_confirmed)?_idx/);
      expect(plan).not.toMatch(/Seq Scan on (bookings|reviews)/);
    }
  }, 60_000);
});

describe('the monthly statement', () => {
  const path = '/api/reports/statement';

  it("answers the owner on any plan with the month's figures", async () => {
    const response = await get(other.owner.cookie, 'month=2026-03', path);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json() as Statement;
    expect(statement).toMatchObject({ month: '2026-03', from: '2026-03-01', to: '2026-03-31' });
    expect(statement.figures).toMatchObject({
      jobs: 1,
      visitFeeRevenue: 500,
      platformFees: 50,
      averageRating: 1,
    });
  });

  it('answers the PDF', async () => {
    const response = await get(ent.owner.cookie, 'month=2026-03&format=pdf', path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="truck-finder-statement-2026-03.pdf"',
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Statement for March 2026');
    expect(text).toContain('$295.75');
    expect(text).toContain('$29.58');
  });

  it('refuses members, drivers and bad months', async () => {
    expect((await get(dispatcher.cookie, 'month=2026-03', path)).statusCode).toBe(403);
    expect((await get(technician.cookie, 'month=2026-03', path)).statusCode).toBe(403);
    expect((await get(undefined, 'month=2026-03', path)).statusCode).toBe(401);
    for (const month of ['2026-13', '2026-3', 'march', '']) {
      const response = await get(ent.owner.cookie, `month=${month}`, path);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('Expected a month as YYYY-MM');
    }
  });

  it('is emailed once on the 1st with its PDF, and a later run sends nothing again', async () => {
    const to = await ownerEmail(db(), ent.owner.user.id);
    const march = async () =>
      (await emailsTo(db(), to)).filter((e) => e.subject.includes('March 2026'));
    // The last day of March: nothing for March yet.
    await t.app.statementsJob.run(new Date('2026-03-31T23:30:00Z'));
    expect(await march()).toHaveLength(0);

    await t.app.statementsJob.run(new Date('2026-04-01T00:05:00Z'));
    const [email, ...more] = await march();
    expect(more).toHaveLength(0);
    expect(email!.subject).toBe('Your Truck Finder statement for March 2026');
    expect(email!.text).toContain('6 jobs asked for, 3 completed.');
    expect(email!.text).toContain('Visit-fee revenue $295.75, platform fees $29.58.');
    const [attachment] = email!.attachments!;
    expect(attachment).toMatchObject({
      filename: 'truck-finder-statement-2026-03.pdf',
      contentType: 'application/pdf',
    });
    const text = await pdfText(Buffer.from(attachment!.content, 'base64'));
    expect(text).toContain('$295.75');

    // Every plan: the other business's owner got theirs too.
    const otherMail = await emailsTo(db(), await ownerEmail(db(), other.owner.user.id));
    expect(otherMail.filter((e) => e.subject.includes('March 2026'))).toHaveLength(1);

    await t.app.statementsJob.run(new Date('2026-04-01T01:05:00Z'));
    await t.app.statementsJob.run(new Date('2026-04-15T12:00:00Z'));
    expect(await march()).toHaveLength(1);
    expect((await statementsOf(db(), ent.providerId)).map((s) => s.month)).toContain('2026-03');
  });

  it('skips a business without jobs in the month', async () => {
    const quiet = await business('enterprise');
    await t.app.statementsJob.run(new Date('2026-04-02T00:00:00Z'));
    expect(await statementsOf(db(), quiet.providerId)).toEqual([]);
    const mail = await emailsTo(db(), await ownerEmail(db(), quiet.owner.user.id));
    expect(mail.filter((e) => e.subject.includes('statement'))).toHaveLength(0);
  });
});
