import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { bookings, reviews, serviceProviders, users } from '../../db/schema/index.ts';
import { cards, subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createCast, type TestAccount, type TestMechanic } from '../../test/cast.ts';
import { createTestApp, sessionCookie, signUp } from '../../test/test-app.ts';

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
});
