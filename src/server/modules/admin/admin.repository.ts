import { and, count, desc, eq, gte, ilike, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminDashboard,
  AdminProvidersQuery,
  AdminUsersQuery,
  AuditEntry,
  AuditQuery,
} from '../../../core/admin/schemas.ts';
import type { AuditAction } from '../../../core/admin/audit-actions.ts';
import type { PlanType } from '../../../core/billing/plans.ts';
import { selectRows, type Executor } from '../../db/client.ts';
import {
  auditLog,
  bookings,
  payments,
  serviceProviders as sp,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { providerColumns, toPendingChanges, toProvider } from '../providers/index.ts';
import { toPublicUser } from '../users/index.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

/** Per booking, 10 % of the actual cost (else the visit fee), rounded half up to the cent. */
const commissionCents = (cost: SQL) => sql`floor((round(${cost} * 100) * 10 + 50) / 100)`;
const bookingCost = sql`coalesce(${bookings.actualCost}, ${bookings.visitFee}, 0)`;

const DAYS = 30;

/**
 * Every figure of the admin dashboard in one statement (one round trip). The booking figures read
 * bookings_status_idx and bookings_created_at_idx alone: both carry status and amounts.
 */
export async function dashboard(db: Executor, now: Date): Promise<AdminDashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const since = new Date(today.getTime() - (DAYS - 1) * 86_400_000);
  const [row] = await selectRows<{ stats: Record<string, unknown> }>(
    db,
    sql`
    select json_build_object(
      'totalUsers', (select count(*) from ${users}),
      'totalDrivers', (select count(*) from ${users} where ${users.role} = 'driver'),
      'totalMechanics', (select count(*) from ${users} where ${users.role} = 'mechanic'),
      'totalProviders', (select count(*) from ${sp}),
      'activeProviders', (select count(*) from ${sp} where ${sp.verification} = 'approved'
        and ${sp.suspendedAt} is null and ${sp.status} <> 'offline'),
      'pendingVerifications', (select count(*) from ${sp} where ${sp.verification} = 'pending'
        or ${sp.pendingChanges} is not null),
      'byStatus', (select json_object_agg(status, n) from (
        select ${bookings.status} as status, count(*) as n from ${bookings} group by 1) s),
      'commissionCents', (select coalesce(sum(${commissionCents(bookingCost)}), 0)
        from ${bookings} where ${bookings.status} = 'completed'),
      'todaysBookings', (select count(*) from ${bookings}
        where ${bookings.createdAt} >= ${today.toISOString()}::timestamptz),
      'daily', (select coalesce(json_agg(d order by d.date), '[]'::json) from (
        select to_char(date_trunc('day', ${bookings.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as date,
          count(*) as bookings,
          coalesce(sum(${commissionCents(bookingCost)}) filter (where ${bookings.status} = 'completed'), 0) as cents
        from ${bookings} where ${bookings.createdAt} >= ${since.toISOString()}::timestamptz
        group by 1) d),
      'subscriptionCents', (select coalesce(sum(round(${payments.amount} * 100)
          * case when ${payments.status} = 'refunded' then -1 else 1 end), 0)
        from ${payments} where ${payments.subscriptionId} is not null
          and ${payments.status} in ('completed', 'refunded')
          and ${payments.createdAt} >= ${monthStart.toISOString()}::timestamptz),
      'activePlans', (select json_object_agg(plan_type, n) from (
        select ${subscriptions.planType} as plan_type, count(*) as n from ${subscriptions}
        where ${subscriptions.status} in ('active', 'past_due') and ${subscriptions.endDate} > now()
        group by 1) p)
    ) as stats`,
  );
  const raw = row?.stats ?? {};
  const byStatus = (raw.byStatus ?? {}) as Record<string, number>;
  const plans = (raw.activePlans ?? {}) as Partial<Record<PlanType, number>>;
  const days = new Map(
    ((raw.daily ?? []) as { date: string; bookings: number; cents: number }[]).map((d) => [
      d.date,
      d,
    ]),
  );
  const n = (value: unknown) => Number(value ?? 0);
  return {
    totalUsers: n(raw.totalUsers),
    totalDrivers: n(raw.totalDrivers),
    totalMechanics: n(raw.totalMechanics),
    totalProviders: n(raw.totalProviders),
    activeProviders: n(raw.activeProviders),
    totalBookings: Object.values(byStatus).reduce((sum, v) => sum + n(v), 0),
    pendingBookings: n(byStatus.pending),
    completedBookings: n(byStatus.completed),
    totalRevenue: n(raw.commissionCents) / 100,
    todaysBookings: n(raw.todaysBookings),
    pendingVerifications: n(raw.pendingVerifications),
    subscriptionRevenueThisMonth: n(raw.subscriptionCents) / 100,
    activePlans: {
      basic: n(plans.basic),
      premium: n(plans.premium),
      enterprise: n(plans.enterprise),
    },
    daily: Array.from({ length: DAYS }, (_, i) => {
      const date = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const day = days.get(date);
      return { date, bookings: n(day?.bookings), revenue: n(day?.cents) / 100 };
    }),
  };
}

const page = (q: { page: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.page - 1) * q.pageSize,
});

export function toAdminUser(row: typeof users.$inferSelect) {
  return {
    ...toPublicUser(row),
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspendedReason: row.suspendedReason,
  };
}

export async function pageUsers(db: Executor, q: AdminUsersQuery) {
  const where = and(
    q.role ? eq(users.role, q.role) : undefined,
    q.search
      ? or(
          ilike(users.name, contains(q.search)),
          ilike(users.email, contains(q.search)),
          ilike(users.username, contains(q.search)),
        )
      : undefined,
  );
  const { limit, offset } = page(q);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUser), total: counted?.total ?? 0 };
}

