import { AppError } from '../../../core/errors.ts';
import { fromCents } from '../../../core/money.ts';
import {
  monthOf,
  monthRange,
  periodEnd,
  periodsOf,
  previousMonth,
} from '../../../core/reports/rules.ts';
import {
  OWNER_OR_UNASSIGNED,
  type Report,
  type ReportFigures,
  type ReportQuery,
  type ReportTechnician,
  type Statement,
  type StatementQuery,
} from '../../../core/reports/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { insertEmail, type Mailer } from '../mail/index.ts';
import { requireFeature, type BusinessAccess } from '../team/index.ts';
import * as repo from './reports.repository.ts';
import { reportCsv } from './reports.csv.ts';
import { reportPdf, statementPdf } from './reports.pdf.ts';

const count = (value: number | string | null | undefined) => Number(value ?? 0);
const dollars = (cents: number | string | null | undefined) => fromCents(count(cents));
/** Minutes to one decimal. */
const minutes = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;
/** Mean stars to two decimals. */
const meanStars = (stars: number | string | null, reviews: number | string) =>
  count(reviews) === 0 ? null : Math.round((count(stars) / count(reviews)) * 100) / 100;

function figures(row: repo.FiguresRow | undefined) {
  return {
    jobs: count(row?.jobs),
    byStatus: {
      pending: count(row?.pending),
      confirmed: count(row?.confirmed),
      in_progress: count(row?.in_progress),
      completed: count(row?.completed),
      cancelled: count(row?.cancelled),
    },
    visitFeeRevenue: dollars(row?.revenue_cents),
    platformFees: dollars(row?.fee_cents),
    averageRating: row ? meanStars(row.stars, row.reviews) : null,
    reviews: count(row?.reviews),
    medianMinutesToAccept: minutes(row?.median_to_accept ?? null),
    medianMinutesToArrive: minutes(row?.median_to_arrive ?? null),
  } satisfies ReportFigures;
}

/** How many statements the job writes per batch (each one a PDF and a queued email). */
const STATEMENT_BATCH = 50;

