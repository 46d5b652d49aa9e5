import { randomBytes } from 'node:crypto';
import { featureGateMessage, hasFeature } from '../../../core/billing/plan-features.ts';
import type { GatewayMode } from '../../../core/billing/schemas.ts';
import { AppError } from '../../../core/errors.ts';
import {
  API_TOKEN_PREFIXES,
  API_TOKEN_SHOWN_CHARS,
  MAX_API_TOKENS,
} from '../../../core/integrations/api-token-rules.ts';
import type {
  ApiToken,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../../core/integrations/api-tokens.ts';
import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import { hashToken } from '../../secret-tokens.ts';
import { recordAdminAct } from '../admin/index.ts';
import { requireFeature, type BusinessAccess } from '../team/index.ts';
import * as repo from './api-tokens.repository.ts';

/** At most one write of a token's last use per minute, unless its address changed. */
const TOUCH_INTERVAL_MS = 60_000;

const OWNER_ONLY = 'Only the business owner manages API tokens';
const NOT_FOUND = 'No such API token';

export interface ApiTokensOptions {
  db: Database;
  businessAccess: BusinessAccess;
  /** `test` on a server with the test payment gateway: its tokens start with `tf_test_`. */
  gatewayMode: () => GatewayMode;
}

/** A token's use, for the audit log. */
export interface TokenUse {
  method: string;
  route: string;
  statusCode: number;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** API tokens of Enterprise businesses (docs/decisions/056-api-tokens.md). */
export function createApiTokensService({ db, businessAccess, gatewayMode }: ApiTokensOptions) {
  /** The caller's business, when they own it; anyone else is refused. */
  async function ownBusiness(user: PublicUser) {
    const side = user.role === 'mechanic' ? await businessAccess.sideOf(db, user) : null;
    if (!side) {
      if (user.role === 'mechanic') throw new AppError('not_found', 'You have no business yet');
      throw new AppError('forbidden', OWNER_ONLY);
    }
    if (side.role !== 'owner') throw new AppError('forbidden', OWNER_ONLY);
    return side;
  }

  return {
    async create(user: PublicUser, input: CreateApiTokenInput): Promise<CreatedApiToken> {
      const side = await ownBusiness(user);
      requireFeature(side, 'apiAccess');
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now())
        throw new AppError('bad_request', 'The expiry date must be in the future', {
          expiresAt: 'The expiry date must be in the future',
        });
      if ((await repo.countUnrevoked(db, side.providerId)) >= MAX_API_TOKENS)
        throw new AppError(
          'conflict',
          `A business can hold at most ${MAX_API_TOKENS} API tokens. Revoke one you no longer use first.`,
        );
      const prefix = gatewayMode() === 'test' ? API_TOKEN_PREFIXES.test : API_TOKEN_PREFIXES.live;
      const token = prefix + randomBytes(32).toString('base64url');
      const id = await repo.insertToken(db, {
        providerId: side.providerId,
        createdBy: user.id,
        name: input.name,
        start: token.slice(0, API_TOKEN_SHOWN_CHARS),
        tokenHash: hashToken(token),
        scopes: input.scopes,
        expiresAt,
      });
      return { id, token };
    },

    /** The business's tokens that are not revoked; an expired one shows its past expiry. */
    async list(user: PublicUser): Promise<ApiToken[]> {
      const side = await ownBusiness(user);
      const rows = await repo.listTokens(db, side.providerId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        start: row.start,
        scopes: row.scopes,
        expiresAt: iso(row.expiresAt),
        lastUsedAt: iso(row.lastUsedAt),
        lastUsedAddress: row.lastUsedAddress,
        createdAt: row.createdAt.toISOString(),
        createdBy: row.createdBy,
      }));
    },

    /** Revoked at once: the next request with it answers 401. */
    async revoke(user: PublicUser, id: string): Promise<void> {
      const side = await ownBusiness(user);
      if (!(await repo.revokeToken(db, side.providerId, id)))
        throw new AppError('not_found', NOT_FOUND);
    },

    /**
     * The token's business owner and the token, or null when it is unknown, revoked or expired
     * (nothing is cached: a revocation acts on the next request). Notes its last use.
     */
    async authenticate(token: string, address: string) {
      const found = await repo.findLiveToken(db, hashToken(token));
      if (!found) return null;
      const stale =
        found.lastUsedAt === null || Date.now() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS;
      if (stale || found.lastUsedAddress !== address) await repo.touchToken(db, found.id, address);
      const plan = await businessAccess.planOf(db, found.owner.id);
      return {
        user: found.owner,
        token: {
          id: found.id,
          providerId: found.providerId,
          name: found.name,
          scopes: found.scopes,
        },
        /** Null while the business's plan includes API access, else the 403 answer. */
        refusal: hasFeature(plan, 'apiAccess') ? null : featureGateMessage('apiAccess'),
      };
    },

    /** One audit row for a use of a write scope: the owner is the actor, the token the target. */
    async recordUse(
      owner: PublicUser,
      token: { id: string; name: string },
      use: TokenUse,
    ): Promise<void> {
      await recordAdminAct(db, {
        actor: owner,
        action: 'api_token.use',
        targetType: 'api_token',
        targetId: token.id,
        before: null,
        after: { name: token.name, ...use },
      });
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;
