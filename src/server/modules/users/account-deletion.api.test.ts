import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import {
  billingCustomers,
  bookings,
  bookingShareLinks,
  helpRequests,
  deliveries,
  outboxEmails,
  reviews,
  serviceProviders,
  testGatewayCustomers,
  testGatewayPaymentMethods,
  uploadedFiles,
  users,
} from '../../db/schema/index.ts';
import { cards, saveCard, subscribe } from '../../test/billing.ts';
import { multipartFile } from '../../test/multipart.ts';
import { tinyPng } from '../../test/png.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp, drainDeliveries, sessionCookie, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let mechanic: TestMechanic;
let admin: TestAccount;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ mechanic, admin } = await createCast(t.app));
  providerId = mechanic.providerId;
});
afterAll(() => t.close());

const deleteAccount = (headers: Record<string, string>, password?: string) =>
  t.api({
    method: 'DELETE',
    url: '/api/users/me',
    headers,
    payload: password === undefined ? {} : { password },
  });
const me = (headers: Record<string, string>) =>
  t.api({ method: 'GET', url: '/api/auth/me', headers });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.api({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
const book = (cookie: string) =>
  t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      providerId,
      serviceType: 'Brake Repair',
      description: 'Air brake warning light',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
      preferredTime: 'asap',
      location: 'I-35E & Commerce St, Dallas, TX',
    },
  });
const move = (cookie: string, id: string, payload: Record<string, unknown>) =>
  t.api({ method: 'PATCH', url: `/api/bookings/${id}`, headers: { cookie }, payload });

