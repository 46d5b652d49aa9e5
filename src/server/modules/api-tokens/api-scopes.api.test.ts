import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopes, type ApiScope } from '../../../core/integrations/api-token-rules.ts';
import { setUpTeam, type TestTeam } from '../../test/team.ts';
import { SMS_INBOUND_PATH } from '../mail/index.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

/**
 * Every route a token may call × tokens with and without its scope, and every other API route ×
 * a token with all scopes (docs/api.md, "API tokens"). Public routes refuse tokens too: a token
 * works on the routes that name its scope and nowhere else.
 */

interface Sample {
  /** What the route answers a token holding its scope (the owner's rights on the sample data). */
  status: number;
  request: () => { url: string; payload?: Record<string, unknown> };
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;
/** Objects of the team's business the sample requests name. */
const f = {} as { bookingId: string };

const NOTHING = '00000000-0000-4000-8000-000000000000';

/** One row per route with a `config.scope`; a new scoped route fails the first test until it has one. */
const SAMPLES: Record<string, Sample> = {
  'GET /api/bookings': { status: 200, request: () => ({ url: '/api/bookings' }) },
  'GET /api/bookings/:id': {
    status: 200,
    request: () => ({ url: `/api/bookings/${f.bookingId}` }),
  },
  'PATCH /api/bookings/:id': {
    status: 200,
    request: () => ({ url: `/api/bookings/${f.bookingId}`, payload: { status: 'confirmed' } }),
  },
  'PUT /api/providers/:id/status': {
    status: 200,
    request: () => ({
      url: `/api/providers/${team.providerId}/status`,
      payload: { status: 'busy' },
    }),
  },
  // Webhooks (webhooks:manage) and reports (reports:read). An id of nothing answers 404: the
  // token got past access; the modules' own tests cover the successful calls.
  'POST /api/webhooks': {
    status: 400,
    request: () => ({ url: '/api/webhooks', payload: { url: 'not a url', events: [] } }),
  },
  'GET /api/webhooks': { status: 200, request: () => ({ url: '/api/webhooks' }) },
  'PATCH /api/webhooks/:id': {
    status: 404,
    request: () => ({ url: `/api/webhooks/${NOTHING}`, payload: { enabled: false } }),
  },
  'DELETE /api/webhooks/:id': { status: 404, request: () => ({ url: `/api/webhooks/${NOTHING}` }) },
  'POST /api/webhooks/:id/test': {
    status: 404,
    request: () => ({ url: `/api/webhooks/${NOTHING}/test` }),
  },
  'GET /api/webhooks/:id/deliveries': {
    status: 404,
    request: () => ({ url: `/api/webhooks/${NOTHING}/deliveries` }),
  },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    status: 404,
    request: () => ({ url: `/api/webhooks/${NOTHING}/deliveries/${NOTHING}/resend` }),
  },
  'POST /api/webhooks/:id/rotate-secret': {
    status: 404,
    request: () => ({ url: `/api/webhooks/${NOTHING}/rotate-secret` }),
  },
  'GET /api/reports': {
    status: 200,
    request: () => ({ url: '/api/reports?from=2026-11-01&to=2026-11-30&groupBy=week' }),
  },
  'GET /api/reports/statement': {
    status: 200,
    request: () => ({ url: '/api/reports/statement?month=2026-10' }),
  },
};

beforeAll(async () => {
  t = await createTestApp();
  team = await setUpTeam(t);
  const driver = await signUp(t.app);
  const booked = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: driver.cookie },
    payload: { providerId: team.providerId, serviceType: 'Brake Repair' },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  f.bookingId = booked.json().id as string;
}, 60_000);
afterAll(() => t.close());

