import { earliestBookableDate, type Booking } from '../../../core/bookings/schemas.ts';
import { besideTraffic } from '../../../core/bookings/safety.ts';
import { hasFeature } from '../../../core/billing/plan-features.ts';
import type { PlanType } from '../../../core/billing/plans.ts';
import { AppError } from '../../../core/errors.ts';
import {
  HELP_CLOSED,
  HELP_NOT_INVITED,
  HELP_PROVIDERS_PER_STEP,
  HELP_RADII_MILES,
  HELP_TAKEN,
} from '../../../core/help-requests/help-request-rules.ts';
import type {
  CreateHelpRequestInput,
  HelpInvite,
  HelpRequest,
} from '../../../core/help-requests/help-request.ts';
import { serviceOptionsFor } from '../../../core/providers/catalog.ts';
import { providerSearchSchema } from '../../../core/providers/search.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { isAdminActFor, recordAdminAct } from '../admin/index.ts';
import type { BookingsService } from '../bookings/index.ts';
import { dispatcherIds, type BusinessAccess } from '../team/index.ts';
import type { ServerText } from '../../i18n/index.ts';
import { insertNotifications } from '../notifications/index.ts';
import { findProviderById, isListed, searchProviders } from '../providers/index.ts';
import type { WebhookEvents } from '../webhooks/index.ts';
import * as repo from './help-requests.repository.ts';

const LIST_LIMIT = 50;
/** Candidates read per step before those already asked are set aside. */
const CANDIDATES = 200;
const DUE_PER_RUN = 50;

const serves = (
  provider: { serviceType: Parameters<typeof serviceOptionsFor>[0] },
  service: string,
) => serviceOptionsFor(provider.serviceType).includes(service);

