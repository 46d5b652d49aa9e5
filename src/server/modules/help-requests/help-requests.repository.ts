import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  sql,
} from 'drizzle-orm';
import type {
  HelpRequestStatus,
  InviteStatus,
} from '../../../core/help-requests/help-request-rules.ts';
import type { HelpInvite, HelpRequest } from '../../../core/help-requests/help-request.ts';
import type { Executor } from '../../db/client.ts';
import { helpRequestInvites, helpRequests, serviceProviders } from '../../db/schema/index.ts';

export type StoredHelpRequest = typeof helpRequests.$inferSelect;

export async function insertHelpRequest(
  db: Executor,
  values: typeof helpRequests.$inferInsert,
): Promise<StoredHelpRequest> {
  const [row] = await db.insert(helpRequests).values(values).returning();
  return row!;
}

export async function insertInvites(
  db: Executor,
  requestId: string,
  providerIds: string[],
  round: number,
  when: { askedAt: Date; notifiedAt: Date | null },
): Promise<void> {
  if (providerIds.length)
    await db
      .insert(helpRequestInvites)
      .values(providerIds.map((providerId) => ({ requestId, providerId, round, ...when })));
}

/** Drops the invites nobody has told yet: those providers were never asked, nor will be. */
export async function dropDeferredInvites(db: Executor, requestId: string) {
  await db
    .delete(helpRequestInvites)
    .where(
      and(
        eq(helpRequestInvites.requestId, requestId),
        eq(helpRequestInvites.status, 'asked'),
        isNull(helpRequestInvites.notifiedAt),
      ),
    );
}

/**
 * Deferred invites whose time has come and nobody has told yet, claimed for this runner (rows
 * another server holds are skipped), and marked told in the caller's transaction.
 */
export async function claimDueInvites(db: Executor, now: Date, limit: number) {
  const rows = await db
    .select({ requestId: helpRequestInvites.requestId, providerId: helpRequestInvites.providerId })
    .from(helpRequestInvites)
    .where(
      and(
        isNull(helpRequestInvites.notifiedAt),
        eq(helpRequestInvites.status, 'asked'),
        lte(helpRequestInvites.askedAt, now),
      ),
    )
    .orderBy(asc(helpRequestInvites.askedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const row of rows)
    await db
      .update(helpRequestInvites)
      .set({ notifiedAt: now })
      .where(
        and(
          eq(helpRequestInvites.requestId, row.requestId),
          eq(helpRequestInvites.providerId, row.providerId),
        ),
      );
  return rows;
}

/** The request, locked until the transaction ends: answers to it happen one at a time. */
export async function lockHelpRequest(
  db: Executor,
  id: string,
): Promise<StoredHelpRequest | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.id, id)).for('update');
  return row;
}

export async function findHelpRequest(
  db: Executor,
  id: string,
): Promise<StoredHelpRequest | undefined> {
  const [row] = await db.select().from(helpRequests).where(eq(helpRequests.id, id));
  return row;
}

export async function updateHelpRequest(
  db: Executor,
  id: string,
  values: Partial<typeof helpRequests.$inferInsert>,
): Promise<void> {
  await db.update(helpRequests).set(values).where(eq(helpRequests.id, id));
}

/** Moves the request's invites from one answer to another: one provider's, or all but one's. */
export async function moveInvites(
  db: Executor,
  requestId: string,
  from: InviteStatus,
  to: InviteStatus,
  now: Date,
  which: { only?: string; except?: string } = {},
): Promise<void> {
  await db
    .update(helpRequestInvites)
    .set({ status: to, answeredAt: now })
    .where(
      and(
        eq(helpRequestInvites.requestId, requestId),
        eq(helpRequestInvites.status, from),
        which.only ? eq(helpRequestInvites.providerId, which.only) : undefined,
        which.except ? ne(helpRequestInvites.providerId, which.except) : undefined,
      ),
    );
}

export async function findInvite(db: Executor, requestId: string, providerId: string) {
  const [row] = await db
    .select()
    .from(helpRequestInvites)
    .where(
      and(
        eq(helpRequestInvites.requestId, requestId),
        eq(helpRequestInvites.providerId, providerId),
      ),
    );
  return row;
}

/**
 * The providers asked so far, with their owners (who receive the events); with `toldOnly`, only
 * those already told (a deferred invite's provider hears nothing before its time).
 */
