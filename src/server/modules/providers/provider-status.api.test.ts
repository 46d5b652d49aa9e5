import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
let owner: TestAccount;
let otherMechanic: TestAccount;
let driver: TestAccount;
let admin: TestAccount;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  let mechanic: TestMechanic;
  ({ mechanic, otherMechanic, driver, admin } = await createCast(t.app));
  owner = mechanic;
  providerId = mechanic.providerId;
});
afterAll(() => t.close());

const setStatus = (cookie: string, status: unknown, id = providerId) =>
  t.api({
    method: 'PUT',
    url: `/api/providers/${id}/status`,
    headers: { cookie },
    payload: { status },
  });

describe('PUT /api/providers/{id}/status', () => {
  it('lets the owner set any status, en_route meaning enroute', async () => {
    for (const status of ['busy', 'offline', 'available']) {
      const response = await setStatus(owner.cookie, status);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: providerId, status });
    }
    expect((await setStatus(owner.cookie, 'En_Route')).json()).toMatchObject({ status: 'enroute' });
  });

  it("refuses another mechanic and drivers, and lets an admin set anyone's", async () => {
    expect((await setStatus(otherMechanic.cookie, 'busy')).statusCode).toBe(403);
    expect((await setStatus(driver.cookie, 'busy')).statusCode).toBe(403);
    expect((await setStatus(admin.cookie, 'busy')).json()).toMatchObject({ status: 'busy' });
  });

  it('answers 400 for an unknown status and 404 for an unknown provider', async () => {
    const bad = await setStatus(owner.cookie, 'sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Status must be available, busy, enroute or offline');
    expect(
      (await setStatus(admin.cookie, 'busy', '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('reaches every open page through the events stream', async () => {
    const anonymous = await openEventStream(baseUrl);
    try {
      await setStatus(owner.cookie, 'offline');
      // The status an earlier test set may still be on its way (PostgreSQL notifies after commit).
      const event = await anonymous.next(
        'provider-status',
        (p) => p.id === providerId && p.status === 'offline',
      );
      expect(event).toMatchObject({ id: providerId, status: 'offline' });
    } finally {
      anonymous.close();
    }
  });
});

describe('PATCH /api/service-providers/{id} with a status', () => {
  const patch = (cookie: string, payload: object, id = providerId) =>
    t.api({ method: 'PATCH', url: `/api/service-providers/${id}`, headers: { cookie }, payload });

  it('sets the status as the availability switch does, en_route in any case meaning enroute', async () => {
    for (const status of ['busy', 'offline', 'available']) {
      const response = await patch(owner.cookie, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: providerId, status });
    }
    expect((await patch(owner.cookie, { status: ' EN_ROUTE ' })).json()).toMatchObject({
      status: 'enroute',
    });
    expect((await patch(owner.cookie, { status: 'Available' })).json()).toMatchObject({
      status: 'available',
    });
  });

  it('changes the status together with other business fields', async () => {
    const response = await patch(owner.cookie, { status: 'busy', visitFee: 77.25 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'busy', visitFee: 77.25 });
  });

  it('answers 400 for an unknown status, 403 to others, and lets an admin set it', async () => {
    const bad = await patch(owner.cookie, { status: 'sleeping' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toBe('Status must be available, busy, enroute or offline');
    expect((await patch(otherMechanic.cookie, { status: 'offline' })).statusCode).toBe(403);
    expect((await patch(driver.cookie, { status: 'offline' })).statusCode).toBe(403);
    expect((await patch(admin.cookie, { status: 'offline' })).json()).toMatchObject({
      status: 'offline',
    });
  });

  it('reaches every open page through the events stream', async () => {
    const anonymous = await openEventStream(baseUrl);
    try {
      await patch(owner.cookie, { status: 'en_route' });
      // The status an earlier test set may still be on its way (PostgreSQL notifies after commit).
      const event = await anonymous.next(
        'provider-status',
        (p) => p.id === providerId && p.status === 'enroute',
      );
      expect(event).toMatchObject({ id: providerId, status: 'enroute' });
    } finally {
      anonymous.close();
    }
  });
});
