import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { ResolveDisputeInput } from '../../../core/billing/schemas.ts';
import type {
  AdminAddProvider,
  AdminBookingChange,
  AdminBookingsQuery,
  AdminProviderChange,
  AdminProvidersQuery,
  AdminUsersQuery,
  AuditQuery,
} from '../../../core/admin/schemas.ts';
import type { AuditAction } from '../../../core/admin/audit-actions.ts';
import { usernameFromEmail } from '../../../core/auth/registration-input.ts';
import { AppError } from '../../../core/errors.ts';
import type { PendingChanges } from '../../../core/providers/pending-changes.ts';
import type { Provider } from '../../../core/providers/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { hashPassword, deleteUserSessions, type AuthService, securityLog } from '../auth/index.ts';
import { pageBookings, type BookingsService } from '../bookings/index.ts';
import { receiptNumber, type PaymentsService } from '../billing/index.ts';
import type { Mailer } from '../mail/index.ts';
import { zipCentroidGeocoder } from '../../geo/geocoder.ts';
import {
  insertProvider,
  type ProvidersService,
  setBusinessSuspension,
} from '../providers/index.ts';
import { insertUser, setSuspension, userExists } from '../users/index.ts';
import * as repo from './admin.repository.ts';
import { auditedChange, recordAdminAct } from './audit.ts';
import { toCsv } from './csv.ts';

const DAY = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
/** The export's `to` day is included: rows before the next midnight. */
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY);

type Target = 'user' | 'provider' | 'booking';

/** The fields an action changed, before and after: what the audit log keeps. */
function changed<T extends object>(before: T, after: T, fields: (keyof T & string)[]) {
  const pick = (row: T) => Object.fromEntries(fields.map((f) => [f, row[f]]));
  return { before: pick(before), after: pick(after) };
}

