import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiScope } from '../../../core/integrations/api-token-rules.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Executor } from '../../db/client.ts';
import { apiTokens, serviceProviders, users } from '../../db/schema/index.ts';
import { toPublicUser } from '../users/index.ts';

export interface TokenRow {
  id: string;
  name: string;
  start: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  createdAt: Date;
  createdBy: string | null;
}

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  start: apiTokens.start,
  scopes: apiTokens.scopes,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  lastUsedAddress: apiTokens.lastUsedAddress,
  createdAt: apiTokens.createdAt,
  createdBy: users.name,
};

export async function insertToken(
  db: Executor,
  token: {
    providerId: string;
    createdBy: string;
    name: string;
    start: string;
    tokenHash: string;
    scopes: ApiScope[];
    expiresAt: Date | null;
  },
): Promise<string> {
  const [row] = await db.insert(apiTokens).values(token).returning({ id: apiTokens.id });
  return row!.id;
}

/** Tokens of the business not revoked (expired ones included). */
export async function countUnrevoked(db: Executor, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.providerId, providerId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

/** The business's unrevoked tokens, newest first, with who created each. */
export async function listTokens(db: Executor, providerId: string): Promise<TokenRow[]> {
  const rows = await db
    .select(listed)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(eq(apiTokens.providerId, providerId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => ({ ...row, scopes: row.scopes as ApiScope[] }));
}

/** Revokes one token of the business; false when it has no such unrevoked token. */
export async function revokeToken(db: Executor, providerId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(apiTokens.id, id), eq(apiTokens.providerId, providerId), isNull(apiTokens.revokedAt)),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export interface LiveToken {
  id: string;
  providerId: string;
  name: string;
  scopes: ApiScope[];
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  owner: PublicUser;
}

/**
 * The token with this hash if it still works (not revoked, not expired, its owner not
 * suspended), with its business's owner: one query on the unique hash index.
 */
export async function findLiveToken(db: Executor, tokenHash: string): Promise<LiveToken | null> {
  const [row] = await db
    .select({ token: apiTokens, owner: users })
    .from(apiTokens)
    .innerJoin(serviceProviders, eq(serviceProviders.id, apiTokens.providerId))
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: row.token.id,
    providerId: row.token.providerId,
    name: row.token.name,
    scopes: row.token.scopes as ApiScope[],
    lastUsedAt: row.token.lastUsedAt,
    lastUsedAddress: row.token.lastUsedAddress,
    owner: toPublicUser(row.owner),
  };
}

export async function touchToken(db: Executor, id: string, address: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedAddress: address })
    .where(eq(apiTokens.id, id));
}