export async function invitedProviders(db: Executor, requestId: string, toldOnly = false) {
  return db
    .select({
      providerId: helpRequestInvites.providerId,
      ownerId: serviceProviders.userId,
      status: helpRequestInvites.status,
    })
    .from(helpRequestInvites)
    .innerJoin(serviceProviders, eq(serviceProviders.id, helpRequestInvites.providerId))
    .where(
      and(
        eq(helpRequestInvites.requestId, requestId),
        toldOnly ? isNotNull(helpRequestInvites.notifiedAt) : undefined,
      ),
    );
}

/** The driver's view of a request: every provider asked, in the order they were asked. */
export async function helpRequestView(db: Executor, row: StoredHelpRequest): Promise<HelpRequest> {
  const invites = await db
    .select({
      providerId: helpRequestInvites.providerId,
      businessName: serviceProviders.businessName,
      status: helpRequestInvites.status,
      round: helpRequestInvites.round,
    })
    .from(helpRequestInvites)
    .innerJoin(serviceProviders, eq(serviceProviders.id, helpRequestInvites.providerId))
    .where(eq(helpRequestInvites.requestId, row.id))
    .orderBy(asc(helpRequestInvites.round), asc(helpRequestInvites.askedAt));
  return {
    id: row.id,
    status: row.status as HelpRequestStatus,
    serviceType: row.serviceType,
    radiusMiles: row.radiusMiles,
    round: row.round,
    nextStepAt: row.status === 'open' ? (row.nextStepAt?.toISOString() ?? null) : null,
    bookingId: row.bookingId,
    createdAt: row.createdAt.toISOString(),
    invites: invites.map((i) => ({ ...i, status: i.status as InviteStatus })),
  };
}

export async function listDriverRequests(db: Executor, driverId: string, limit: number) {
  return db
    .select()
    .from(helpRequests)
    .where(eq(helpRequests.driverId, driverId))
    .orderBy(desc(helpRequests.createdAt))
    .limit(limit);
}

/** The requests a business was asked, newest first. */
export async function listInvites(
  db: Executor,
  providerId: string,
  limit: number,
  paying: boolean,
): Promise<HelpInvite[]> {
  const rows = await db
    .select({ invite: helpRequestInvites, request: helpRequests })
    .from(helpRequestInvites)
    .innerJoin(helpRequests, eq(helpRequests.id, helpRequestInvites.requestId))
    // A deferred invite shows once its provider is told, when the head start is over.
    .where(
      and(eq(helpRequestInvites.providerId, providerId), isNotNull(helpRequestInvites.notifiedAt)),
    )
    .orderBy(desc(helpRequestInvites.askedAt))
    .limit(limit);
  return rows.map(({ invite, request }) => {
    // Where the truck is and what it needs, only while the provider may still take the job, or
    // once they have: the others see the request's outcome and nothing more.
    const involved =
      invite.status === 'accepted' || (invite.status === 'asked' && request.status === 'open');
    return {
      id: request.id,
      providerId: invite.providerId,
      status: invite.status as InviteStatus,
      requestStatus: request.status as HelpRequestStatus,
      serviceType: request.serviceType,
      description: involved ? (request.request.description ?? '') : '',
      vehicleDetails: involved ? request.request.vehicleDetails || null : null,
      location: involved ? request.request.location || null : null,
      truckLocation: involved ? (request.request.truckLocation ?? null) : null,
      latitude: involved ? request.latitude : null,
      longitude: involved ? request.longitude : null,
      askedAt: invite.askedAt.toISOString(),
      // The Emergency lane is a paying plan's: Basic providers see an ordinary request.
      emergency: paying && request.emergency,
    };
  });
}

/** The open request whose next step is due soonest (not one of `skip`), claimed for this runner. */
export async function claimDueRequest(
  db: Executor,
  now: Date,
  skip: string[],
): Promise<StoredHelpRequest | undefined> {
  const [row] = await db
    .select()
    .from(helpRequests)
    .where(
      and(
        eq(helpRequests.status, 'open'),
        lte(helpRequests.nextStepAt, now),
        skip.length ? notInArray(helpRequests.id, skip) : undefined,
      ),
    )
    .orderBy(asc(helpRequests.nextStepAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Whether every provider asked in the given step has declined. */
export async function allDeclined(
  db: Executor,
  requestId: string,
  round: number,
): Promise<boolean> {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${helpRequestInvites.status} <> 'declined')`,
    })
    .from(helpRequestInvites)
    .where(and(eq(helpRequestInvites.requestId, requestId), eq(helpRequestInvites.round, round)));
  return Number(row?.open ?? 0) === 0;
}

export const providerIdsIn = (db: Executor, ids: string[]) =>
  db
    .select({ id: serviceProviders.id, ownerId: serviceProviders.userId })
    .from(serviceProviders)
    .where(inArray(serviceProviders.id, ids));