export function createAdminService(deps: {
  db: Database;
  events: EventBus;
  mailer: Mailer;
  auth: AuthService;
  providers: ProvidersService;
  bookings: BookingsService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
}) {
  const { db, events, mailer, auth, providers, bookings, payments, log } = deps;

  /** A bulk read of personal data leaves its row before the data leaves the server. */
  const recordRead = (
    admin: PublicUser,
    action: 'export.read' | 'outbox.read',
    what: Record<string, unknown>,
  ) =>
    recordAdminAct(db, {
      actor: admin,
      action,
      targetType: action === 'export.read' ? 'export' : 'outbox',
      targetId: null,
      before: null,
      after: what,
    });

  const audit =
    (admin: PublicUser, action: AuditAction, targetType: Target, reason?: string | null) =>
    (fields: string[]) =>
    async (tx: Transaction, before: object, after: object) => {
      const diff = changed(
        before as Record<string, unknown>,
        after as Record<string, unknown>,
        fields,
      );
      await repo.insertAudit(tx, {
        actorId: admin.id,
        action,
        targetType,
        targetId: (after as { id: string }).id,
        ...diff,
        reason: reason || null,
      });
    };

  /** The applicant hears of the decision by email too (the notification is the provider's). */
  async function emailDecision(provider: Provider, reason: string | undefined) {
    if (!provider.email) return;
    const approved = provider.verification === 'approved';
    await mailer.send({
      to: provider.email,
      subject: approved
        ? `${provider.businessName} is approved on Truck Finder`
        : `${provider.businessName} was not approved on Truck Finder`,
      text: approved
        ? `Good news: ${provider.businessName} is verified and now appears in driver searches. ` +
          `Sign in to set your availability and take bookings.\n\n— Truck Finder`
        : `We could not approve ${provider.businessName}${reason ? `: ${reason}` : '.'}\n\n` +
          `Reply to this email or update your business details and we will look again.\n\n— Truck Finder`,
    });
  }

  /** The owner hears whether the changes to their verified business went live. */
  async function emailChangesDecision(provider: Provider, change: AdminProviderChange) {
    if (!provider.email) return;
    const approved = change.verification === 'approved';
    await mailer.send({
      to: provider.email,
      subject: approved
        ? `Your changes to ${provider.businessName} are live on Truck Finder`
        : `Your changes to ${provider.businessName} were not approved`,
      text: approved
        ? `Your changes to ${provider.businessName} were approved and drivers now see them.\n\n— Truck Finder`
        : `We could not approve your changes to ${provider.businessName}${change.reason ? `: ${change.reason}` : '.'}\n\n` +
          `Drivers still see the details as they were. Reply to this email if you have questions.\n\n— Truck Finder`,
    });
  }

  async function suspension(
    admin: PublicUser,
    userId: string,
    suspend: { reason: string } | null,
    reason: string | null,
  ) {
    if (userId === admin.id) throw new AppError('conflict', 'You cannot suspend your own account');
    const before = await repo.findUserRow(db, userId);
    if (!before) throw new AppError('not_found', 'No user found');
    if (suspend && before.suspendedAt)
      throw new AppError('conflict', 'This account is already suspended');
    if (!suspend && !before.suspendedAt)
      throw new AppError('conflict', 'This account is not suspended');
    const done = await db.transaction(async (tx) => {
      const at = suspend ? new Date() : null;
      const after = (await setSuspension(
        tx,
        userId,
        suspend && at ? { at, reason: suspend.reason } : null,
      ))!;
      await setBusinessSuspension(tx, userId, at);
      // Every session ends at once: the next request of any device of theirs is signed out.
      if (suspend) {
        await deleteUserSessions(tx, userId);
        await events.publish(
          tx,
          { userIds: [userId] },
          { type: 'signed-out', data: { reason: 'suspended' } },
        );
      }
      const shown = [repo.toAdminUser(before), repo.toAdminUser(after)] as const;
      await audit(
        admin,
        suspend ? 'user.suspend' : 'user.reactivate',
        'user',
        reason,
      )(['suspendedAt', 'suspendedReason'])(tx, shown[0], shown[1]);
      // Open search pages drop (or bring back) the business.
      const business = await findBusinessOf(tx, userId);
      if (business)
        await events.publish(
          tx,
          { everyone: true },
          {
            type: 'provider-status',
            data: {
              id: business.id,
              status: business.status,
              rating: business.rating,
              reviewCount: business.reviewCount,
            },
          },
        );
      return shown[1];
    });
    securityLog(log, suspend ? 'admin.suspended' : 'admin.reactivated', {
      adminId: admin.id,
      userId,
      reason,
    });
    return done;
  }

  async function findBusinessOf(tx: Transaction, userId: string) {
    const { providers: rows } = await repo.pageProviders(tx, { page: 1, pageSize: 1 }, userId);
    return rows[0] ?? null;
  }

  return {
    /** The figures; `from`: a read replica (app.reads), the primary by default. */
    dashboard: (from: Executor = db) => repo.dashboard(from, new Date()),

    users: (q: AdminUsersQuery) => repo.pageUsers(db, q),

    suspend: (admin: PublicUser, userId: string, reason: string) =>
      suspension(admin, userId, { reason }, reason),

    reactivate: (admin: PublicUser, userId: string, reason?: string) =>
      suspension(admin, userId, null, reason ?? null),

    providers: (q: AdminProvidersQuery) => repo.pageProviders(db, q),

    /** A verification decision, a status, or both (each its own audited action). */
    async changeProvider(admin: PublicUser, id: string, change: AdminProviderChange) {
      let provider: Provider | null = null;
      if (change.verification) {
        const decision = audit(admin, 'provider.verification', 'provider', change.reason);
        // A verified business's changes awaiting review: the audit keeps what they changed.
        let reviewed: PendingChanges | null = null;
        provider = await providers.decide(
          id,
          { verification: change.verification, reason: change.reason },
          async (tx, before, after) => {
            reviewed = before.verification === 'approved' ? before.pendingChanges : null;
            const changedFields = reviewed
              ? ['pendingChanges', ...Object.keys(reviewed.values)]
              : [];
            await decision(['verification', ...changedFields])(tx, before, after);
          },
        );
        if (reviewed) await emailChangesDecision(provider, change);
        else await emailDecision(provider, change.reason);
      }
      if (change.status)
        provider = await providers.setStatus(
          admin,
          id,
          change.status,
          audit(admin, 'provider.status', 'provider', change.reason)(['status']),
        );
      securityLog(log, 'admin.override', {
        adminId: admin.id,
        providerId: id,
        verification: change.verification,
        status: change.status,
        reason: change.reason,
      });
      return provider!;
    },

    bookings: async (q: AdminBookingsQuery) => {
      const { bookings: rows, total } = await pageBookings(
        db,
        {
          status: q.status,
          providerId: q.providerId,
          driverId: q.driverId,
          from: q.from ? dayStart(q.from) : undefined,
          to: q.to ? dayEnd(q.to) : undefined,
        },
        { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      );
      return { bookings: rows, total };
    },

    /** Any status; both sides are told, with the reason. */
    async changeBooking(admin: PublicUser, id: string, change: AdminBookingChange) {
      const booking = await bookings.changeStatus(admin, id, change.status, change.actualCost, {
        reason: change.reason,
        within: audit(admin, 'booking.status', 'booking', change.reason)(['status', 'actualCost']),
      });
      securityLog(log, 'admin.override', {
        adminId: admin.id,
        bookingId: id,
        status: change.status,
        reason: change.reason,
      });
      return booking;
    },

    audit: (q: AuditQuery) => repo.pageAudit(db, q),

    /** A verified business and its mechanic account; the owner chooses a password by email. */
    async addProvider(admin: PublicUser, input: AdminAddProvider) {
      const username = usernameFromEmail(input.email);
      if (await userExists(db, input.email, username))
        throw new AppError('conflict', 'User already exists with this email or username');
      const place = zipCentroidGeocoder.locate({ zipCode: input.zipCode });
      if (!place) {
        const message = 'We could not find this ZIP code; check it';
        throw new AppError('bad_request', message, { zipCode: message });
      }
      // Nobody knows this password: the owner sets theirs through the emailed link.
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const created = await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          username,
          email: input.email,
          passwordHash,
          role: 'mechanic',
          name: input.ownerName,
          phone: input.phone,
          location: `${input.city}, ${input.state}`,
        });
        const provider = await insertProvider(tx, {
          userId: user.id,
          businessName: input.businessName,
          serviceType: input.serviceType,
          address: input.address,
          city: input.city,
          state: input.state,
          zipCode: input.zipCode,
          latitude: place.latitude,
          longitude: place.longitude,
          phone: input.phone,
          email: input.email,
          visitFee: input.visitFee,
          hourlyRate: input.hourlyRate,
          licenseNumber: input.licenseNumber || null,
          insurancePolicy: input.insurancePolicy || null,
          verification: 'approved',
          verifiedAt: new Date(),
        });
        await repo.insertAudit(tx, {
          actorId: admin.id,
          action: 'provider.create',
          targetType: 'provider',
          targetId: provider.id,
          before: null,
          after: { businessName: provider.businessName, ownerEmail: user.email },
          reason: null,
        });
        await events.publish(
          tx,
          { everyone: true },
          {
            type: 'provider-status',
            data: {
              id: provider.id,
              status: provider.status,
              rating: provider.rating,
              reviewCount: provider.reviewCount,
            },
          },
        );
        return { user, provider };
      });
      await auth.inviteToSetPassword(created.user, created.provider.businessName);
      const [adminView] = (await repo.pageProviders(db, { page: 1, pageSize: 1 }, created.user.id))
        .providers;
      const owner = await repo.findUserRow(db, created.user.id);
      return { provider: adminView!, user: repo.toAdminUser(owner!) };
    },

    /** Disputed cash payments, oldest first. */
    disputedPayments: () => payments.disputed(),

    /** Settles a disputed cash payment either way; both sides are told. */
    resolvePayment: (admin: PublicUser, id: string, input: ResolveDisputeInput) =>
      payments.resolveDispute(
        id,
        input,
        auditedChange(
          admin,
          'payment.resolve',
          'payment',
          ['status', 'disputeReason'],
          input.reason,
        ),
      ),

    recordRead,

    async exportBookings(admin: PublicUser, from: string, to: string) {
      await recordRead(admin, 'export.read', { export: 'bookings', from, to });
      const rows = await repo.bookingsForExport(db, dayStart(from), dayEnd(to));
      return toCsv(
        [
          'id',
          'created_at',
          'status',
          'service',
          'provider',
          'driver',
          'driver_email',
          'visit_fee',
          'platform_fee',
          'estimated_cost',
          'actual_cost',
          'commission',
        ],
        rows.map((r) => [
          r.id,
          r.createdAt.toISOString(),
          r.status,
          r.serviceType,
          r.business,
          r.driverName,
          r.driverEmail,
          money(r.visitFee),
          money(r.platformFee),
          money(r.estimatedCost),
          money(r.actualCost),
          money(Number(r.commissionCents) / 100),
        ]),
      );
    },

    async exportPayments(admin: PublicUser, from: string, to: string) {
      await recordRead(admin, 'export.read', { export: 'payments', from, to });
      const rows = await repo.paymentsForExport(db, dayStart(from), dayEnd(to));
      return toCsv(
        [
          'receipt',
          'created_at',
          'user_email',
          'kind',
          'description',
          'method',
          'status',
          'amount',
          'currency',
          'booking_id',
          'subscription_id',
        ],
        rows.map((r) => [
          receiptNumber(r.number),
          r.createdAt.toISOString(),
          r.userEmail,
          r.kind,
          r.description ?? '',
          r.method,
          r.status,
          money(r.amount),
          r.currency,
          r.bookingId ?? '',
          r.subscriptionId ?? '',
        ]),
      );
    },
  };
}

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

export type AdminService = ReturnType<typeof createAdminService>;
