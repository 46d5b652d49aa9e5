import { and, inArray, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { subscribe } from '../../test/billing.ts';
import { multipartFile } from '../../test/multipart.ts';
import { brokenPng, noisePng } from '../../test/png.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { enrolTotp } from '../../test/second-factor.ts';
import {
  confirmContacts,
  createTestApp,
  drainDeliveries,
  promoteToAdmin,
  signUp,
} from '../../test/test-app.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 64 * 1024 });
});
afterAll(() => t.close());

type Method = 'GET' | 'PATCH' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
  t.api({ method, url, headers: { cookie }, payload: payload as Record<string, unknown> });
const setSettings = (id: string, cookie: string, settings: Record<string, unknown>) =>
  call('PATCH', `/api/users/${id}`, cookie, { settings });

describe('Settings: stored per user', () => {
  it('starts with Push Notifications and Location Services on, Email Updates off', async () => {
    const me = await signUp(t.app);
    expect((await call('GET', '/api/users', me.cookie)).json().settings).toEqual({
      pushNotifications: true,
      locationServices: true,
      emailUpdates: false,
    });
  });

  it('changes one toggle at a time and keeps the others', async () => {
    const me = await signUp(t.app);
    const response = await setSettings(me.user.id, me.cookie, { emailUpdates: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toEqual({
      pushNotifications: true,
      locationServices: true,
      emailUpdates: true,
    });
    await setSettings(me.user.id, me.cookie, { pushNotifications: false });
    expect((await call('GET', '/api/users', me.cookie)).json().settings).toEqual({
      pushNotifications: false,
      locationServices: true,
      emailUpdates: true,
    });
  });

  it.each([
    ['a string for a toggle', { emailUpdates: 'yes' }],
    ['an unknown toggle', { darkMode: true }],
    ['a null toggle', { pushNotifications: null }],
  ])('refuses %s with 400', async (_what, settings) => {
    const me = await signUp(t.app);
    const response = await setSettings(me.user.id, me.cookie, settings);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTruthy();
  });

  it("cannot change another user's settings", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await setSettings(bob.user.id, alice.cookie, { emailUpdates: true })).statusCode).toBe(
      403,
    );
  });
});

describe('Settings: respected by the product', () => {
  async function jobInProgress() {
    const driver = await signUp(t.app);
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id);
    const created = await call('POST', '/api/bookings', driver.cookie, {
      providerId: provider.id,
      serviceType: 'Brake Repair',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
      preferredTime: 'asap',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { driver, mechanic, bookingId: created.json().id as string };
  }

  const emailsTo = async (...addresses: string[]) =>
    t.app.database.db
      .select({ to: outboxEmails.to, subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(
        and(inArray(outboxEmails.to, addresses), ne(outboxEmails.subject, CONFIRM_EMAIL_SUBJECT)),
      );

  it('emails a notification only to those who turned Email Updates on', async () => {
    const driver = await signUp(t.app);
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    await confirmContacts(t.app, driver.user.id);
    await confirmContacts(t.app, mechanic.user.id);
    const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id);
    await setSettings(mechanic.user.id, mechanic.cookie, { emailUpdates: true });

    const created = await call('POST', '/api/bookings', driver.cookie, {
      providerId: provider.id,
      serviceType: 'Brake Repair',
      preferredTime: 'asap',
    });
    const id = created.json().id as string;
    await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status: 'confirmed' });
    await drainDeliveries(t.app);
    expect(await emailsTo(driver.account.email, mechanic.account.email)).toEqual([
      { to: mechanic.account.email, subject: 'Truck Finder: New booking request' },
    ]);

    await setSettings(driver.user.id, driver.cookie, { emailUpdates: true });
    await call('PATCH', `/api/bookings/${id}`, mechanic.cookie, { status: 'in_progress' });
    await drainDeliveries(t.app);
    expect(await emailsTo(driver.account.email)).toEqual([
      { to: driver.account.email, subject: 'Truck Finder: Job started' },
    ]);
  });

  it('shares a position during a job only while Location Services are on', async () => {
    const { mechanic, bookingId } = await jobInProgress();
    // Real-time tracking is a Premium feature.
    await subscribe(t, mechanic.cookie, 'premium');
    await call('PATCH', `/api/bookings/${bookingId}`, mechanic.cookie, { status: 'confirmed' });
    await call('PATCH', `/api/bookings/${bookingId}`, mechanic.cookie, { status: 'in_progress' });
    const share = () =>
      call('PUT', `/api/bookings/${bookingId}/position`, mechanic.cookie, {
        latitude: 32.78,
        longitude: -96.8,
      });

    await setSettings(mechanic.user.id, mechanic.cookie, { locationServices: false });
    const refused = await share();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/Location Services are off/);

    await setSettings(mechanic.user.id, mechanic.cookie, { locationServices: true });
    expect((await share()).statusCode).toBe(200);
  });
});

describe('POST /api/users/{id}/avatar', () => {
  const upload = (cookie: string, id: string, data: Buffer, field = 'avatar') => {
    const body = multipartFile(data, { field });
    return t.api({
      method: 'POST',
      url: `/api/users/${id}/avatar`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores the avatar re-encoded, answers the user with its URL and serves it', async () => {
    const me = await signUp(t.app);
    const response = await upload(me.cookie, me.user.id, noisePng());
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().avatarUrl as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect((await call('GET', '/api/users', me.cookie)).json().avatarUrl).toBe(url);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('checks the type by the bytes, the size and the field', async () => {
    const me = await signUp(t.app);
    const text = await upload(me.cookie, me.user.id, Buffer.from('GIF89a not allowed'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toBe('The avatar must be a JPEG, PNG or WebP image');
    const broken = await upload(me.cookie, me.user.id, brokenPng());
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('The avatar could not be read as an image');
    const big = await upload(me.cookie, me.user.id, noisePng(70 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('The avatar must be at most 64 KB');
    expect((await upload(me.cookie, me.user.id, noisePng(), 'photo')).statusCode).toBe(400);
    const json = await call('POST', `/api/users/${me.user.id}/avatar`, me.cookie, { avatar: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('is only for the user themselves or an admin; the answer never carries a password', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    expect((await upload(alice.cookie, bob.user.id, noisePng())).statusCode).toBe(403);
    const admin = await signUp(t.app);
    await promoteToAdmin(t.app, admin.user.id);
    await enrolTotp(t.app, admin);
    const byAdmin = await upload(admin.cookie, bob.user.id, noisePng());
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body).not.toMatch(/password/i);
    expect(
      (await upload(admin.cookie, '00000000-0000-4000-8000-000000000000', noisePng())).statusCode,
    ).toBe(404);
  });

  it('deletes the replaced avatar once the new one is in place', async () => {
    const me = await signUp(t.app);
    const first = (await upload(me.cookie, me.user.id, noisePng())).json().avatarUrl as string;
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    const second = (await upload(me.cookie, me.user.id, noisePng())).json().avatarUrl as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });
});
