import { z } from 'zod';
import { planTypes, type PlanType } from '../billing/plans.ts';

/** A support request is open until an admin answers it; the provider may write again. */
export const supportStatuses = ['open', 'answered', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/**
 * A request's place in the operators' queue, fixed from the business's plan when it was sent:
 * Enterprise first, then Premium, then Basic or no plan.
 */
export function supportPriority(plan: PlanType | null): number {
  if (plan === 'enterprise') return 0;
  if (plan === 'premium') return 1;
  return 2;
}

const noMarkup = (label: string) => z.string().regex(/^[^<>]*$/, `${label} cannot contain < or >`);

const subjectField = noMarkup('Subject')
  .trim()
  .min(3, 'Subject must be at least 3 characters')
  .max(120, 'Subject must be at most 120 characters');
const messageField = noMarkup('Message')
  .trim()
  .min(10, 'Message must be at least 10 characters')
  .max(4000, 'Message must be at most 4000 characters');

/** POST /api/support-requests */
export const createSupportRequestSchema = z
  .object({
    subject: z.string({ message: 'Subject is required' }).pipe(subjectField),
    message: z.string({ message: 'Message is required' }).pipe(messageField),
    bookingId: z.uuid('Booking is not valid').nullish(),
  })
  .strict();
export type CreateSupportRequestInput = z.infer<typeof createSupportRequestSchema>;

/** POST /api/admin/support-requests/:id/replies */
export const createSupportReplySchema = z
  .object({ message: z.string({ message: 'Message is required' }).pipe(messageField) })
  .strict();
export type CreateSupportReplyInput = z.infer<typeof createSupportReplySchema>;

/** PUT /api/admin/providers/:id/account-manager: null removes the business's account manager. */
export const setAccountManagerSchema = z
  .object({ adminId: z.uuid('Admin is not valid').nullable() })
  .strict();
export type SetAccountManagerInput = z.infer<typeof setAccountManagerSchema>;

export const supportQueueQuerySchema = z.object({
  status: z
    .enum(['open', 'answered', 'all'], { message: 'Status must be open, answered or all' })
    .default('open'),
});
export type SupportQueueQuery = z.infer<typeof supportQueueQuerySchema>;

export const supportReplySchema = z.object({
  id: z.uuid(),
  message: z.string(),
  /** The operator's first name (the provider's view); null once the admin is gone. */
  adminName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

/** A request as its business sees it. */
export const supportRequestSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  bookingId: z.uuid().nullable(),
  status: z.enum(supportStatuses),
  /** The sender's name (the owner sees the whole business's requests). */
  senderName: z.string(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  replies: z.array(supportReplySchema),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** A request in the operators' queue. */
export const adminSupportRequestSchema = supportRequestSchema.extend({
  providerId: z.uuid(),
  businessName: z.string(),
  /** The plan when it was sent (from its priority). */
  plan: z.enum(planTypes).nullable(),
  priority: z.number().int(),
  sender: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  managerId: z.uuid().nullable(),
  /** The calling admin is the business's account manager. */
  mine: z.boolean(),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;

export const accountManagerSchema = z
  .object({ name: z.string(), email: z.string(), phone: z.string().nullable() })
  .nullable();
export type AccountManager = z.infer<typeof accountManagerSchema>;

export const accountManagerSetSchema = z.object({ adminId: z.uuid().nullable() });

/** GET /api/admin/providers/:id/account-manager: the business's manager as the console shows it. */
export const adminAccountManagerSchema = z.object({
  plan: z.enum(planTypes).nullable(),
  manager: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminAccountManager = z.infer<typeof adminAccountManagerSchema>;
