import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { inject, signUp } from '../test/test-app.ts';
import { access } from './access.ts';
import { responseJsonSchema, serializerModeFor } from './serializer.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

const leakySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  rating: z.number().nullable(),
  tags: z.array(z.string()),
  owner: z.object({ id: z.string(), email: z.email().optional() }),
  photos: z.array(z.object({ url: z.string(), width: z.number().int() })),
  contact: z.object({ phone: z.string() }).nullable(),
  counts: z.record(z.string(), z.number()),
  status: z.enum(['pending', 'approved']),
});

const unionSchema = z.object({
  item: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('user'), name: z.string() }),
    z.object({ kind: z.literal('provider'), businessName: z.string() }),
  ]),
});

const leakyAnswer = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Ace Towing',
  rating: null,
  tags: ['tow'],
  owner: { id: 'u1', email: 'ace@example.com', passwordHash: HASH },
  photos: [{ url: '/uploads/a.webp', width: 640, tokenHash: 'abc' }],
  contact: { phone: '(214) 555-0100', passwordHash: HASH },
  counts: { tow: 3 },
  status: 'approved',
  passwordHash: HASH,
};

/** An app on an in-memory PGlite: both sides of a comparison on the same kind of database. */
const appIn = (env: 'production' | 'test') =>
  buildApp(
    loadConfig({
      NODE_ENV: env,
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      DATA_DIR: 'memory://',
      RUN_JOBS: 'false',
      ROUTE_RATE_LIMIT_SCALE: '1000',
    }),
  );

/** A production app (compiled serializers) with routes whose handlers return more than their schema. */
async function productionApp() {
  const app = await appIn('production');
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/test/leaky', {
    config: { access: access.public },
    schema: { response: { 200: leakySchema } },
    handler: async () => leakyAnswer as unknown as z.infer<typeof leakySchema>,
  });
  r.get('/api/test/union', {
    config: { access: access.public },
    schema: { response: { 200: unionSchema } },
    handler: async () =>
      ({ item: { kind: 'user', name: 'Dana', passwordHash: HASH } }) as z.infer<typeof unionSchema>,
  });
  await app.ready();
  return app;
}

describe('answers in production (compiled serializers)', () => {
  let prod: FastifyInstance;
  let checked: FastifyInstance;
  beforeAll(async () => {
    prod = await productionApp();
    checked = await appIn('test');
    await checked.ready();
  });
  afterAll(async () => {
    await prod?.close();
    await checked?.close();
  });

  it('is the mode NODE_ENV=production picks, and tests keep zod', () => {
    expect(serializerModeFor('production')).toBe('compiled');
    expect(serializerModeFor('test')).toBe('checked');
    expect(serializerModeFor('development')).toBe('checked');
  });

  it('never sends a field its schema does not name, at any depth', async () => {
    const response = await inject(prod, { method: 'GET', url: '/api/test/leaky' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('tokenHash');
    expect(response.body).not.toContain('$argon2');
    const { passwordHash: _, ...declared } = leakyAnswer;
    expect(response.json()).toEqual({
      ...declared,
      owner: { id: 'u1', email: 'ace@example.com' },
      photos: [{ url: '/uploads/a.webp', width: 640 }],
      contact: { phone: '(214) 555-0100' },
    });
  });

  it('drops unknown fields inside a union member too', async () => {
    const response = await inject(prod, { method: 'GET', url: '/api/test/union' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ item: { kind: 'user', name: 'Dana' } });
  });

  it('answers the same JSON as the zod serializer on real routes', async () => {
    for (const url of ['/api/meta', '/api/health', '/api/nope']) {
      const [a, b] = await Promise.all([
        inject(prod, { method: 'GET', url }),
        inject(checked, { method: 'GET', url }),
      ]);
      expect(a.statusCode, url).toBe(b.statusCode);
      expect(a.json(), url).toEqual(b.json());
    }
    const [prodUser, testUser] = [await signUp(prod), await signUp(checked)];
    for (const [app, user] of [
      [prod, prodUser],
      [checked, testUser],
    ] as const) {
      const me = await inject(app, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: user.cookie },
      });
      expect(me.statusCode).toBe(200);
      const profile = await inject(app, {
        method: 'GET',
        url: `/api/users/${user.user.id}`,
        headers: { cookie: user.cookie },
      });
      expect(profile.statusCode).toBe(200);
      const bad = await inject(app, {
        method: 'PATCH',
        url: `/api/users/${user.user.id}`,
        headers: { cookie: user.cookie },
        payload: { phone: 'not a phone' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: expect.any(String), fields: expect.any(Object) });
    }
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    const prodMe = (
      await inject(prod, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: prodUser.cookie },
      })
    ).json();
    const testMe = (
      await inject(checked, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: testUser.cookie },
      })
    ).json();
    expect(shape(prodMe)).toEqual(shape(testMe));
  });
});

describe('the compiled serializer', () => {
  it('is not made for what JSON Schema cannot describe (those keep zod)', () => {
    expect(responseJsonSchema(z.object({ at: z.date() }))).toBeUndefined();
    expect(responseJsonSchema(z.string().transform((s) => s.length))).toBeUndefined();
  });
});