describe('sessions as a bearer token (x-session-transport: bearer)', () => {
  it('answers the token instead of a cookie, and the token signs requests in', async () => {
    const { account } = await signUp(t.app);
    const response = await login(account.email, account.password, {
      'x-session-transport': 'bearer',
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).toBeUndefined();
    const token = response.json().token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const answer = await me({ authorization: `Bearer ${token}` });
    expect(answer.json().email).toBe(account.email);
  });

  it('leaves the cookie session it is sent with alone, and its own sign-out ends only itself', async () => {
    const { account, cookie } = await signUp(t.app);
    const bearer = await login(account.email, account.password, {
      cookie,
      'x-session-transport': 'bearer',
    });
    const authorization = `Bearer ${bearer.json().token}`;
    expect((await me({ cookie })).statusCode).toBe(200);
    const out = await t.api({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization },
    });
    expect(out.statusCode).toBe(204);
    expect((await me({ authorization })).statusCode).toBe(401);
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('ignores a malformed or unknown bearer token', async () => {
    for (const authorization of ['Bearer', 'Bearer x', `Bearer ${'a'.repeat(43)}`, 'Basic abc'])
      expect((await me({ authorization })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/me', () => {
  it('needs the password: none or a wrong one is refused and nothing goes', async () => {
    const { cookie } = await signUp(t.app);
    const missing = await deleteAccount({ cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.password).toBeTruthy();
    const wrong = await deleteAccount({ cookie }, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('Your password is not correct');
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('slows password guesses through it like a step-up: 429 with Retry-After, and nothing goes', async () => {
    const { cookie, account } = await signUp(t.app);
    // From an address of its own: the failures count for the address too, and other tests here
    // sign in from the default one.
    const guess = (password: string) =>
      t.api({
        method: 'DELETE',
        url: '/api/users/me',
        headers: { cookie },
        payload: { password },
        remoteAddress: '198.51.100.77',
      });
    const answers: number[] = [];
    for (let i = 0; i <= t.config.loginMaxFailures; i++)
      answers.push((await guess(`guess ${i}`)).statusCode);
    expect(answers.slice(0, -1).every((status) => status === 400)).toBe(true);
    const slowed = await guess(account.password);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('deletes only the caller: every session of theirs ends, others keep theirs', async () => {
    const gone = await signUp(t.app);
    const stays = await signUp(t.app);
    const second = await login(gone.account.email, gone.account.password, {
      'x-session-transport': 'bearer',
    });
    const response = await deleteAccount({ cookie: gone.cookie }, gone.account.password);
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'tf_session')?.value).toBe('');
    expect((await me({ cookie: gone.cookie })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${second.json().token}` })).statusCode).toBe(401);
    expect((await login(gone.account.email, gone.account.password)).statusCode).toBe(401);
    expect((await me({ cookie: stays.cookie })).statusCode).toBe(200);
    // Nothing of it was worth keeping: the row itself is gone.
    const rows = await t.app.database.db.select().from(users).where(eq(users.id, gone.user.id));
    expect(rows).toHaveLength(0);
  });

  it('frees the email and username: they can register again', async () => {
    const first = await signUp(t.app);
    expect((await deleteAccount({ cookie: first.cookie }, first.account.password)).statusCode).toBe(
      204,
    );
    const again = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      payload: first.account,
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses while a booking is open, then removes the requests that never happened', async () => {
    const driver = await signUp(t.app);
    const id = (await book(driver.cookie)).json().id as string;
    const refused = await deleteAccount({ cookie: driver.cookie }, driver.account.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/open bookings/);
    expect((await move(driver.cookie, id, { status: 'cancelled' })).statusCode).toBe(200);
    expect(
      (await deleteAccount({ cookie: driver.cookie }, driver.account.password)).statusCode,
    ).toBe(204);
    const left = await t.app.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(left).toHaveLength(0);
  });

  it("keeps jobs done and reviews for the provider's history, with nothing personal left", async () => {
    const driver = await signUp(t.app, { name: 'Dana Trucker', phone: '(972) 555-0199' });
    const id = (await book(driver.cookie)).json().id as string;
    for (const status of ['confirmed', 'in_progress'])
      expect((await move(mechanic.cookie, id, { status })).statusCode).toBe(200);
    expect(
      (await move(mechanic.cookie, id, { status: 'completed', actualCost: 180 })).statusCode,
    ).toBe(200);
    const review = await t.api({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: driver.cookie },
      payload: { bookingId: id, rating: 4, comment: 'Fixed the brakes at 2 a.m.' },
    });
    expect(review.statusCode).toBe(201);

    expect(
      (await deleteAccount({ cookie: driver.cookie }, driver.account.password)).statusCode,
    ).toBe(204);

    const seen = await t.api({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: mechanic.cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ status: 'completed', actualCost: 180 });
    expect(JSON.stringify(seen.json())).not.toMatch(/Dana|555-0199/);
    const kept = await t.app.database.db.select().from(reviews).where(eq(reviews.bookingId, id));
    expect(kept).toMatchObject([{ rating: 4, comment: 'Fixed the brakes at 2 a.m.' }]);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, driver.user.id));
    expect(row).toMatchObject({ phone: '', location: null, vehicleInfo: {}, avatarUrl: null });
    expect(row!.email).not.toBe(driver.account.email);
    expect(row!.name).not.toMatch(/Dana/);
    const provider = await t.api({ method: 'GET', url: `/api/providers/${providerId}` });
    expect(provider.json()).toMatchObject({ reviewCount: 1, rating: 4 });
    // The admin's list shows what is left, marked as deleted.
    const listed = await t.api({
      method: 'GET',
      url: `/api/admin/users?search=${driver.user.id.slice(0, 8)}`,
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().users[0]).toMatchObject({
      suspendedReason: 'Account deleted by its owner',
    });
  });

  it("ends a mechanic's plan at once and removes a business without history", async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const business = await insertOwnedProvider(t.app.database.db, owner.user.id);
    const plan = await subscribe(t, owner.cookie, 'premium', cards.visa);
    expect(plan.result.status).toBe('succeeded');
    expect((await deleteAccount({ cookie: owner.cookie }, owner.account.password)).statusCode).toBe(
      204,
    );
    const found = await t.app.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, business.id));
    expect(found).toHaveLength(0);
    // The first month's payment is a record kept; its plan no longer runs.
    const plans = await t.api({
      method: 'GET',
      url: `/api/subscriptions/user/${owner.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(plans.json()).toMatchObject([{ status: 'cancelled' }]);
  });

  it('leaves nothing private behind: what the jobs said and where, messages, card customer, files, requests for help', async () => {
    const db = t.app.database.db;
    const driver = await signUp(t.app, { name: 'Robin Hauler', phone: '(469) 555-0142' });
    await db
      .update(users)
      .set({ emailUpdates: true, emailVerifiedAt: new Date() })
      .where(eq(users.id, driver.user.id));
    const avatar = multipartFile(tinyPng(), { field: 'avatar' });
    const uploaded = await t.api({
      method: 'POST',
      url: `/api/users/${driver.user.id}/avatar`,
      headers: { cookie: driver.cookie, ...avatar.headers },
      payload: avatar.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatarUrl = uploaded.json().avatarUrl as string;
    const saved = await saveCard(t, driver.cookie, cards.visa);
    expect(saved.cards).toHaveLength(1);
    const [customer] = await db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, driver.user.id));
    expect(customer).toBeDefined();

    const booked = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: {
        providerId,
        serviceType: 'Brake Repair',
        description: 'Air brake leak, call Robin at the gate',
        vehicleDetails: '2018 Kenworth T680, plate TX R0B1N',
        location: '4100 Irving Blvd, Dallas, TX',
        latitude: 32.8123,
        longitude: -96.8811,
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    for (const status of ['confirmed', 'in_progress'])
      expect((await move(mechanic.cookie, id, { status })).statusCode).toBe(200);
    const shared = await t.api({
      method: 'POST',
      url: `/api/bookings/${id}/share-links`,
      headers: { cookie: driver.cookie },
    });
    expect(shared.statusCode).toBe(201);
    await db.update(bookings).set({ notes: 'Gate code 4471' }).where(eq(bookings.id, id));
    expect(
      (await move(mechanic.cookie, id, { status: 'completed', actualCost: 210 })).statusCode,
    ).toBe(200);
    const help = await t.api({
      method: 'POST',
      url: '/api/help-requests',
      headers: { cookie: driver.cookie },
      payload: {
        serviceType: 'Brake Repair',
        latitude: 32.79,
        longitude: -96.8,
        location: 'Yard behind 2200 Main St',
        providerIds: [providerId],
      },
    });
    expect(help.statusCode, help.body).toBe(201);
    const helpId = help.json().id as string;
    await drainDeliveries(t.app);
    const messages = () =>
      db.select().from(outboxEmails).where(eq(outboxEmails.to, driver.account.email));
    expect((await messages()).length).toBeGreaterThan(0);
    const queued = () => db.select().from(deliveries).where(eq(deliveries.userId, driver.user.id));
    expect((await queued()).length).toBeGreaterThan(0);

    expect(
      (await deleteAccount({ cookie: driver.cookie }, driver.account.password)).statusCode,
    ).toBe(204);

    // The job stays for the provider's history, without what the driver wrote or where it was.
    const [job] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(job).toMatchObject({
      status: 'completed',
      description: '',
      notes: null,
      vehicleDetails: null,
      location: null,
      truckLocation: null,
      latitude: null,
      longitude: null,
    });
    const seen = await t.api({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: mechanic.cookie },
    });
    expect(seen.body).not.toMatch(/Robin|R0B1N|Irving|code 4471|32\.8123/);
    expect(
      await db.select().from(bookingShareLinks).where(eq(bookingShareLinks.bookingId, id)),
    ).toEqual([]);
    // No message to the address is kept.
    expect(await messages()).toEqual([]);
    expect(await queued()).toEqual([]);
    // The gateway forgets the customer and its card.
    expect(
      await db
        .select()
        .from(testGatewayCustomers)
        .where(eq(testGatewayCustomers.id, customer!.customerId)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(testGatewayPaymentMethods)
        .where(eq(testGatewayPaymentMethods.customerId, customer!.customerId)),
    ).toEqual([]);
    // The avatar's file is gone, not only its row.
    expect(
      await db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, driver.user.id)),
    ).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    // The open request for help is gone, for the provider it asked too.
    expect(await db.select().from(helpRequests).where(eq(helpRequests.id, helpId))).toEqual([]);
    const asked = await t.api({
      method: 'GET',
      url: '/api/help-requests/asked',
      headers: { cookie: mechanic.cookie },
    });
    expect(asked.json<{ id: string }[]>().map((r) => r.id)).not.toContain(helpId);
  });

  it('removes the photo of a business kept for its history, file and all', async () => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    // Not yet verified, so the first photo goes live at once; once approved, the next one waits
    // for review in a slot of its own (decision 039): both files must go.
    const business = await insertOwnedProvider(t.app.database.db, owner.user.id, {
      verification: 'pending',
    });
    const upload = async () => {
      const photo = multipartFile(tinyPng(), { field: 'photo' });
      const uploaded = await t.api({
        method: 'POST',
        url: `/api/service-providers/${business.id}/photo`,
        headers: { cookie: owner.cookie, ...photo.headers },
        payload: photo.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      return uploaded.json();
    };
    const photoUrl = (await upload()).profileImage as string;
    await t.app.database.db
      .update(serviceProviders)
      .set({ verification: 'approved' })
      .where(eq(serviceProviders.id, business.id));
    const waitingUrl = (await upload()).pendingChanges.values.profileImage as string;
    expect(waitingUrl).not.toBe(photoUrl);
    const driver = await signUp(t.app);
    const booked = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: { providerId: business.id, serviceType: 'Brake Repair', description: 'Brakes' },
    });
    const id = booked.json().id as string;
    for (const status of ['confirmed', 'in_progress'])
      expect((await move(owner.cookie, id, { status })).statusCode).toBe(200);
    expect((await move(owner.cookie, id, { status: 'completed', actualCost: 90 })).statusCode).toBe(
      200,
    );
    expect((await deleteAccount({ cookie: owner.cookie }, owner.account.password)).statusCode).toBe(
      204,
    );
    const [kept] = await t.app.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, business.id));
    expect(kept).toMatchObject({ status: 'offline', profileImage: null });
    expect((await t.app.inject({ method: 'GET', url: photoUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: waitingUrl })).statusCode).toBe(404);
  });
});
