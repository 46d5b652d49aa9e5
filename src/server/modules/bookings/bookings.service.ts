import { createHash } from 'node:crypto';
import { canMoveBooking, type BookingActor } from '../../../core/bookings/rules.ts';
import type { BookingStatus } from '../../../core/bookings/catalog.ts';
import {
  earliestBookableDate,
  type Booking,
  type CreateBookingInput,
} from '../../../core/bookings/schemas.ts';
import {
  bookingLimitMessage,
  bookingsLeft,
  monthStart,
  type PlanType,
} from '../../../core/billing/plans.ts';
import { featureGateMessage, hasFeature } from '../../../core/billing/plan-features.ts';
import { AppError } from '../../../core/errors.ts';
import { isTeamRole } from '../../../core/users/roles.ts';
import { feeBreakdown } from '../../../core/money.ts';
import { serviceOptionsFor } from '../../../core/providers/catalog.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import { hasArrived, roughApproach } from '../../../core/bookings/tracking-rules.ts';
import type { PositionInput, TrackingPosition } from '../../../core/bookings/tracking.ts';
import { SHARE_LINK_AFTER_JOB_MS } from '../../../core/bookings/share-link-rules.ts';
import type { Database, Executor, WithinChange } from '../../db/client.ts';
import { auditedChange } from '../admin/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { findProviderById, isListed } from '../providers/index.ts';
import { insertNotifications, type NewNotification } from '../notifications/index.ts';
import {
  dispatcherIds,
  isTechnicianOf,
  recordMemberPosition,
  requireFeature,
  type BusinessAccess,
} from '../team/index.ts';
import { approachNotification, bookingNotifications } from './booking-notifications.ts';
import * as repo from './bookings.repository.ts';
import { findPosition, forgetPosition, savePosition } from './positions.repository.ts';
import { endShareLinks } from './share-links.repository.ts';
import type { WebhookEvents } from '../webhooks/index.ts';

const NOT_FOUND = 'Booking not found';

/** What the client may see: the owner id used for access checks stays on the server. */
const forClient = ({
  providerOwnerId: _owner,
  technicianId: _technician,
  ownerPlan: _plan,
  ...booking
}: repo.StoredBooking): Booking => booking;

const hashRequest = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Which plan a provider's owner is on (billing's rule; injected to keep the features apart). */
export type PlanOf = (exec: Executor, userId: string) => Promise<PlanType | null>;

export const NOT_A_TECHNICIAN = 'Choose a technician of your team';

/**
 * `access` answers for which business a dispatcher or technician acts (the team module); without
 * it only drivers, owners and admins have a side of a booking.
 */