const tokens = new Map<string, string>();
/** A token of the team's business with exactly these scopes (made once per set). */
async function tokenWith(scopes: readonly ApiScope[]) {
  const key = [...scopes].sort().join(' ');
  const known = tokens.get(key);
  if (known) return known;
  const response = await t.api({
    method: 'POST',
    url: '/api/api-tokens',
    headers: { cookie: team.owner.cookie },
    payload: { name: `Token ${tokens.size + 1}`, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { token } = response.json() as { token: string };
  tokens.set(key, token);
  return token;
}

const send = (token: string, method: string, request: ReturnType<Sample['request']>) =>
  t.api({
    method: method as 'GET',
    url: request.url,
    headers: {
      authorization: `Bearer ${token}`,
      // The texts' inbound route parses only Twilio's form bodies.
      ...(request.url === SMS_INBOUND_PATH
        ? { 'content-type': 'application/x-www-form-urlencoded' }
        : {}),
    },
    ...(request.payload ? { payload: request.payload } : {}),
  });

/** A concrete path for a route: every parameter an id of nothing. */
const concrete = (url: string) => url.replace(/:\w+/g, NOTHING).replace(/\*$/, 'x');

const scopedRoutes = () => t.app.apiRoutes.filter((route) => route.scope);

describe('API token scopes', () => {
  it('has a sample request for every route with a scope, and none for a route that is gone', () => {
    const routes = scopedRoutes().map((route) => `${route.method} ${route.url}`);
    const missing = routes.filter((key) => !(key in SAMPLES));
    const gone = Object.keys(SAMPLES).filter((key) => !routes.includes(key));
    expect(missing.map((key) => `add a sample for ${key}`)).toEqual([]);
    expect(gone.map((key) => `remove the sample for ${key}: no such scoped route`)).toEqual([]);
  });

  it('refuses a token with every other scope, naming the missing one', async () => {
    const wrong: string[] = [];
    for (const route of scopedRoutes()) {
      const sample = SAMPLES[`${route.method} ${route.url}`];
      if (!sample) continue;
      const others = apiScopes.filter((scope) => scope !== route.scope);
      const response = await send(await tokenWith(others), route.method, sample.request());
      const expected = { error: `This token lacks the scope ${route.scope}` };
      if (response.statusCode !== 403 || response.body !== JSON.stringify(expected))
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a token with only the scope through', async () => {
    const wrong: string[] = [];
    for (const route of scopedRoutes()) {
      const sample = SAMPLES[`${route.method} ${route.url}`];
      if (!sample) continue;
      const response = await send(await tokenWith([route.scope!]), route.method, sample.request());
      if (response.statusCode !== sample.status)
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a token with every scope on every route without one, public ones included', async () => {
    const token = await tokenWith(apiScopes);
    const wrong: string[] = [];
    const unscoped = t.app.apiRoutes.filter((route) => !route.scope && route.method !== 'OPTIONS');
    expect(unscoped.length).toBeGreaterThan(50);
    for (const route of unscoped) {
      const form = route.url === SMS_INBOUND_PATH;
      const payload = ['POST', 'PUT', 'PATCH'].includes(route.method) && !form ? {} : undefined;
      const response = await send(token, route.method, { url: concrete(route.url), payload });
      if (
        response.statusCode !== 403 ||
        response.body !== JSON.stringify({ error: 'API tokens cannot call this route' })
      )
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the token scheme and each operation’s scope', async () => {
    const response = await t.api({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; 'x-required-scope'?: string }>>;
    };
    expect(doc.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      apiToken: { type: 'http', scheme: 'bearer' },
    });
    const wrong: string[] = [];
    for (const route of t.app.apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const expected =
        route.access.kind === 'public'
          ? undefined
          : route.scope
            ? [{ session: [] }, { apiToken: [route.scope] }]
            : [{ session: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected))
        wrong.push(`${route.method} ${route.url}: ${JSON.stringify(operation.security)}`);
      if (operation['x-required-scope'] !== route.scope)
        wrong.push(
          `${route.method} ${route.url}: x-required-scope ${operation['x-required-scope']}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/bookings']!.get!['x-required-scope']).toBe('bookings:read');
  });
});
