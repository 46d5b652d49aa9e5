import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/log-capture.ts';
import { enrolTotp } from '../../test/second-factor.ts';
import { createTestApp, promoteToAdmin, signUp } from '../../test/test-app.ts';

const logs = captureLogs();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream: logs.stream });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.api({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patch = (url: string, cookie: string, payload: unknown) =>
  t.api({ method: 'PATCH', url, headers: { cookie }, payload: payload as Record<string, unknown> });

describe('GET /api/users and /api/users/{id}', () => {
  it('answers the signed-in user', async () => {
    const me = await signUp(t.app);
    const response = await get('/api/users', me.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: me.user.id, email: me.account.email });
    expect((await get('/api/users')).statusCode).toBe(401);
  });

  it('lets a user read themselves but not another user', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await get(`/api/users/${alice.user.id}`, alice.cookie)).statusCode).toBe(200);
    const other = await get(`/api/users/${bob.user.id}`, alice.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(bob.account.email);
    expect((await get(`/api/users/${bob.user.id}`)).statusCode).toBe(401);
  });

  it('lets an admin read anyone and answers 404 for an unknown id, 400 for a malformed one', async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    await enrolTotp(t.app, admin);
    const bob = await signUp(t.app);
    expect((await get(`/api/users/${bob.user.id}`, admin.cookie)).json().email).toBe(
      bob.account.email,
    );
    expect(
      (await get('/api/users/00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode,
    ).toBe(404);
    expect((await get("/api/users/1' or '1'='1", admin.cookie)).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('updates the profile fields of the signed-in user', async () => {
    const me = await signUp(t.app);
    const response = await patch(`/api/users/${me.user.id}`, me.cookie, {
      name: 'Marcus J.',
      phone: '214-555-0199',
      location: 'Houston, TX',
      aaaMemberId: 'AAA-77',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Marcus J.',
      phone: '214-555-0199',
      location: 'Houston, TX',
      aaaMemberId: 'AAA-77',
    });
    const cleared = await patch(`/api/users/${me.user.id}`, me.cookie, { aaaMemberId: '' });
    expect(cleared.json().aaaMemberId).toBeNull();
  });

  it('stores vehicle data and validates it', async () => {
    const me = await signUp(t.app);
    const vehicle = {
      id: 'v1',
      type: 'truck',
      make: 'Kenworth',
      model: 'T680',
      year: '2020',
      tireSize: '11R22.5',
      tireType: 'commercial',
    };
    const saved = await patch(`/api/users/${me.user.id}`, me.cookie, {
      vehicleInfo: { vehicleType: 'semi_truck', vehicles: [vehicle] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().vehicleInfo.vehicles[0]).toMatchObject(vehicle);
    const bad = await patch(`/api/users/${me.user.id}`, me.cookie, {
      vehicleInfo: { vehicles: [{ ...vehicle, make: '' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please fill in all required vehicle fields');
  });

  it.each([
    ['name', 'A', 'Name must be at least 2 characters'],
    ['email', 'nope', 'Please enter a valid email'],
    ['phone', '12345', 'Phone number must be at least 10 digits'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const me = await signUp(t.app);
    const response = await patch(`/api/users/${me.user.id}`, me.cookie, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });

  it('refuses unknown fields and an empty change', async () => {
    const me = await signUp(t.app);
    expect(
      (await patch(`/api/users/${me.user.id}`, me.cookie, { verified: true })).statusCode,
    ).toBe(400);
    expect((await patch(`/api/users/${me.user.id}`, me.cookie, {})).statusCode).toBe(400);
  });

  it('refuses an email change by the owner: it needs the current password (change-email)', async () => {
    const me = await signUp(t.app);
    const response = await patch(`/api/users/${me.user.id}`, me.cookie, {
      email: 'taken-over@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.email).toMatch(/current password/);
    expect((await get('/api/users', me.cookie)).json().email).toBe(me.account.email);
    // The profile form sends the email unchanged with the other fields: that is no change.
    const same = await patch(`/api/users/${me.user.id}`, me.cookie, {
      email: me.account.email.toUpperCase(),
      name: 'Same Email',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ email: me.account.email, name: 'Same Email' });
  });

  it("lets an admin ask to change another account's email, refusing one in use with 409", async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    await enrolTotp(t.app, admin);
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const taken = await patch(`/api/users/${alice.user.id}`, admin.cookie, {
      email: bob.account.email,
      name: 'Half Applied',
    });
    expect(taken.statusCode).toBe(409);
    // Refused as a whole: the other fields of the request are not saved either.
    expect((await get(`/api/users/${alice.user.id}`, admin.cookie)).json().name).toBe(
      alice.account.name,
    );
    const changed = await patch(`/api/users/${alice.user.id}`, admin.cookie, {
      email: `new-${alice.account.email}`,
    });
    expect(changed.statusCode).toBe(200);
    // Unchanged until the link sent to the new address is opened (admin-audit.api.test.ts).
    expect(changed.json().email).toBe(alice.account.email);
  });

  it('never lets a user change another user, nor their own role', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const other = await patch(`/api/users/${bob.user.id}`, alice.cookie, { name: 'Hacked' });
    expect(other.statusCode).toBe(403);
    expect((await get(`/api/users/${bob.user.id}`, bob.cookie)).json().name).toBe(bob.account.name);
    const role = await patch(`/api/users/${alice.user.id}`, alice.cookie, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    expect((await get('/api/users', alice.cookie)).json().role).toBe('driver');
  });

  it('lets an admin change another user, including the role, but not their own role', async () => {
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    await enrolTotp(t.app, admin);
    const bob = await signUp(t.app);
    const response = await patch(`/api/users/${bob.user.id}`, admin.cookie, {
      name: 'Robert',
      role: 'mechanic',
    });
    expect(response.json()).toMatchObject({ name: 'Robert', role: 'mechanic' });
    expect(logs.events('user.role_changed').filter((e) => e.userId === bob.user.id)).toEqual([
      expect.objectContaining({ by: admin.user.id, role: 'mechanic' }),
    ]);
    // A new email from an admin waits for the link sent to it (admin-audit.api.test.ts).
    const newEmail = `robert${Date.now()}@example.com`;
    const email = await patch(`/api/users/${bob.user.id}`, admin.cookie, { email: newEmail });
    expect(email.statusCode).toBe(200);
    expect(email.json().email).toBe(bob.account.email);
    expect(
      logs.events('user.email_change_requested').filter((e) => e.userId === bob.user.id),
    ).toEqual([expect.objectContaining({ by: admin.user.id })]);
    expect(logs.text()).not.toContain(newEmail);
    expect(
      (await patch(`/api/users/${admin.user.id}`, admin.cookie, { role: 'driver' })).statusCode,
    ).toBe(403);
  });
});
