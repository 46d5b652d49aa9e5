import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_UP_REQUIRED } from '../../../core/auth/step-up.ts';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import {
  API_TOKEN_NAME_MAX,
  MAX_API_TOKENS,
  type ApiScope,
} from '../../../core/integrations/api-token-rules.ts';
import type { ApiToken } from '../../../core/integrations/api-tokens.ts';
import { apiTokens, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../secret-tokens.ts';
import { subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { enrolTotp, signInWithCode } from '../../test/second-factor.ts';
import { setPlan, setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp, promoteToAdmin, signUp } from '../../test/test-app.ts';

/** Low enough to reach in a test; every other test uses a token fewer times. */
const PER_MINUTE = 12;
const INVALID = { error: 'Invalid, expired or revoked API token' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ apiTokenRateLimitPerMinute: PER_MINUTE });
  team = await setUpTeam(t);
  const admin = await signUp(t.app);
  await promoteToAdmin(t.app, admin.user.id);
  const totp = await enrolTotp(t.app, admin);
  adminCookie = await signInWithCode(t.app, { ...admin, totpSecret: totp.secret });
}, 60_000);
afterAll(() => t.close());

const create = (cookie: string, payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/api-tokens', headers: { cookie }, payload });

/** A new token of the team's business with these scopes; answers its id and the token. */
async function newToken(scopes: ApiScope[], name = 'Dispatch sync', expiresAt?: string) {
  const response = await create(team.owner.cookie, { name, scopes, expiresAt });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string };
}

