import { featureGateMessage, hasFeature } from '../../../core/billing/plan-features.ts';
import type { PlanType } from '../../../core/billing/plans.ts';
import { AppError } from '../../../core/errors.ts';
import {
  supportPriority,
  type AccountManager,
  type AdminAccountManager,
  type AdminSupportRequest,
  type CreateSupportReplyInput,
  type CreateSupportRequestInput,
  type SupportQueueQuery,
  type SupportRequest,
  type SupportStatus,
} from '../../../core/support/schemas.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { insertNotifications } from '../notifications/index.ts';
import type { BusinessAccess } from '../team/index.ts';
import * as repo from './support.repository.ts';

const iso = (value: Date) => new Date(value).toISOString();
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
const planOfPriority = (priority: number): PlanType =>
  priority === 0 ? 'enterprise' : priority === 1 ? 'premium' : 'basic';

/** Writes an admin's act to the audit log (the admin module's `recordAdminAct`, injected). */
export type AuditAct = (
  exec: Executor,
  entry: {
    actor: PublicUser;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
) => Promise<void>;

function withReplies(rows: repo.RequestRow[], replies: repo.ReplyRow[]): SupportRequest[] {
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    message: row.message,
    bookingId: row.bookingId,
    status: row.status as SupportStatus,
    senderName: row.senderName,
    createdAt: iso(row.createdAt),
    answeredAt: row.answeredAt ? iso(row.answeredAt) : null,
    replies: replies
      .filter((reply) => reply.requestId === row.id)
      .map((reply) => ({
        id: reply.id,
        message: reply.message,
        adminName: reply.adminName ? firstName(reply.adminName) : null,
        createdAt: iso(reply.createdAt),
      })),
  }));
}

/**
 * Support (docs/product.md, "Support"): a business writes to the operators; the queue is ordered
 * by the plan when sent, then age, with an account manager's businesses first for them.
 */
export function createSupportService(
  db: Database,
  events: EventBus,
  businessAccess: BusinessAccess,
  audit: { accountManager: AuditAct; reply: AuditAct },
) {
  async function businessRequests(providerId: string, userId: string | null) {
    const rows = await repo.listForBusiness(db, providerId, userId);
    return withReplies(
      rows,
      await repo.repliesOf(
        db,
        rows.map((r) => r.id),
      ),
    );
  }

  return {
    /** The owner, a dispatcher or a technician writes; the plan now fixes its place in the queue. */
    async create(user: PublicUser, input: CreateSupportRequestInput): Promise<SupportRequest> {
      const side = await businessAccess.requireSide(db, user);
      if (input.bookingId && !(await repo.bookingOfProvider(db, input.bookingId, side.providerId)))
        throw new AppError('bad_request', "The booking is not one of your business's bookings");
      const manager = side.plan === 'enterprise' ? await repo.managerOf(db, side.providerId) : null;
      const { id } = await repo.insertRequest(db, {
        providerId: side.providerId,
        userId: user.id,
        subject: input.subject,
        message: input.message,
        bookingId: input.bookingId ?? null,
        priority: supportPriority(side.plan),
        managerId: manager?.adminId ?? null,
      });
      const [created] = withReplies([(await repo.findRequest(db, id))!], []);
      return created!;
    },

    /** The owner sees every request of the business; a member sees the ones they sent. */
    async list(user: PublicUser): Promise<SupportRequest[]> {
      const side = await businessAccess.requireSide(db, user);
      return businessRequests(side.providerId, side.role === 'owner' ? null : user.id);
    },

    /** The business's account manager, or null when the plan has none (or none is named yet). */
    async accountManager(user: PublicUser): Promise<AccountManager> {
      const side = await businessAccess.requireSide(db, user);
      if (!hasFeature(side.plan, 'accountManager')) return null;
      const manager = await repo.managerOf(db, side.providerId);
      return manager ? { name: manager.name, email: manager.email, phone: manager.phone } : null;
    },

    async queue(admin: PublicUser, query: SupportQueueQuery): Promise<AdminSupportRequest[]> {
      const rows = await repo.listQueue(db, admin.id, query.status);
      const requests = withReplies(
        rows,
        await repo.repliesOf(
          db,
          rows.map((r) => r.id),
        ),
      );
      return requests.map((request, i) => {
        const row = rows[i]!;
        return {
          ...request,
          providerId: row.providerId,
          businessName: row.businessName,
          plan: planOfPriority(row.priority),
          priority: row.priority,
          sender: { id: row.userId, name: row.senderName, email: row.senderEmail },
          managerId: row.managerId,
          mine: row.managerId === admin.id,
        };
      });
    },

    /** Stores the reply, marks the request answered and tells the sender: one transaction. */
    async reply(admin: PublicUser, id: string, input: CreateSupportReplyInput) {
      const request = await repo.findRequest(db, id);
      if (!request) throw new AppError('not_found', 'No support request found');
      return db.transaction(async (tx) => {
        const reply = await repo.insertReply(tx, {
          requestId: id,
          adminId: admin.id,
          message: input.message,
        });
        const [notification] = await insertNotifications(tx, [
          {
            userId: request.userId,
            type: 'account_update',
            title: ({ t }) => t('supportAnswered'),
            message: ({ t }) => t('supportAnsweredMessage', { subject: request.subject }),
            metadata: {
              providerId: request.providerId,
              category: 'account',
              kind: 'support_reply',
            },
          },
        ]);
        await events.publish(
          tx,
          { userIds: [request.userId] },
          { type: 'notification', data: notification! },
        );
        await audit.reply(tx, {
          actor: admin,
          targetId: id,
          before: { status: request.status },
          after: { status: 'answered', reply: input.message },
        });
        return { id: reply.id, requestId: id, createdAt: iso(reply.createdAt) };
      });
    },

    /** The business's plan and account manager, for the console's control. */
    async managerForAdmin(providerId: string): Promise<AdminAccountManager> {
      const provider = await repo.providerOwner(db, providerId);
      if (!provider) throw new AppError('not_found', 'No service provider found');
      const plan = await businessAccess.planOf(db, provider.ownerId);
      const manager = await repo.managerOf(db, providerId);
      return {
        plan,
        manager: manager ? { id: manager.adminId, name: manager.name, email: manager.email } : null,
      };
    },

    /** Names (or removes) the admin who manages an Enterprise business; audited. */
    async setAccountManager(admin: PublicUser, providerId: string, adminId: string | null) {
      const provider = await repo.providerOwner(db, providerId);
      if (!provider) throw new AppError('not_found', 'No service provider found');
      const plan = await businessAccess.planOf(db, provider.ownerId);
      if (adminId !== null && !hasFeature(plan, 'accountManager'))
        throw new AppError('conflict', featureGateMessage('accountManager'));
      if (adminId !== null && !(await repo.findAdmin(db, adminId)))
        throw new AppError('bad_request', 'The account manager must be an active admin');
      return db.transaction(async (tx) => {
        const before = await repo.setManager(tx, providerId, adminId);
        await audit.accountManager(tx, {
          actor: admin,
          targetId: providerId,
          before: { accountManagerId: before },
          after: { accountManagerId: adminId },
        });
        return { adminId };
      });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
