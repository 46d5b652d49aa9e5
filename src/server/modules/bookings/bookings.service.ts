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
import { AppError } from '../../../core/errors.ts';
import { feeBreakdown } from '../../../core/money.ts';
import { serviceOptionsFor } from '../../../core/providers/catalog.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import {
  hasArrived,
  roughApproach,
  type PositionInput,
  type TrackingPosition,
} from '../../../core/bookings/tracking.ts';
import { SHARE_LINK_AFTER_JOB_MS } from '../../../core/bookings/share-links.ts';
import type { Database, Executor, WithinChange } from '../../db/client.ts';
import { auditedChange } from '../admin/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { findProviderById, isListed } from '../providers/index.ts';
import { insertNotifications, type NewNotification } from '../notifications/index.ts';
import { approachNotification, bookingNotifications } from './booking-notifications.ts';
import * as repo from './bookings.repository.ts';
import { findPosition, forgetPosition, savePosition } from './positions.repository.ts';
import { endShareLinks } from './share-links.repository.ts';

const NOT_FOUND = 'Booking not found';

/** What the client may see: the owner id used for access checks stays on the server. */
const forClient = ({
  providerOwnerId: _owner,
  technicianId: _technician,
  ...booking
}: repo.StoredBooking): Booking => booking;

const hashRequest = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Which plan a provider's owner is on (billing's rule; injected to keep the features apart). */
export type PlanOf = (exec: Executor, userId: string) => Promise<PlanType | null>;

export function createBookingsService(db: Database, events: EventBus, planOf: PlanOf) {
  /** Basic, or no plan, accepts 5 bookings a calendar month (docs/decisions/011). */
  async function checkAllowance(exec: Executor, booking: repo.StoredBooking) {
    await repo.lockProvider(exec, booking.providerId);
    const plan = await planOf(exec, booking.providerOwnerId);
    const accepted = await repo.countAccepted(exec, booking.providerId, monthStart(new Date()));
    if (bookingsLeft(plan, accepted) === 0)
      throw new AppError('conflict', bookingLimitMessage(plan));
  }

  /** Who follows a booking live: its driver, its provider's owner and the admins. */
  const followers = (booking: repo.StoredBooking) => ({
    userIds: [booking.driverId, booking.providerOwnerId],
    admins: true,
  });

  /** Stores the notifications and tells open pages, all inside the change's transaction. */
  async function announce(exec: Executor, booking: repo.StoredBooking, notes: NewNotification[]) {
    const stored = await insertNotifications(exec, notes);
    await events.publish(exec, followers(booking), {
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

  /** The caller's side of a booking, or null when it is none of theirs. */
  const sideOf = (user: PublicUser, booking: repo.StoredBooking): BookingActor | null =>
    user.role === 'admin'
      ? 'admin'
      : booking.driverId === user.id
        ? 'driver'
        : booking.providerOwnerId === user.id
          ? 'provider'
          : null;

  async function visible(user: PublicUser, id: string) {
    const booking = await repo.findBooking(db, id);
    // Someone else's booking answers exactly like a missing one.
    if (!booking || !sideOf(user, booking)) throw new AppError('not_found', NOT_FOUND);
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
      const side = sideOf(user, booking)!;
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
      if (booking.providerOwnerId !== user.id)
        throw new AppError('forbidden', "Only the booking's provider shares a position");
      if (!user.settings.locationServices)
        throw new AppError(
          'conflict',
          'Location Services are off: turn them on in Profile → Settings to share your position',
        );
      if (booking.status !== 'in_progress')
        throw new AppError('conflict', 'A position is shared only while the job is in progress');
      return db.transaction(async (tx) => {
        const position = await savePosition(tx, id, input);
        await events.publish(tx, followers(booking), { type: 'tracking', data: position });
        await tellApproach(tx, booking, position);
        return position;
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