const listed = async (cookie = team.owner.cookie) => {
  const response = await t.api({ method: 'GET', url: '/api/api-tokens', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ApiToken[];
};

const withToken = (
  token: string,
  request: { method?: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE'; url: string; payload?: unknown },
  more: { cookie?: string; remoteAddress?: string } = {},
) =>
  t.api({
    method: request.method ?? 'GET',
    url: request.url,
    payload: request.payload as Record<string, unknown> | undefined,
    remoteAddress: more.remoteAddress,
    headers: {
      authorization: `Bearer ${token}`,
      ...(more.cookie ? { cookie: more.cookie } : {}),
    },
  });

async function book() {
  const driver = await signUp(t.app);
  const response = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: driver.cookie },
    payload: { providerId: team.providerId, serviceType: 'Brake Repair' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { driver, id: response.json().id as string };
}

const auditOf = async (tokenId: string) => {
  const response = await t.api({
    method: 'GET',
    url: `/api/admin/audit?action=api_token.use&targetId=${tokenId}&pageSize=100`,
    headers: { cookie: adminCookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { entries: { actor: { id: string }; after: unknown }[] }).entries;
};

describe('creating, listing and revoking tokens', () => {
  it('shows a new token once, with the test prefix on a test-gateway server', async () => {
    const { id, token } = await newToken(['bookings:read', 'availability:write'], 'Fleet sync');
    expect(token).toMatch(/^tf_test_[A-Za-z0-9_-]{43}$/);
    const tokens = await listed();
    const mine = tokens.find((row) => row.id === id);
    expect(mine).toEqual({
      id,
      name: 'Fleet sync',
      start: token.slice(0, 12),
      scopes: ['bookings:read', 'availability:write'],
      expiresAt: null,
      lastUsedAt: null,
      lastUsedAddress: null,
      createdAt: expect.any(String),
      createdBy: team.owner.account.name,
    });
    const list = await t.api({
      method: 'GET',
      url: '/api/api-tokens',
      headers: { cookie: team.owner.cookie },
    });
    expect(list.body).not.toContain(token);
    expect(list.body).not.toContain(token.slice(12));
  });

  it('keeps only the hash of the token in the database', async () => {
    const { id, token } = await newToken(['bookings:read']);
    const [row] = await t.app.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(12));
  });

  it('revokes a token at once: its next request answers 401', async () => {
    const { id, token } = await newToken(['bookings:read']);
    expect((await withToken(token, { url: '/api/bookings' })).statusCode).toBe(200);
    const revoked = await t.api({
      method: 'DELETE',
      url: `/api/api-tokens/${id}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    const after = await withToken(token, { url: '/api/bookings' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(INVALID);
    expect((await listed()).map((row) => row.id)).not.toContain(id);
    const again = await t.api({
      method: 'DELETE',
      url: `/api/api-tokens/${id}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another business's token, and leaves it working", async () => {
    const other = await setUpTeam(t);
    const created = await create(other.owner.cookie, { name: 'Theirs', scopes: ['bookings:read'] });
    const { id, token } = created.json() as { id: string; token: string };
    const response = await t.api({
      method: 'DELETE',
      url: `/api/api-tokens/${id}`,
      headers: { cookie: team.owner.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No such API token' });
    expect((await listed()).map((row) => row.id)).not.toContain(id);
    expect((await withToken(token, { url: '/api/bookings' })).statusCode).toBe(200);
  });

  it('lists an expired token as expired, and it answers 401', async () => {
    const { id, token } = await newToken(['bookings:read'], 'Short lived', tomorrow());
    const past = new Date(Date.now() - 60_000);
    await t.app.database.db.update(apiTokens).set({ expiresAt: past }).where(eq(apiTokens.id, id));
    const response = await withToken(token, { url: '/api/bookings' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
    const row = (await listed()).find((token) => token.id === id);
    expect(row?.expiresAt).toBe(past.toISOString());
  });

  it('answers 401 to an unknown token on any /api route, public ones too', async () => {
    for (const url of ['/api/bookings', '/api/meta', '/api/no-such-route']) {
      const response = await withToken(`tf_live_${'A'.repeat(43)}`, { url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual(INVALID);
    }
  });

  it('holds a business to at most MAX_API_TOKENS unrevoked tokens', async () => {
    const other = await setUpTeam(t);
    for (let i = 0; i < MAX_API_TOKENS; i += 1) {
      const response = await create(other.owner.cookie, {
        name: `T${i}`,
        scopes: ['bookings:read'],
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await create(other.owner.cookie, {
      name: 'One more',
      scopes: ['bookings:read'],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/at most 25 API tokens/);
  });

  it('asks for a fresh sign-in before creating a token in an old session', async () => {
    const owner = await setUpTeam(t);
    await t.app.database.db
      .update(sessions)
      .set({ verifiedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, owner.owner.user.id));
    const response = await create(owner.owner.cookie, { name: 'Late', scopes: ['bookings:read'] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: STEP_UP_REQUIRED });
  });
});

function tomorrow() {
  return new Date(Date.now() + 24 * 60 * 60_000).toISOString();
}

describe('who may manage tokens', () => {
  it('refuses the dispatcher and the technician of the business', async () => {
    for (const member of [team.dispatcher, team.technician]) {
      const response = await create(member.cookie, { name: 'Mine', scopes: ['bookings:read'] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.any(String) });
      const list = await t.api({
        method: 'GET',
        url: '/api/api-tokens',
        headers: { cookie: member.cookie },
      });
      expect(list.statusCode).toBe(403);
    }
  });

  it.each(['basic', 'premium', null] as const)(
    'refuses an owner on %s with the plan gate line',
    async (plan) => {
      const owner = await signUp(t.app, { role: 'mechanic' });
      await insertOwnedProvider(t.app.database.db, owner.user.id);
      if (plan) await subscribe(t, owner.cookie, plan);
      const response = await create(owner.cookie, { name: 'Sync', scopes: ['bookings:read'] });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: featureGateMessage('apiAccess') });
      expect(await listed(owner.cookie)).toEqual([]);
    },
  );

  it('refuses a driver', async () => {
    const driver = await signUp(t.app);
    const response = await create(driver.cookie, { name: 'Sync', scopes: ['bookings:read'] });
    expect(response.statusCode).toBe(403);
  });
});

describe('bad token requests', () => {
  it.each([
    [{ name: '', scopes: ['bookings:read'] }, 'name', 'Name is required'],
    [{ name: '   ', scopes: ['bookings:read'] }, 'name', 'Name is required'],
    [
      { name: 'x'.repeat(API_TOKEN_NAME_MAX + 1), scopes: ['bookings:read'] },
      'name',
      `Name must be at most ${API_TOKEN_NAME_MAX} characters`,
    ],
    [{ scopes: ['bookings:read'] }, 'name', expect.any(String)],
    [{ name: 'Sync', scopes: [] }, 'scopes', 'Choose at least one scope'],
    [{ name: 'Sync' }, 'scopes', expect.any(String)],
    [{ name: 'Sync', scopes: ['bookings:delete'] }, 'scopes.0', expect.any(String)],
    [
      { name: 'Sync', scopes: ['bookings:read', 'bookings:read'] },
      'scopes',
      'Each scope only once',
    ],
    [
      { name: 'Sync', scopes: ['bookings:read'], expiresAt: 'tomorrow' },
      'expiresAt',
      expect.any(String),
    ],
    [
      { name: 'Sync', scopes: ['bookings:read'], expiresAt: '2020-01-01T00:00:00Z' },
      'expiresAt',
      'The expiry date must be in the future',
    ],
  ])('refuses %j', async (payload, field, message) => {
    const response = await create(team.owner.cookie, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: expect.any(String),
      fields: expect.objectContaining({ [field]: message }),
    });
  });

  it('refuses a revoke of something that is not an id', async () => {
    const response = await t.api({
      method: 'DELETE',
      url: '/api/api-tokens/not-an-id',
      headers: { cookie: team.owner.cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Expected a valid id', fields: expect.any(Object) });
  });
});

describe('calling the API with a token', () => {
  it("lists the business's bookings, as the owner sees them", async () => {
    const { id } = await book();
    const { token } = await newToken(['bookings:read']);
    const response = await withToken(token, { url: '/api/bookings' });
    expect(response.statusCode, response.body).toBe(200);
    const bookings = response.json() as { id: string; providerId: string }[];
    expect(bookings.map((booking) => booking.id)).toContain(id);
    expect(bookings.every((booking) => booking.providerId === team.providerId)).toBe(true);
    const one = await withToken(token, { url: `/api/bookings/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().id).toBe(id);
  });

  it('sets the availability with availability:write', async () => {
    const { token } = await newToken(['availability:write']);
    const response = await withToken(token, {
      method: 'PUT',
      url: `/api/providers/${team.providerId}/status`,
      payload: { status: 'busy' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('busy');
  });

  it('ignores a session cookie sent with a token', async () => {
    const { id } = await book();
    const driver = await signUp(t.app);
    const { token } = await newToken(['bookings:read']);
    const response = await withToken(token, { url: '/api/bookings' }, { cookie: driver.cookie });
    expect(response.json().map((booking: { id: string }) => booking.id)).toContain(id);
    const revoked = `tf_test_${'B'.repeat(43)}`;
    const refused = await withToken(revoked, { url: '/api/bookings' }, { cookie: driver.cookie });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(INVALID);
  });

  it('cannot manage tokens, nor call a route without a scope', async () => {
    const { token } = await newToken(['bookings:read', 'bookings:write', 'availability:write']);
    for (const url of ['/api/api-tokens', '/api/users/me', '/api/team']) {
      const response = await withToken(token, { url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: 'API tokens cannot call this route' });
    }
    const created = await withToken(token, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Escalate', scopes: ['bookings:read'] },
    });
    expect(created.statusCode).toBe(403);
  });

  it('names the scope a token lacks', async () => {
    const { token } = await newToken(['bookings:read']);
    const response = await withToken(token, {
      method: 'PUT',
      url: `/api/providers/${team.providerId}/status`,
      payload: { status: 'available' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'This token lacks the scope availability:write' });
  });

  it('notes the last use time and address, and a new address at once', async () => {
    const { id, token } = await newToken(['bookings:read']);
    const before = Date.now();
    await withToken(token, { url: '/api/bookings' }, { remoteAddress: '203.0.113.7' });
    let row = (await listed()).find((token) => token.id === id)!;
    expect(row.lastUsedAddress).toBe('203.0.113.7');
    expect(Date.parse(row.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
    await withToken(token, { url: '/api/bookings' }, { remoteAddress: '198.51.100.23' });
    row = (await listed()).find((token) => token.id === id)!;
    expect(row.lastUsedAddress).toBe('198.51.100.23');
  });

  it('answers 403 with the plan gate line once the plan no longer includes API access', async () => {
    const other = await setUpTeam(t);
    const created = await create(other.owner.cookie, { name: 'Sync', scopes: ['bookings:read'] });
    const { token } = created.json() as { token: string };
    expect((await withToken(token, { url: '/api/bookings' })).statusCode).toBe(200);
    await setPlan(t, other.owner.user.id, 'premium');
    const response = await withToken(token, { url: '/api/bookings' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: featureGateMessage('apiAccess') });
    await setPlan(t, other.owner.user.id, 'enterprise');
    expect((await withToken(token, { url: '/api/bookings' })).statusCode).toBe(200);
  });
});

describe('the per-token rate limit', () => {
  it('counts each token apart, with RateLimit-* headers on every answer, then 429', async () => {
    const { token } = await newToken(['bookings:read']);
    for (let i = 1; i <= PER_MINUTE; i += 1) {
      const response = await withToken(token, { url: '/api/bookings' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(PER_MINUTE));
      expect(response.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - i));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await withToken(token, { url: '/api/bookings' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const other = await newToken(['bookings:read']);
    const fresh = await withToken(other.token, { url: '/api/bookings' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['ratelimit-remaining']).toBe(String(PER_MINUTE - 1));
    const session = await t.api({
      method: 'GET',
      url: '/api/bookings',
      headers: { cookie: team.owner.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('the audit of write scopes', () => {
  it('records each use of a write scope for the owner, and no read', async () => {
    const { id, token } = await newToken(['bookings:read', 'availability:write'], 'Avail bot');
    await withToken(token, { url: '/api/bookings' });
    expect(await auditOf(id)).toEqual([]);
    const changed = await withToken(token, {
      method: 'PUT',
      url: `/api/providers/${team.providerId}/status`,
      payload: { status: 'available' },
    });
    expect(changed.statusCode).toBe(200);
    const entries = await auditOf(id);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: team.owner.user.id }),
        targetType: 'api_token',
        targetId: id,
        after: {
          name: 'Avail bot',
          method: 'PUT',
          route: '/api/providers/:id/status',
          statusCode: 200,
        },
      }),
    ]);
  });

  it('records a refused write too, with its status', async () => {
    const { id: bookingId } = await book();
    const { id, token } = await newToken(['bookings:write']);
    const response = await withToken(token, {
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      payload: { status: 'completed' },
    });
    expect(response.statusCode).toBe(409);
    const entries = await auditOf(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ method: 'PATCH', statusCode: 409 });
  });
});

describe('the example client (examples/api-client.mjs)', () => {
  it('lists the bookings and sets the availability with a token', async () => {
    const { id: bookingId } = await book();
    const { token } = await newToken(['bookings:read', 'availability:write'], 'Example client');
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['examples/api-client.mjs', 'enroute'], {
      env: { ...process.env, TF_URL: base, TF_TOKEN: token, TF_PROVIDER_ID: team.providerId },
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toContainEqual(expect.objectContaining({ booking: bookingId }));
    expect(lines.at(-1)).toEqual({ provider: team.providerId, status: 'enroute' });
  });
});