/** Custom reports (Enterprise) and the monthly statement (every plan): docs/decisions/058-reports.md. */
export function createReportsService(deps: {
  db: Database;
  access: BusinessAccess;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { db, access } = deps;

  async function build(providerId: string, query: Omit<ReportQuery, 'format'>): Promise<Report> {
    const w = { providerId, from: query.from, to: query.to, groupBy: query.groupBy };
    const [business, rows] = await Promise.all([
      repo.findBusiness(db, providerId),
      repo.readReport(db, w),
    ]);
    if (!business) throw new AppError('not_found', 'You have no business yet');
    const byPeriod = new Map(rows.figures.map((r) => [r.period, r]));
    const periods = periodsOf(query.from, query.to, query.groupBy);
    const periodIndex = new Map(periods.map((p, i) => [p.start, i]));

    const services = new Map<string, Report['services'][number]>();
    const serviceOf = (type: string) => {
      let row = services.get(type);
      if (!row)
        services.set(
          type,
          (row = { serviceType: type, jobs: 0, completed: 0, perPeriod: periods.map(() => 0) }),
        );
      return row;
    };
    for (const r of rows.services) {
      const row = serviceOf(r.service_type);
      if (r.period === null) {
        row.jobs = count(r.jobs);
        row.completed = count(r.completed);
      } else {
        const i = periodIndex.get(r.period);
        if (i !== undefined) row.perPeriod[i] = count(r.jobs);
      }
    }

    return {
      businessName: business.business_name,
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      totals: figures(byPeriod.get(null)),
      periods: periods.map((p) => ({
        start: p.start,
        end: periodEnd(p.start, query.groupBy),
        ...figures(byPeriod.get(p.start)),
      })),
      services: [...services.values()].sort(
        (a, b) => b.jobs - a.jobs || a.serviceType.localeCompare(b.serviceType),
      ),
      technicians: await technicians(rows),
    };
  }

  async function technicians(rows: Awaited<ReturnType<typeof repo.readReport>>) {
    if (rows.people.length === 0) return [];
    const byId = new Map(rows.technicians.map((r) => [r.technician_id, r]));
    const members = new Set(rows.people.map((p) => p.id));
    const former = rows.technicians
      .map((r) => r.technician_id)
      .filter((id): id is string => id !== null && !members.has(id));
    const formerNames = await repo.namesOf(db, former);
    const row = (id: string | null, name: string): ReportTechnician => {
      const r = byId.get(id);
      return {
        id,
        name,
        jobs: count(r?.jobs),
        completed: count(r?.completed),
        visitFeeRevenue: dollars(r?.revenue_cents),
        averageRating: r ? meanStars(r.stars, r.reviews) : null,
        medianMinutesToArrive: minutes(r?.median_to_arrive ?? null),
      };
    };
    return [
      ...rows.people.map((p) => row(p.id, p.name)),
      ...former.map((id) => row(id, formerNames.get(id) ?? 'Former member')),
      row(null, OWNER_OR_UNASSIGNED),
    ];
  }

  async function statementOf(providerId: string, month: string): Promise<Statement> {
    const range = monthRange(month);
    const report = await build(providerId, { ...range, groupBy: 'month' });
    return {
      businessName: report.businessName,
      month,
      ...range,
      figures: report.totals,
      services: report.services,
    };
  }

  /** Writes and queues the statements of `month`; answers how many were sent. */
  async function sendStatements(month: string): Promise<number> {
    const range = { ...monthRange(month), key: month };
    let sent = 0;
    for (;;) {
      const batch = await repo.businessesToState(db, range, STATEMENT_BATCH);
      if (batch.length === 0) return sent;
      for (const providerId of batch) {
        const [statement, business] = await Promise.all([
          statementOf(providerId, month),
          repo.findBusiness(db, providerId),
        ]);
        if (!business) continue;
        const pdf = await statementPdf(statement);
        const queued = await db.transaction(async (tx) => {
          if (!(await repo.claimStatement(tx, providerId, month))) return false;
          await insertEmail(tx, statementEmail(business, statement, pdf, deps.publicUrl));
          return true;
        });
        if (queued) sent += 1;
      }
      await deps.mailer.deliverQueued();
    }
  }

  return {
    /** The report of the caller's business (owner or dispatcher of an Enterprise business). */
    async report(user: PublicUser, query: ReportQuery) {
      const side = await access.requireSide(db, user);
      if (side.role === 'technician')
        throw new AppError('forbidden', 'Only the owner and dispatchers see reports');
      requireFeature(side, 'customReporting');
      const report = await build(side.providerId, query);
      const format = query.format ?? 'json';
      if (format === 'csv') return { format, report, body: reportCsv(report) } as const;
      if (format === 'pdf') return { format, report, body: await reportPdf(report) } as const;
      return { format, report } as const;
    },

    /** A month's statement of the caller's business (its owner, any plan). */
    async statement(user: PublicUser, query: StatementQuery) {
      const side = await access.requireSide(db, user);
      if (side.role !== 'owner')
        throw new AppError('forbidden', "Only the business's owner sees its statements");
      const statement = await statementOf(side.providerId, query.month);
      if (query.format === 'pdf')
        return { format: 'pdf', statement, body: await statementPdf(statement) } as const;
      return { format: 'json', statement } as const;
    },

    sendStatements,

    /**
     * Hourly; from the 1st of a month (UTC) on, emails each owner whose business had jobs the month
     * before its statement, once (a run that missed the 1st catches up).
     */
    statementsJob: {
      name: 'monthly-statements',
      intervalMs: 60 * 60_000,
      run: async (now: Date) => {
        await sendStatements(previousMonth(monthOf(now)));
      },
    } satisfies Job,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const statementFilename = (month: string) => `truck-finder-statement-${month}.pdf`;

function statementEmail(
  business: repo.BusinessRow,
  statement: Statement,
  pdf: Buffer,
  publicUrl: string,
) {
  const f = statement.figures;
  const lines = [
    `Hello ${business.owner_name},`,
    '',
    `Here is the statement of ${business.business_name} for ${monthName(statement.month)}:`,
    `${f.jobs} ${f.jobs === 1 ? 'job' : 'jobs'} asked for, ${f.byStatus.completed} completed.`,
    `Visit-fee revenue $${f.visitFeeRevenue.toFixed(2)}, platform fees $${f.platformFees.toFixed(2)}.`,
    f.averageRating === null
      ? 'No reviews this month.'
      : `Average rating ${f.averageRating.toFixed(2)} from ${f.reviews} ${f.reviews === 1 ? 'review' : 'reviews'}.`,
    '',
    'The statement is attached as a PDF. Past statements are under Reports:',
    `${publicUrl.replace(/\/$/, '')}/reports`,
    '',
    'Truck Finder',
  ];
  return {
    to: business.owner_email,
    subject: `Your Truck Finder statement for ${monthName(statement.month)}`,
    text: lines.join('\n'),
    attachments: [
      {
        filename: statementFilename(statement.month),
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
      },
    ],
  };
}
