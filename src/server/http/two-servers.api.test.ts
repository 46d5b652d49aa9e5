import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../core/bookings/schemas.ts';
import { buildApp } from '../app.ts';
import { createCast } from '../test/cast.ts';
import { openEventStream } from '../test/event-stream.ts';
import { multipartForm } from '../test/multipart.ts';
import { noisePng } from '../test/png.ts';
import { insertOwnedProvider } from '../test/providers.ts';
import { createTestApp, inject, signUp } from '../test/test-app.ts';

/**
 * Two app servers on one PostgreSQL database, each with its own pool and its own LISTEN
 * connection, as in a deployment behind a load balancer (docs/operations.md). PGlite is one
 * process's database, so this runs only on TEST_DATABASE_URL.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.skipIf(!onPostgres)(
  'two app servers on one PostgreSQL database (skipped on PGlite: needs TEST_DATABASE_URL)',
  () => {
    const LOGIN_MAX_FAILURES = 3;
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let bUrl: string;
    const streams: Awaited<ReturnType<typeof openEventStream>>[] = [];

    beforeAll(async () => {
      t = await createTestApp({ loginMaxFailures: LOGIN_MAX_FAILURES });
      a = t.app;
      b = await buildApp(t.config);
      await b.ready();
      bUrl = await b.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await b?.close();
      await t?.close();
    });

    it('runs each server on its own pool of the same database', () => {
      expect(a.database.kind).toBe('postgres');
      expect(b.database).not.toBe(a.database);
    });

    it('serves through one server a photo uploaded through the other', async () => {
      const me = await signUp(a);
      const form = multipartForm([{ field: 'avatar', data: noisePng(100) }]);
      const uploaded = await inject(a, {
        method: 'POST',
        url: `/api/users/${me.user.id}/avatar`,
        headers: { cookie: me.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = uploaded.json().avatarUrl as string;
      const throughA = await inject(a, { method: 'GET', url });
      const throughB = await inject(b, { method: 'GET', url });
      expect(throughB.statusCode).toBe(200);
      expect(throughB.headers['content-type']).toBe(throughA.headers['content-type']);
      expect(throughB.rawPayload.equals(throughA.rawPayload)).toBe(true);
    });

    it('accepts on one server a session made on the other, and ends it on both', async () => {
      const { cookie, user } = await signUp(a);
      const me = await inject(b, { method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id });

      const out = await inject(b, { method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      expect(out.statusCode).toBeLessThan(300);
      const after = await inject(a, { method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it("delivers a booking change made on one server to a driver's stream held on the other", async () => {
      const { driver, mechanic } = await createCast(a);
      const providerId = mechanic.providerId;
      const stream = await openEventStream(bUrl, driver.cookie);
      streams.push(stream);

      const created = await inject(a, {
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: driver.cookie, 'idempotency-key': `two-servers-${driver.user.id}` },
        payload: {
          providerId,
          serviceType: 'Brake Repair',
          preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
          preferredTime: 'asap',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: string }>().id;
      expect(await stream.next('booking', (e) => e.id === id)).toEqual({ id, status: 'pending' });

      const confirmed = await inject(a, {
        method: 'PATCH',
        url: `/api/bookings/${id}`,
        headers: { cookie: mechanic.cookie },
        payload: { status: 'confirmed' },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await stream.next('booking', (e) => e.id === id && e.status === 'confirmed')).toEqual({
        id,
        status: 'confirmed',
      });
    });

    it('drops a search answer cached on one server when a provider changes on the other', async () => {
      const mechanic = await signUp(a, { role: 'mechanic' });
      const austin = { latitude: 30.2672, longitude: -97.7431 };
      const provider = await insertOwnedProvider(a.database.db, mechanic.user.id, austin);
      const url = `/api/providers?latitude=${austin.latitude}&longitude=${austin.longitude}&radius=5`;
      // The insert itself is announced: b may hear it after its first search.
      let cached = false;
      for (let tries = 0; tries < 100 && !cached; tries++)
        cached = (await inject(b, { method: 'GET', url })).headers['x-cache'] === 'hit';
      expect(cached).toBe(true);

      const changed = await inject(a, {
        method: 'PUT',
        url: `/api/providers/${provider.id}/status`,
        headers: { cookie: mechanic.cookie },
        payload: { status: 'busy' },
      });
      expect(changed.statusCode).toBe(200);
      // At once: b serves a kept answer only after hearing every change committed before.
      const after = await inject(b, { method: 'GET', url });
      expect(after.headers['x-cache']).toBe('miss');
      expect(after.json()).toMatchObject([{ id: provider.id, status: 'busy' }]);
    });

    // Last: the failures recorded here also count against this test's address.
    it('counts failed sign-ins made on one server against the limit on the other', async () => {
      const { account } = await signUp(a);
      const attempt = (app: FastifyInstance) =>
        inject(app, {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.email, password: 'not the password' },
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(a)).statusCode).toBe(401);
      expect((await attempt(b)).statusCode).toBe(429);
      expect((await attempt(a)).statusCode).toBe(429);
    });
  },
);
