import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PublicUser, Role, VehicleInfo } from '../../../core/users/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  name: string;
  phone: string;
  location?: string | null;
  aaaMemberId?: string | null;
  company?: string | null;
  cdlNumber?: string | null;
  vehicleInfo?: VehicleInfo;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'email'
    | 'phone'
    | 'location'
    | 'aaaMemberId'
    | 'company'
    | 'cdlNumber'
    | 'vehicleInfo'
    | 'role'
    | 'passwordHash'
    | 'avatarUrl'
    | 'pushNotifications'
    | 'locationServices'
    | 'emailUpdates'
    | 'language'
    | 'theme'
    | 'emailVerifiedAt'
    | 'phoneVerifiedAt'
  >
>;

/** The only shape that leaves this file, except for the sign-in check below: no password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    name: row.name,
    role: row.role,
    phone: row.phone,
    location: row.location,
    aaaMemberId: row.aaaMemberId,
    company: row.company,
    cdlNumber: row.cdlNumber,
    vehicleInfo: row.vehicleInfo ?? {},
    avatarUrl: row.avatarUrl,
    settings: {
      pushNotifications: row.pushNotifications,
      locationServices: row.locationServices,
      emailUpdates: row.emailUpdates,
    },
    contacts: {
      emailConfirmed: row.emailVerifiedAt !== null,
      phoneConfirmed: row.phoneVerifiedAt !== null,
    },
    language: row.language,
    theme: row.theme,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Executor, id: string): Promise<PublicUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toPublicUser(row) : null;
}

/** For sign-in only: the user together with the password hash to verify. */
export async function findCredentialsByEmail(
  db: Executor,
  email: string,
): Promise<{
  user: PublicUser;
  passwordHash: string;
  suspended: { at: Date; reason: string | null } | null;
} | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) return null;
  return {
    user: toPublicUser(row),
    passwordHash: row.passwordHash,
    suspended: row.suspendedAt ? { at: row.suspendedAt, reason: row.suspendedReason } : null,
  };
}

export async function userExists(db: Executor, email: string, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.email, email), eq(sql`lower(${users.username})`, username.toLowerCase())))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: Executor, user: NewUser): Promise<PublicUser> {
  const [row] = await db.insert(users).values(user).returning();
  return toPublicUser(row!);
}

/**
 * A new email or phone is unconfirmed until its own link or code confirms it
 * (docs/decisions/047-confirmed-contacts.md), unless `changes` says when it was confirmed.
 */
export async function updateUser(
  db: Executor,
  id: string,
  changes: UserChanges,
): Promise<PublicUser | null> {
  const unconfirmed: { emailVerifiedAt?: SQL; phoneVerifiedAt?: SQL } = {};
  if (changes.email !== undefined && changes.emailVerifiedAt === undefined)
    unconfirmed.emailVerifiedAt = sql`case when ${users.email} = ${changes.email} then ${users.emailVerifiedAt} end`;
  if (changes.phone !== undefined && changes.phoneVerifiedAt === undefined)
    unconfirmed.phoneVerifiedAt = sql`case when ${users.phone} = ${changes.phone} then ${users.phoneVerifiedAt} end`;
  const [row] = await db
    .update(users)
    .set({ ...changes, ...unconfirmed, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ? toPublicUser(row) : null;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

/** For re-checking the password of a signed-in user before a change of their account. */
export async function findPasswordHash(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.passwordHash ?? null;
}

/**
 * Marks the email (or phone) confirmed if it is still `target`: a confirmation of an address the
 * account no longer has changes nothing. Answers whether it did.
 */
export async function markContactConfirmed(
  db: Executor,
  userId: string,
  kind: 'email' | 'phone',
  target: string,
): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set(kind === 'email' ? { emailVerifiedAt: new Date() } : { phoneVerifiedAt: new Date() })
    .where(
      and(
        eq(users.id, userId),
        kind === 'email' ? eq(users.email, target) : eq(users.phone, target),
      ),
    )
    .returning({ id: users.id });
  return Boolean(row);
}

/**
 * The confirmed email and phone of each user (null where not confirmed), in one query: the only
 * addresses a notification email or text may go to.
 */
export async function confirmedContacts(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, { email: string | null; phone: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: sql<
        string | null
      >`case when ${users.emailVerifiedAt} is not null then ${users.email} end`,
      phone: sql<
        string | null
      >`case when ${users.phoneVerifiedAt} is not null then ${users.phone} end`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, { email: row.email, phone: row.phone }]));
}

/** Suspends (a date) or reactivates (null) an account. */
export async function setSuspension(
  db: Executor,
  userId: string,
  suspension: { at: Date; reason: string } | null,
) {
  const [row] = await db
    .update(users)
    .set({
      suspendedAt: suspension?.at ?? null,
      suspendedReason: suspension?.reason ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/** The ids of every admin not suspended: who hears of work waiting in the console. */
export async function findAdminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.suspendedAt)));
  return rows.map((row) => row.id);
}