export function createHelpRequestsService(
  db: Database,
  events: EventBus,
  bookings: Pick<BookingsService, 'createAccepted'>,
  options: {
    escalateAfterMs: number;
    /** How long Premium/Enterprise providers of a step are asked before Basic ones. */
    headStartMs: number;
    planOf: (exec: Executor, userId: string) => Promise<PlanType | null>;
    /** The business a user works for: its owner or a dispatcher answers its requests. */
    businessAccess: Pick<BusinessAccess, 'sideOf'>;
    /** Tells the businesses' webhooks of requests offered and taken. */
    webhooks?: Pick<WebhookEvents, 'helpRequest'>;
  },
) {
  /** The next step leaves the last asked the same time to answer as the first. */
  const nextStep = (now: Date, deferred = false) =>
    new Date(now.getTime() + options.escalateAfterMs + (deferred ? options.headStartMs : 0));

  /**
   * Asks a step's providers: those whose owner's plan has the priority queue at once (and tells
   * them now), the others `headStartMs` later (the escalation job tells them when it comes). A
   * step with no paying provider asks everyone at once: a head start over nobody only delays the
   * driver. Answers whether some invites were deferred.
   */
  async function askStep(
    exec: Executor,
    row: repo.StoredHelpRequest,
    chosen: string[],
    round: number,
    now: Date,
  ): Promise<boolean> {
    const owners = await repo.providerIdsIn(exec, chosen);
    const priority = new Set<string>();
    for (const owner of owners)
      if (hasFeature(await options.planOf(exec, owner.ownerId), 'priorityQueue'))
        priority.add(owner.id);
    const first = chosen.filter((id) => priority.has(id));
    const later = chosen.filter((id) => !priority.has(id));
    if (!first.length || !later.length || options.headStartMs === 0) {
      await repo.insertInvites(exec, row.id, chosen, round, { askedAt: now, notifiedAt: now });
      await notifyAsked(exec, row, chosen);
      return false;
    }
    await repo.insertInvites(exec, row.id, first, round, { askedAt: now, notifiedAt: now });
    await repo.insertInvites(exec, row.id, later, round, {
      askedAt: new Date(now.getTime() + options.headStartMs),
      notifiedAt: null,
    });
    await notifyAsked(exec, row, first);
    return true;
  }

  /** Up to five available providers for the service within `radius`, in the search's order. */
  async function pick(
    exec: Executor,
    request: { serviceType: string; latitude: number; longitude: number },
    radius: number,
    asked: Set<string>,
  ) {
    const search = providerSearchSchema.parse({
      latitude: request.latitude,
      longitude: request.longitude,
      radius,
      status: 'available',
      limit: CANDIDATES,
      fields: 'full',
    });
    const { items } = await searchProviders(exec, search);
    return items
      .filter((p) => !asked.has(p.id) && serves(p, request.serviceType))
      .slice(0, HELP_PROVIDERS_PER_STEP)
      .map((p) => p.id);
  }

  /**
   * Who answers a business's requests: its owner, and its dispatchers while the plan has team
   * accounts (docs/product.md, "Teams").
   */
  async function answerers(exec: Executor, providerId: string, ownerId: string) {
    if (!hasFeature(await options.planOf(exec, ownerId), 'team')) return [ownerId];
    return [ownerId, ...(await dispatcherIds(exec, providerId))];
  }

  /** Tells the driver and every provider asked that the request changed. */
  async function tell(exec: Executor, row: repo.StoredHelpRequest) {
    const asked = await repo.invitedProviders(exec, row.id, true);
    const people: string[] = [];
    for (const a of asked) people.push(...(await answerers(exec, a.providerId, a.ownerId)));
    await events.publish(
      exec,
      { userIds: [row.driverId, ...people] },
      { type: 'help-request', data: { id: row.id, status: row.status as HelpRequest['status'] } },
    );
  }

  /**
   * Notifies the owners (and dispatchers) of newly asked providers, in the caller's transaction. The notification
   * (and its email copy, and its live event) says nothing of where the truck is: rows and emails
   * outlive the invitation, and the request itself shows the place only while they are asked.
   */
  async function notifyAsked(exec: Executor, row: repo.StoredHelpRequest, providerIds: string[]) {
    const businesses = await repo.providerIdsIn(exec, providerIds);
    await options.webhooks?.helpRequest(exec, 'help_request.offered', providerIds, row);
    const people: string[] = [];
    for (const b of businesses) people.push(...(await answerers(exec, b.id, b.ownerId)));
    // The safety flag of decision 027: a truck in a lane or on a shoulder.
    const urgent = besideTraffic(row.request.truckLocation);
    const stored = await insertNotifications(
      exec,
      people.map((userId) => ({
        userId,
        type: 'booking_update' as const,
        title: ({ t }: ServerText) => t(urgent ? 'urgentHelpNeeded' : 'helpNeeded'),
        message: ({ t, label }: ServerText) =>
          t('helpNeededMessage', {
            service: label('service', row.serviceType),
            traffic: urgent ? t('besideTraffic') : '',
          }),
        metadata: {
          helpRequestId: row.id,
          category: 'job_requests' as const,
          ...(urgent ? { urgent: true } : {}),
        },
      })),
    );
    for (const [i, notification] of stored.entries())
      await events.publish(
        exec,
        { userIds: [people[i]!] },
        { type: 'notification', data: notification },
      );
  }

  /**
   * Asks the next providers outward: the same circle first, then wider ones up to the last.
   * When nobody is left to ask, the request ends unanswered.
   */
  async function step(exec: Executor, row: repo.StoredHelpRequest, now: Date) {
    const asked = new Set((await repo.invitedProviders(exec, row.id)).map((a) => a.providerId));
    for (const radius of HELP_RADII_MILES.filter((r) => r >= row.radiusMiles)) {
      const chosen = await pick(exec, row, radius, asked);
      if (!chosen.length) continue;
      const round = row.round + 1;
      const deferred = await askStep(exec, row, chosen, round, now);
      await repo.updateHelpRequest(exec, row.id, {
        radiusMiles: radius,
        round,
        nextStepAt: nextStep(now, deferred),
      });
      await tell(exec, { ...row, radiusMiles: radius, round });
      return;
    }
    await repo.dropDeferredInvites(exec, row.id);
    await repo.moveInvites(exec, row.id, 'asked', 'withdrawn', now);
    await repo.updateHelpRequest(exec, row.id, {
      status: 'unanswered',
      nextStepAt: null,
      endedAt: now,
    });
    const [notification] = await insertNotifications(exec, [
      {
        userId: row.driverId,
        type: 'booking_update',
        title: ({ t }) => t('nobodyAccepted'),
        message: ({ t, label }) =>
          t('nobodyAcceptedMessage', {
            miles: row.radiusMiles,
            service: label('service', row.serviceType),
          }),
        metadata: { category: 'booking_updates' },
      },
    ]);
    await events.publish(
      exec,
      { userIds: [row.driverId] },
      { type: 'notification', data: notification! },
    );
    await tell(exec, { ...row, status: 'unanswered' });
  }

  async function chosenByHand(input: CreateHelpRequestInput, ids: string[]) {
    for (const id of ids) {
      const provider = await findProviderById(db, id);
      if (!provider || !(await isListed(db, id)))
        throw new AppError('not_found', 'No provider found');
      if (provider.status === 'offline')
        throw new AppError(
          'conflict',
          `${provider.businessName} is offline and not taking bookings right now`,
        );
      if (!serves(provider, input.serviceType))
        throw new AppError(
          'bad_request',
          `${provider.businessName} does not offer ${input.serviceType}`,
          { providerIds: `${provider.businessName} does not offer ${input.serviceType}` },
        );
    }
    return ids;
  }

  /** The business whose invites the user answers: its owner's or a dispatcher's (not a technician's). */
  async function answeringSide(user: PublicUser) {
    const side = await options.businessAccess.sideOf(db, user);
    return side && side.role !== 'technician' ? side : null;
  }

  /** The request as its driver (or an admin) reads it; anyone else gets 404. */
  async function ownRequest(user: PublicUser, id: string) {
    const row = await repo.findHelpRequest(db, id);
    if (!row || (user.role !== 'admin' && row.driverId !== user.id))
      throw new AppError('not_found', HELP_NOT_INVITED);
    return row;
  }

  return {
    async create(driver: PublicUser, input: CreateHelpRequestInput): Promise<HelpRequest> {
      const { providerIds, ...request } = input;
      if (input.preferredDate && input.preferredDate < earliestBookableDate()) {
        const message = 'Preferred date cannot be earlier than today';
        throw new AppError('bad_request', message, { preferredDate: message });
      }
      const now = new Date();
      let chosen: string[] = [];
      let radius: number = HELP_RADII_MILES[0];
      if (providerIds) chosen = await chosenByHand(input, providerIds);
      else
        for (const r of HELP_RADII_MILES) {
          chosen = await pick(db, input, r, new Set());
          radius = r;
          if (chosen.length) break;
        }
      if (!chosen.length)
        throw new AppError(
          'conflict',
          `No available provider within ${HELP_RADII_MILES.at(-1)} miles offers ${input.serviceType} right now`,
        );
      return db.transaction(async (tx) => {
        const row = await repo.insertHelpRequest(tx, {
          driverId: driver.id,
          serviceType: input.serviceType,
          request,
          latitude: input.latitude,
          longitude: input.longitude,
          radiusMiles: radius,
          // The safety flag of decision 027: a truck in a lane or on a shoulder.
          emergency: besideTraffic(input.truckLocation),
          nextStepAt: nextStep(now),
        });
        if (await askStep(tx, row, chosen, 1, now)) {
          const nextStepAt = nextStep(now, true);
          await repo.updateHelpRequest(tx, row.id, { nextStepAt });
          row.nextStepAt = nextStepAt;
        }
        await tell(tx, row);
        return repo.helpRequestView(tx, row);
      });
    },

    async get(user: PublicUser, id: string): Promise<HelpRequest> {
      return repo.helpRequestView(db, await ownRequest(user, id));
    },

    /** A driver's recent requests. */
    async listOwn(user: PublicUser): Promise<HelpRequest[]> {
      const rows = await repo.listDriverRequests(db, user.id, LIST_LIMIT);
      return Promise.all(rows.map((row) => repo.helpRequestView(db, row)));
    },

    /** The requests a mechanic's business was asked. */
    async listAsked(user: PublicUser): Promise<HelpInvite[]> {
      const side = await answeringSide(user);
      if (!side) return [];
      const paying = hasFeature(side.plan, 'priorityQueue');
      const invites = await repo.listInvites(db, side.providerId, LIST_LIMIT, paying);
      // The Emergency lane first, each part newest first.
      return [...invites.filter((i) => i.emergency), ...invites.filter((i) => !i.emergency)];
    },

    /**
     * The first provider to accept books the job: the request's row lock makes answers wait
     * for each other, so exactly one finds it still open.
     */
    async accept(user: PublicUser, id: string): Promise<Booking> {
      const side = await answeringSide(user);
      if (!side) throw new AppError('not_found', HELP_NOT_INVITED);
      const provider = { id: side.providerId };
      return db.transaction(async (tx) => {
        const row = await repo.lockHelpRequest(tx, id);
        const invite = row && (await repo.findInvite(tx, id, provider.id));
        const now = new Date();
        if (!row || !invite || invite.notifiedAt === null)
          throw new AppError('not_found', HELP_NOT_INVITED);
        if (row.status === 'booked') throw new AppError('conflict', HELP_TAKEN);
        if (row.status !== 'open' || invite.status !== 'asked')
          throw new AppError('conflict', HELP_CLOSED);
        const booking = await bookings.createAccepted(tx, row.driverId, {
          ...row.request,
          providerId: provider.id,
        });
        // Those still waiting out the head start were never asked: they are dropped unseen.
        await repo.dropDeferredInvites(tx, id);
        await repo.moveInvites(tx, id, 'asked', 'taken', now, { except: provider.id });
        await repo.moveInvites(tx, id, 'asked', 'accepted', now, { only: provider.id });
        await repo.updateHelpRequest(tx, id, {
          status: 'booked',
          bookingId: booking.id,
          nextStepAt: null,
          endedAt: now,
        });
        await tell(tx, { ...row, status: 'booked' });
        await options.webhooks?.helpRequest(tx, 'help_request.taken', [provider.id], {
          ...row,
          status: 'booked',
          bookingId: booking.id,
        });
        return booking;
      });
    },

    /** A provider says no; when everyone asked in the latest step has, the request widens at once. */
    async decline(user: PublicUser, id: string): Promise<void> {
      const side = await answeringSide(user);
      if (!side) throw new AppError('not_found', HELP_NOT_INVITED);
      const provider = { id: side.providerId };
      await db.transaction(async (tx) => {
        const row = await repo.lockHelpRequest(tx, id);
        const invite = row && (await repo.findInvite(tx, id, provider.id));
        const now = new Date();
        if (!row || !invite || invite.notifiedAt === null)
          throw new AppError('not_found', HELP_NOT_INVITED);
        if (row.status !== 'open' || invite.status !== 'asked')
          throw new AppError('conflict', row.status === 'booked' ? HELP_TAKEN : HELP_CLOSED);
        await repo.moveInvites(tx, id, 'asked', 'declined', now, { only: provider.id });
        if (await repo.allDeclined(tx, id, row.round)) await step(tx, row, now);
        else await tell(tx, row);
      });
    },

    /** The driver stops asking; providers still asked are told. */
    async cancel(user: PublicUser, id: string): Promise<HelpRequest> {
      await ownRequest(user, id);
      return db.transaction(async (tx) => {
        const row = (await repo.lockHelpRequest(tx, id))!;
        if (row.status !== 'open') throw new AppError('conflict', HELP_CLOSED);
        const now = new Date();
        await repo.dropDeferredInvites(tx, id);
        await repo.moveInvites(tx, id, 'asked', 'withdrawn', now);
        await repo.updateHelpRequest(tx, id, {
          status: 'cancelled',
          nextStepAt: null,
          endedAt: now,
        });
        const cancelled = { ...row, status: 'cancelled', nextStepAt: null, endedAt: now };
        if (isAdminActFor(user, row.driverId))
          await recordAdminAct(tx, {
            actor: user,
            action: 'help_request.cancel',
            targetType: 'help_request',
            targetId: id,
            before: { status: row.status },
            after: { status: 'cancelled' },
          });
        await tell(tx, cancelled);
        return repo.helpRequestView(tx, cancelled);
      });
    },

    /**
     * Widens every open request nobody accepted in time (the scheduler runs it on one server),
     * each in its own transaction: one that fails is left for the next run, the others go on.
     */
    escalationJob: {
      name: 'help-request-escalation',
      intervalMs: 15_000,
      async run(now: Date) {
        // Deferred invites whose head start is over: told once, by whichever server claims them.
        await db.transaction(async (tx) => {
          const due = await repo.claimDueInvites(tx, now, DUE_PER_RUN * HELP_PROVIDERS_PER_STEP);
          for (const requestId of new Set(due.map((d) => d.requestId))) {
            const row = await repo.findHelpRequest(tx, requestId);
            if (!row || row.status !== 'open') continue;
            const ids = due.filter((d) => d.requestId === requestId).map((d) => d.providerId);
            await notifyAsked(tx, row, ids);
            await tell(tx, row);
          }
        });
        const failed: string[] = [];
        for (let done = 0; done < DUE_PER_RUN; done += 1) {
          let current: string | undefined;
          try {
            const stepped = await db.transaction(async (tx) => {
              const row = await repo.claimDueRequest(tx, now, failed);
              if (!row) return false;
              current = row.id;
              await step(tx, row, now);
              return true;
            });
            if (!stepped) break;
          } catch (error) {
            if (!current) throw error;
            failed.push(current);
          }
        }
        if (failed.length)
          throw new Error(`Could not widen help requests ${failed.join(', ')}; retried next run`);
      },
    } satisfies Job,
  };
}

export type HelpRequestsService = ReturnType<typeof createHelpRequestsService>;
