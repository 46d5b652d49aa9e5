import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { teamRoles } from '../../../core/users/roles.ts';
import { createdAt, timestampTz, userRef } from './columns.ts';
import { serviceProviders } from './providers.ts';
import { users } from './users.ts';

const oneOf = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(', '));

/**
 * The people who work for a business besides its owner (docs/product.md, "Teams"): one row per
 * member, who belongs to one business. The member's role is the user's own (`users.role`).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** A technician's newest shared position, kept after the job for the fleet map. */
    lastLatitude: doublePrecision(),
    lastLongitude: doublePrecision(),
    lastPositionAt: timestampTz(),
  },
  (t) => [index('team_members_provider_idx').on(t.providerId, t.createdAt)],
);

/** An owner's invitation by email: a single-use link, stored hashed, valid 72 hours. */
export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuid().primaryKey().defaultRandom(),
    providerId: uuid()
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: userRef(),
    expiresAt: timestampTz().notNull(),
    acceptedAt: timestampTz(),
    /** The account the invitation made. */
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestampTz(),
    createdAt: createdAt(),
  },
  (t) => [
    check('team_invites_role_check', sql`${t.role} in (${oneOf(teamRoles)})`),
    index('team_invites_provider_idx').on(t.providerId, t.createdAt),
  ],
);
