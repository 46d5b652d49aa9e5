import { z } from 'zod';
import { auditActions, auditTargets } from './audit-actions.ts';
import { planTypes } from '../billing/plans.ts';
import { bookingStatuses } from '../bookings/catalog.ts';
import { bookingSchema } from '../bookings/schemas.ts';
import {
  providerSchema,
  providerStatusChangeSchema,
  verificationDecisionSchema,
} from '../providers/schemas.ts';
import { providerStatuses, serviceTypes, verificationStatuses } from '../providers/catalog.ts';
import {
  businessFieldRules,
  serviceTypeField,
  zipCodeField,
} from '../providers/business-fields.ts';
import { pendingChangesSchema } from '../providers/pending-changes.ts';
import { roles } from '../users/roles.ts';
import { publicUserSchema } from '../users/schemas.ts';
import { MAX_DOLLARS } from '../money.ts';
import { namedField, optionalText } from '../validation.ts';

/** Query strings arrive as text: pages are counted from 1, at most 100 rows a page. */
const paging = {
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100 rows a page').default(20),
};
const search = z.string().trim().max(100, 'Search must be at most 100 characters').optional();
/** `YYYY-MM-DD` in a query string (a day in UTC). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2026-11-23')
  // zod runs this refinement after a failed regex too: an unparseable value must not throw.
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v);
  }, 'Invalid date');
const dateRange = { from: day.optional(), to: day.optional() };

const count = z.number().int().min(0);

/** GET /api/admin/dashboard: the marketplace's stats and the operator's extras (docs/admin.md). */
export const adminDashboardSchema = z.object({
  totalUsers: count,
  totalDrivers: count,
  totalMechanics: count,
  totalProviders: count,
  /** Approved providers that are not offline. */
  activeProviders: count,
  totalBookings: count,
  pendingBookings: count,
  completedBookings: count,
  /** The 10 % commission of completed bookings (actual cost, else the visit fee), in dollars. */
  totalRevenue: z.number(),
  /** Bookings created since midnight UTC. */
  todaysBookings: count,
  /** Applications awaiting verification ("Pending Reviews"). */
  pendingVerifications: count,
  /** Completed plan payments since the first of this month (UTC), refunds taken off, in dollars. */
  subscriptionRevenueThisMonth: z.number(),
  /** Plans in force (active or past due) by type. */
  activePlans: z.object({ basic: count, premium: count, enterprise: count }),
  /** The last 30 days, oldest first, every day present: bookings created and commission earned. */
  daily: z.array(z.object({ date: z.string(), bookings: count, revenue: z.number() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** A user as an admin sees it: never a password or its hash. */
export const adminUserSchema = publicUserSchema.extend({
  suspendedAt: z.iso.datetime().nullable(),
  suspendedReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  role: z
    .enum(roles, { message: 'Role must be driver, mechanic, admin, dispatcher or technician' })
    .optional(),
  /** Name, email or username, any part, any case. */
  search,
  ...paging,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;
export const adminUsersSchema = z.object({ users: z.array(adminUserSchema), total: count });

export const suspensionSchema = z.object({
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
});
export const reactivationSchema = z.object({ reason: optionalText(500, 'Reason') });

/** A provider in the admin tables: the business, its owner and what it earned the platform. */
export const adminProviderSchema = providerSchema.extend({
  /** A verified business's changes awaiting review (the decision applies or discards them). */
  pendingChanges: pendingChangesSchema.nullable(),
  licenseNumber: z.string().nullable(),
  insurancePolicy: z.string().nullable(),
  verificationReason: z.string().nullable(),
  owner: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    suspendedAt: z.iso.datetime().nullable(),
  }),
  plan: z.enum(planTypes).nullable(),
  completedBookings: count,
  /** The 10 % commission of its completed bookings, in dollars. */
  commission: z.number(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;

export const adminProvidersQuerySchema = z.object({
  /** Business name or email (the business's or its owner's). */
  search,
  status: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => (v === 'en_route' ? 'enroute' : v))
    .pipe(
      z.enum(providerStatuses, { message: 'Status must be available, busy, enroute or offline' }),
    )
    .optional(),
  verification: z.enum(verificationStatuses).optional(),
  serviceType: z.enum(serviceTypes).optional(),
  /** A plan type, or `none` for providers without a plan in force. */
  plan: z.enum([...planTypes, 'none']).optional(),
  ...paging,
});
export type AdminProvidersQuery = z.infer<typeof adminProvidersQuerySchema>;
export const adminProvidersSchema = z.object({
  providers: z.array(adminProviderSchema),
  total: count,
});

/** PATCH /api/admin/providers/{id}: a `{status}`, the verification decision, or both. */
export const adminProviderChangeSchema = z
  .object({
    status: providerStatusChangeSchema.shape.status.optional(),
    verification: verificationDecisionSchema.shape.verification.optional(),
    reason: optionalText(500, 'Reason'),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.verification !== undefined, {
    message: 'Send a status or a verification decision',
  })
  .refine((v) => v.verification !== 'rejected' || (v.reason && v.reason.length >= 3), {
    message: 'Give the applicant a reason for the rejection',
    path: ['reason'],
  });
export type AdminProviderChange = z.infer<typeof adminProviderChangeSchema>;

/** A booking in the admin table: both parties named, with a way to reach them. */
export const adminBookingSchema = bookingSchema.extend({
  driverEmail: z.string(),
  providerOwnerId: z.uuid(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsQuerySchema = z.object({
  status: z.enum(bookingStatuses).optional(),
  providerId: z.uuid().optional(),
  driverId: z.uuid().optional(),
  ...dateRange,
  ...paging,
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;
export const adminBookingsSchema = z.object({
  bookings: z.array(adminBookingSchema),
  total: count,
});

/** PATCH /api/admin/bookings/{id}: any status; the reason goes to both parties and the audit log. */
export const adminBookingChangeSchema = z
  .object({
    status: z.enum(bookingStatuses, {
      message: `Status must be one of ${bookingStatuses.join(', ')}`,
    }),
    reason: optionalText(500, 'Reason'),
    actualCost: z.number().min(0).max(MAX_DOLLARS).optional(),
  })
  .strict();
export type AdminBookingChange = z.infer<typeof adminBookingChangeSchema>;

/** GET /api/admin/export/{bookings|payments}.csv */
export const exportQuerySchema = z
  .object({ from: day, to: day })
  .refine((v) => v.from <= v.to, { message: 'From must not be after to', path: ['to'] });

/** Add Provider: a verified business and its mechanic account; the owner sets a password by email. */
export const adminAddProviderSchema = z.object({
  ownerName: namedField('Owner name', 100),
  email: businessFieldRules.email,
  phone: businessFieldRules.phone,
  businessName: businessFieldRules.businessName,
  serviceType: serviceTypeField('Please select a service type'),
  address: businessFieldRules.address,
  city: businessFieldRules.city,
  state: businessFieldRules.state,
  zipCode: zipCodeField('Enter a 5-digit ZIP code'),
  visitFee: z.number().min(0).max(MAX_DOLLARS),
  hourlyRate: z.number().min(0).max(MAX_DOLLARS),
  licenseNumber: optionalText(60, 'License number'),
  insurancePolicy: optionalText(60, 'Insurance policy'),
});
export type AdminAddProvider = z.infer<typeof adminAddProviderSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  action: z.enum(auditActions),
  targetType: z.enum(auditTargets),
  /** Null for a bulk read (an export, the outbox): what was read is in `after`. */
  targetId: z.uuid().nullable(),
  /** The changed fields before and after the action. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  action: z.enum(auditActions).optional(),
  targetId: z.uuid().optional(),
  actorId: z.uuid().optional(),
  ...dateRange,
  ...paging,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema), total: count });