export async function findUserRow(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The plan in force of each owner, for the provider tables. */
const planInForce = sql<PlanType | null>`(select ${subscriptions.planType} from ${subscriptions}
  where ${subscriptions.userId} = ${sp.userId} and ${subscriptions.status} in ('active', 'past_due')
    and ${subscriptions.endDate} > now()
  order by ${subscriptions.createdAt} desc limit 1)`;

/** A page of providers; `ownerId` narrows it to one owner's business. */
export async function pageProviders(db: Executor, q: AdminProvidersQuery, ownerId?: string) {
  const where = and(
    ownerId ? eq(sp.userId, ownerId) : undefined,
    q.search
      ? or(
          ilike(sp.businessName, contains(q.search)),
          ilike(sp.email, contains(q.search)),
          ilike(users.email, contains(q.search)),
        )
      : undefined,
    q.status ? eq(sp.status, q.status) : undefined,
    // The verification queue also holds verified businesses whose changes await review.
    q.verification === 'pending'
      ? or(eq(sp.verification, 'pending'), isNotNull(sp.pendingChanges))
      : q.verification
        ? eq(sp.verification, q.verification)
        : undefined,
    q.serviceType ? eq(sp.serviceType, q.serviceType) : undefined,
    q.plan === 'none'
      ? sql`${planInForce} is null`
      : q.plan
        ? sql`${planInForce} = ${q.plan}`
        : undefined,
  );
  const { limit, offset } = page(q);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        provider: providerColumns,
        licenseNumber: sp.licenseNumber,
        insurancePolicy: sp.insurancePolicy,
        verificationReason: sp.verificationReason,
        pendingValues: sp.pendingChanges,
        pendingSince: sp.pendingSince,
        owner: {
          id: users.id,
          name: users.name,
          email: users.email,
          suspendedAt: users.suspendedAt,
        },
        plan: planInForce,
        // One aggregate per page row over bookings_provider_idx: at most a page of them.
        completed: sql<{ n: number; cents: number }>`(select json_build_object('n', count(*),
          'cents', coalesce(sum(${commissionCents(bookingCost)}), 0)) from ${bookings}
          where ${bookings.providerId} = ${sp.id} and ${bookings.status} = 'completed')`,
      })
      .from(sp)
      .innerJoin(users, eq(users.id, sp.userId))
      .where(where)
      .orderBy(desc(sp.createdAt), desc(sp.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(sp).innerJoin(users, eq(users.id, sp.userId)).where(where),
  ]);
  return {
    providers: rows.map((row) => ({
      ...toProvider(row.provider),
      licenseNumber: row.licenseNumber,
      insurancePolicy: row.insurancePolicy,
      verificationReason: row.verificationReason,
      pendingChanges: toPendingChanges({ values: row.pendingValues, since: row.pendingSince }),
      owner: { ...row.owner, suspendedAt: row.owner.suspendedAt?.toISOString() ?? null },
      plan: row.plan ?? null,
      completedBookings: Number(row.completed?.n ?? 0),
      commission: Number(row.completed?.cents ?? 0) / 100,
    })),
    total: counted?.total ?? 0,
  };
}

export async function insertAudit(
  db: Executor,
  entry: {
    actorId: string;
    action: AuditAction;
    targetType: AuditEntry['targetType'];
    targetId: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    reason: string | null;
  },
) {
  await db.insert(auditLog).values(entry);
}

export async function pageAudit(db: Executor, q: AuditQuery) {
  const where = and(
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.from ? gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to
      ? lt(auditLog.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000))
      : undefined,
  );
  const { limit, offset } = page(q);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const entries: AuditEntry[] = rows.map(({ entry, actorName, actorEmail }) => ({
    id: entry.id,
    actor: { id: entry.actorId, name: actorName ?? 'Deleted account', email: actorEmail ?? '' },
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, total: counted?.total ?? 0 };
}

/** Bookings created in [from, to): the CSV export's rows, oldest first. */
export async function bookingsForExport(db: Executor, from: Date, to: Date) {
  return db
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      status: bookings.status,
      serviceType: bookings.serviceType,
      business: sp.businessName,
      driverName: users.name,
      driverEmail: users.email,
      visitFee: bookings.visitFee,
      platformFee: bookings.platformFee,
      estimatedCost: bookings.estimatedCost,
      actualCost: bookings.actualCost,
      commissionCents: sql<number>`case when ${bookings.status} = 'completed'
        then ${commissionCents(bookingCost)} else 0 end`,
    })
    .from(bookings)
    .innerJoin(sp, eq(sp.id, bookings.providerId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(and(gte(bookings.createdAt, from), lt(bookings.createdAt, to)))
    .orderBy(bookings.createdAt, bookings.id);
}

/** Payments made in [from, to), oldest first. */
export async function paymentsForExport(db: Executor, from: Date, to: Date) {
  return db
    .select({
      number: payments.number,
      createdAt: payments.createdAt,
      userEmail: users.email,
      kind: sql<string>`case when ${payments.subscriptionId} is not null then 'subscription'
        when ${payments.bookingId} is not null then 'job' else 'other' end`,
      description: payments.description,
      method: payments.paymentMethod,
      status: payments.status,
      amount: payments.amount,
      currency: payments.currency,
      bookingId: payments.bookingId,
      subscriptionId: payments.subscriptionId,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .orderBy(payments.createdAt, payments.id);
}