export function createBookingsService(
  db: Database,
  events: EventBus,
  planOf: PlanOf,
  access?: BusinessAccess,
  webhooks?: Pick<WebhookEvents, 'booking'>,
) {
  /** Basic, or no plan, accepts 5 bookings a calendar month (docs/decisions/011). */
  async function checkAllowance(exec: Executor, booking: repo.StoredBooking) {
    await repo.lockProvider(exec, booking.providerId);
    const plan = await planOf(exec, booking.providerOwnerId);
    const accepted = await repo.countAccepted(exec, booking.providerId, monthStart(new Date()));
    if (bookingsLeft(plan, accepted) === 0)
      throw new AppError('conflict', bookingLimitMessage(plan));
  }

  /**
   * The business's people besides its owner who follow a booking: the dispatchers and the
   * assigned technician, while the plan includes team accounts.
   */
  async function teamOf(exec: Executor, booking: repo.StoredBooking) {
    if (!hasFeature(booking.ownerPlan, 'team')) return [];
    const dispatchers = await dispatcherIds(exec, booking.providerId);
    return booking.technicianId ? [...dispatchers, booking.technicianId] : dispatchers;
  }

  /** Who follows a booking live: its driver, its provider's owner, their team and the admins. */
  const followers = async (exec: Executor, booking: repo.StoredBooking) => ({
    userIds: [booking.driverId, booking.providerOwnerId, ...(await teamOf(exec, booking))],
    admins: true,
  });

  /**
   * Stores the notifications and tells open pages, all inside the change's transaction. What
   * the owner hears, the dispatchers and the assigned technician hear too.
   */
  async function announce(exec: Executor, booking: repo.StoredBooking, given: NewNotification[]) {
    const team = await teamOf(exec, booking);
    const notes = given.flatMap((note) =>
      note.userId === booking.providerOwnerId
        ? [note, ...team.map((userId) => ({ ...note, userId }))]
        : [note],
    );
    const stored = await insertNotifications(exec, notes);
    await events.publish(exec, await followers(exec, booking), {
      type: 'booking',
      data: { id: booking.id, status: booking.status },
    });
    for (const [i, notification] of stored.entries())
      await events.publish(
        exec,
        { userIds: [notes[i]!.userId] },
        { type: 'notification', data: notification },
      );
  }

  /**
   * The driver is told once that the provider is on the way (their first position of the job) and
   * once that they arrived (a position within arrival distance of the job's place); one already
   * there on the first position is only told as arrived. The booking's columns say what was told.
   */
  async function tellApproach(
    exec: Executor,
    booking: repo.StoredBooking,
    position: TrackingPosition,
  ) {
    const now = new Date();
    const job =
      booking.latitude !== null && booking.longitude !== null
        ? { latitude: booking.latitude, longitude: booking.longitude }
        : null;
    if (job && hasArrived(position, job) && (await repo.markArrived(exec, booking.id, now)))
      await announce(exec, booking, [approachNotification(booking, 'arrived', null)]);
    else if (await repo.markEnRoute(exec, booking.id, now))
      await announce(exec, booking, [
        approachNotification(
          booking,
          'en_route',
          job ? roughApproach(position, job).etaMinutes : null,
        ),
      ]);
  }

  /**
   * The caller's side of a booking, or null when it is none of theirs: a dispatcher acts as the
   * provider for every booking of their business, a technician only on the jobs assigned to
   * them. A member of a business whose plan lost team accounts gets the plan's 403.
   */
  async function sideOf(
    user: PublicUser,
    booking: repo.StoredBooking,
  ): Promise<BookingActor | null> {
    if (user.role === 'admin') return 'admin';
    if (booking.driverId === user.id) return 'driver';
    if (booking.providerOwnerId === user.id) return 'provider';
    if (!access || !isTeamRole(user.role)) return null;
    const side = await access.sideOf(db, user);
    if (!side || side.providerId !== booking.providerId) return null;
    if (side.role === 'dispatcher') return 'provider';
    return booking.technicianId === user.id ? 'technician' : null;
  }

  async function visible(user: PublicUser, id: string) {
    const booking = await repo.findBooking(db, id);
    // Someone else's booking answers exactly like a missing one.
    if (!booking || !(await sideOf(user, booking))) throw new AppError('not_found', NOT_FOUND);
    return booking;
  }

  /** Checks a new booking against its provider and stores it pending, telling nobody yet. */
  async function insertPending(
    exec: Executor,
    driverId: string,
    input: CreateBookingInput,
  ): Promise<repo.StoredBooking> {
    if (input.driverId && input.driverId !== driverId)
      throw new AppError('forbidden', 'You can only book for yourself');
    const provider = await findProviderById(exec, input.providerId);
    if (!provider || !(await isListed(exec, provider.id)))
      throw new AppError('not_found', 'No provider found');
    if (provider.status === 'offline')
      throw new AppError(
        'conflict',
        `${provider.businessName} is offline and not taking bookings right now`,
      );
    const options = serviceOptionsFor(provider.serviceType);
    if (!options.includes(input.serviceType)) {
      const message = `Choose one of: ${options.join(', ')}`;
      throw new AppError('bad_request', message, { serviceType: message });
    }
    if (input.preferredDate && input.preferredDate < earliestBookableDate()) {
      const message = 'Preferred date cannot be earlier than today';
      throw new AppError('bad_request', message, { preferredDate: message });
    }
    const fees = feeBreakdown(provider.visitFee);
    const id = await repo.insertBooking(exec, {
      driverId,
      providerId: provider.id,
      serviceType: input.serviceType,
      description: input.description ?? '',
      vehicleDetails: input.vehicleDetails || null,
      preferredDate: input.preferredDate ? new Date(`${input.preferredDate}T00:00:00Z`) : null,
      preferredTime: input.preferredTime ?? null,
      status: 'pending',
      visitFee: fees.visitFee,
      platformFee: fees.platformFee,
      estimatedCost: fees.total,
      location: input.location || null,
      truckLocation: input.truckLocation ?? null,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
    });
    return (await repo.findBooking(exec, id))!;
  }

  async function create(
    exec: Executor,
    driver: PublicUser,
    input: CreateBookingInput,
  ): Promise<Booking> {
    const created = await insertPending(exec, driver.id, input);
    await announce(exec, created, bookingNotifications(created, 'requested', 'driver'));
    await webhooks?.booking(exec, 'booking.created', created);
    return forClient(created);
  }

  /**
   * A booking its provider accepts as it is made (the first answer to a help request), within
   * the plan's monthly allowance, in the caller's transaction.
   */
  async function createAccepted(
    exec: Executor,
    driverId: string,
    input: CreateBookingInput,
  ): Promise<Booking> {
    const created = await insertPending(exec, driverId, input);
    await checkAllowance(exec, created);
    await repo.moveBooking(exec, created.id, 'pending', 'confirmed');
    const confirmed = (await repo.findBooking(exec, created.id))!;
    await announce(exec, confirmed, bookingNotifications(confirmed, 'confirmed', 'provider'));
    await webhooks?.booking(exec, 'booking.created', confirmed);
    return forClient(confirmed);
  }

  return {
    /** A booking as the server holds it, when the user is one of its sides or an admin. */
    visible,
    /** Stores notifications about a booking and tells its followers, inside the caller's transaction. */
    announce,
    createAccepted,

    /**
     * Creates a pending booking. With an Idempotency-Key, the same key and body replay the first
     * answer without a second booking, and the same key with another body answers 422.
     */
    async create(
      driver: PublicUser,
      input: CreateBookingInput,
      idempotencyKey?: string,
    ): Promise<Booking> {
      if (!idempotencyKey) return db.transaction((tx) => create(tx, driver, input));
      const requestHash = hashRequest(input);
      return db.transaction(async (tx) => {
        if (!(await repo.claimIdempotencyKey(tx, driver.id, idempotencyKey, requestHash))) {
          const previous = await repo.findIdempotencyKey(tx, driver.id, idempotencyKey);
          if (!previous || previous.requestHash !== requestHash) {
            throw new AppError(
              'unprocessable',
              'This Idempotency-Key was already used for a different request',
            );
          }
          if (previous.response === null)
            throw new AppError(
              'conflict',
              'The first request with this Idempotency-Key is still running',
            );
          // A retry gets the booking the first request created.
          return previous.response as Booking;
        }
        const booking = await create(tx, driver, input);
        await repo.storeIdempotentResponse(tx, driver.id, idempotencyKey, booking);
        return booking;
      });
    },

    async list(user: PublicUser): Promise<Booking[]> {
      if (access && isTeamRole(user.role)) {
        const side = await access.sideOf(db, user);
        if (!side) return [];
        const scope =
          side.role === 'technician'
            ? { providerId: side.providerId, technicianId: user.id }
            : { providerId: side.providerId };
        return (await repo.listBookings(db, scope)).map(forClient);
      }
      const scope =
        user.role === 'admin'
          ? 'all'
          : user.role === 'mechanic'
            ? { providerOwnerId: user.id }
            : { driverId: user.id };
      return (await repo.listBookings(db, scope)).map(forClient);
    },

    async get(user: PublicUser, id: string): Promise<Booking> {
      return forClient(await visible(user, id));
    },

    /** docs/product.md's status machine; a move the caller may not make answers 409. */
    async changeStatus(
      user: PublicUser,
      id: string,
      to: BookingStatus,
      actualCost?: number,
      admin: { reason?: string; within?: WithinChange<Booking> } = {},
    ): Promise<Booking> {
      const booking = await visible(user, id);
      const side = (await sideOf(user, booking))!;
      if (!canMoveBooking(side, booking.status, to)) {
        throw new AppError(
          'conflict',
          `A ${booking.status.replace('_', ' ')} booking cannot be changed to ${to.replace('_', ' ')}`,
        );
      }
      if (actualCost !== undefined && to !== 'completed')
        throw new AppError('bad_request', 'An actual cost is recorded only on completion');
      return db.transaction(async (tx) => {
        if (side === 'provider' && to === 'confirmed') await checkAllowance(tx, booking);
        if (!(await repo.moveBooking(tx, id, booking.status, to, actualCost))) {
          throw new AppError(
            'conflict',
            'This booking was changed by someone else; reload and try again',
          );
        }
        const moved = (await repo.findBooking(tx, id))!;
        // Sharing the provider's position ends with the job, and its share links an hour later.
        if (to === 'completed' || to === 'cancelled') {
          await forgetPosition(tx, id);
          await endShareLinks(tx, id, new Date(Date.now() + SHARE_LINK_AFTER_JOB_MS));
        }
        await announce(tx, moved, bookingNotifications(moved, to, side, admin.reason));
        await webhooks?.booking(
          tx,
          to === 'completed' ? 'booking.completed' : 'booking.updated',
          moved,
        );
        const answer = forClient(moved);
        // An admin's move always leaves its audit row (the console passes its own, with the reason).
        const audit =
          admin.within ??
          (side === 'admin'
            ? auditedChange<Booking>(user, 'booking.status', 'booking', ['status', 'actualCost'])
            : undefined);
        await audit?.(tx, forClient(booking), answer);
        return answer;
      });
    },

    /** The provider's device during a job in progress; the driver and admins follow it live. */
    async sharePosition(
      user: PublicUser,
      id: string,
      input: PositionInput,
    ): Promise<TrackingPosition> {
      const booking = await visible(user, id);
      const side = await sideOf(user, booking);
      const byTechnician = side === 'technician';
      if (booking.providerOwnerId !== user.id && !byTechnician)
        throw new AppError('forbidden', "Only the booking's provider shares a position");
      // One position per job: the technician's, once the job is theirs.
      if (!byTechnician && booking.technician)
        throw new AppError(
          'forbidden',
          `${booking.technician.firstName} shares the position of this job`,
        );
      // Real-time tracking is a plan feature (core/billing/plan-features.ts).
      if (!booking.provider.liveTracking)
        throw new AppError('forbidden', featureGateMessage('liveTracking'));
      if (!user.settings.locationServices)
        throw new AppError(
          'conflict',
          'Location Services are off: turn them on in Profile → Settings to share your position',
        );
      if (booking.status !== 'in_progress')
        throw new AppError('conflict', 'A position is shared only while the job is in progress');
      return db.transaction(async (tx) => {
        const position = await savePosition(tx, id, input);
        // The fleet map shows where each technician was last.
        if (byTechnician) await recordMemberPosition(tx, user.id, input);
        await events.publish(tx, await followers(tx, booking), {
          type: 'tracking',
          data: position,
        });
        await tellApproach(tx, booking, position);
        return position;
      });
    },

    /**
     * Assigns a job to a technician of the business, or back to the owner (null): the owner or a
     * dispatcher, on a plan with team accounts, before the job ends. The technician is told.
     */
    async assign(user: PublicUser, id: string, technicianId: string | null): Promise<Booking> {
      const booking = await visible(user, id);
      if ((await sideOf(user, booking)) !== 'provider')
        throw new AppError('forbidden', 'Only the owner or a dispatcher assigns jobs');
      requireFeature({ plan: booking.ownerPlan }, 'team');
      if (booking.status === 'completed' || booking.status === 'cancelled')
        throw new AppError('conflict', `A ${booking.status} job cannot be assigned`);
      if (technicianId && !(await isTechnicianOf(db, booking.providerId, technicianId)))
        throw new AppError('bad_request', NOT_A_TECHNICIAN, { technicianId: NOT_A_TECHNICIAN });
      return db.transaction(async (tx) => {
        if (!(await repo.assignTechnician(tx, id, technicianId)))
          throw new AppError(
            'conflict',
            'This booking was changed by someone else; reload and try again',
          );
        const assigned = (await repo.findBooking(tx, id))!;
        const notes: NewNotification[] =
          technicianId && technicianId !== booking.technicianId
            ? [
                {
                  userId: technicianId,
                  type: 'booking_update',
                  title: ({ t }) => t('newJobAssigned'),
                  message: ({ t, label }) =>
                    t('newJobAssignedMessage', {
                      service: label('service', assigned.serviceType),
                      driver: assigned.driver.name,
                      place: assigned.location ? t('atPlace', { place: assigned.location }) : '',
                    }),
                  metadata: {
                    bookingId: assigned.id,
                    providerId: assigned.providerId,
                    category: 'job_requests',
                    kind: 'job_assigned',
                  },
                },
              ]
            : [];
        await announce(tx, assigned, notes);
        await webhooks?.booking(tx, 'booking.updated', assigned);
        return forClient(assigned);
      });
    },

    /** The newest shared position, or null when the provider is not sharing one. */
    async position(user: PublicUser, id: string): Promise<TrackingPosition | null> {
      await visible(user, id);
      return findPosition(db, id);
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
