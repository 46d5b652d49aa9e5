import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpInvite, HelpRequest } from '../../../core/help-requests/help-request.ts';
import { helpRequests, notifications } from '../../db/schema/index.ts';
import { subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { setUpTeam } from '../../test/team.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
const HEAD_START = 60_000;
const MILE = 1 / 69;

beforeAll(async () => {
  t = await createTestApp({ helpPriorityHeadStartMs: HEAD_START });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.api({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** One mechanic `miles` north of the truck, on `plan` (none: Basic). */
async function mechanic(
  truck: { latitude: number; longitude: number },
  miles: number,
  plan?: string,
) {
  const account: TestAccount = await signUp(t.app, { role: 'mechanic' });
  if (plan) await subscribe(t, account.cookie, plan);
  const provider = await insertOwnedProvider(t.app.database.db, account.user.id, {
    businessName: `Rescue ${plan ?? 'basic'} ${miles}`,
    latitude: truck.latitude + miles * MILE,
    longitude: truck.longitude,
  });
  return { ...account, providerId: provider.id };
}

async function ask(truck: { latitude: number; longitude: number }, truckLocation = 'shoulder') {
  const created = await call('POST', '/api/help-requests', cast.driver.cookie, {
    serviceType: 'Brake Repair',
    vehicleDetails: '2019 Peterbilt 579',
    location: 'I-80 mile 12',
    truckLocation,
    ...truck,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<HelpRequest>();
}

const asked = async (cookie: string) =>
  (await call('GET', '/api/help-requests/asked', cookie)).json<HelpInvite[]>();

const toldAbout = async (userId: string, requestId: string) =>
  (
    await t.app.database.db.select().from(notifications).where(eq(notifications.userId, userId))
  ).filter((n) => (n.metadata as { helpRequestId?: string }).helpRequestId === requestId).length;

const later = (ms: number) => new Date(Date.now() + ms);

describe('the priority queue and the Emergency lane', () => {
  it('asks Premium at once and Basic only after the head start; only Premium sees the Emergency lane', async () => {
    const truck = { latitude: 44.1, longitude: -100.2 };
    const premium = await mechanic(truck, 3, 'premium');
    const basic = await mechanic(truck, 2);
    const request = await ask(truck, 'shoulder');
    expect(request.invites.map((i) => i.providerId).sort()).toEqual(
      [premium.providerId, basic.providerId].sort(),
    );
    const [stored] = await t.app.database.db
      .select()
      .from(helpRequests)
      .where(eq(helpRequests.id, request.id));
    expect(stored!.emergency).toBe(true);
    // The next step leaves the Basic providers their full time after the head start.
    expect(stored!.nextStepAt!.getTime() - stored!.createdAt.getTime()).toBeGreaterThanOrEqual(
      t.config.helpEscalateMs + HEAD_START - 1000,
    );

    expect(await asked(premium.cookie)).toMatchObject([
      { id: request.id, status: 'asked', emergency: true },
    ]);
    expect(await toldAbout(premium.user.id, request.id)).toBe(1);
    expect(await asked(basic.cookie)).toEqual([]);
    expect(await toldAbout(basic.user.id, request.id)).toBe(0);
    const early = await call('POST', `/api/help-requests/${request.id}/accept`, basic.cookie);
    expect(early.statusCode).toBe(404);

    await t.app.helpEscalation.run(later(HEAD_START / 2));
    expect(await toldAbout(basic.user.id, request.id)).toBe(0);

    await t.app.helpEscalation.run(later(HEAD_START + 1000));
    expect(await toldAbout(basic.user.id, request.id)).toBe(1);
    expect(await asked(basic.cookie)).toMatchObject([
      { id: request.id, status: 'asked', emergency: false },
    ]);
    // Told exactly once, however many runs follow.
    await t.app.helpEscalation.run(later(HEAD_START + 2000));
    expect(await toldAbout(basic.user.id, request.id)).toBe(1);
    await call('POST', `/api/help-requests/${request.id}/cancel`, cast.driver.cookie);
  });

  it('never reaches Basic when a Premium provider accepts during the head start', async () => {
    const truck = { latitude: 45.3, longitude: -99.1 };
    const premium = await mechanic(truck, 3, 'premium');
    const basic = await mechanic(truck, 2);
    const request = await ask(truck, 'parking');
    expect(await asked(premium.cookie)).toMatchObject([{ id: request.id, emergency: false }]);
    const accepted = await call('POST', `/api/help-requests/${request.id}/accept`, premium.cookie);
    expect(accepted.statusCode, accepted.body).toBe(201);
    await t.app.helpEscalation.run(later(HEAD_START * 3));
    expect(await asked(basic.cookie)).toEqual([]);
    expect(await toldAbout(basic.user.id, request.id)).toBe(0);
    const view = (
      await call('GET', `/api/help-requests/${request.id}`, cast.driver.cookie)
    ).json<HelpRequest>();
    expect(view.invites.map((i) => i.providerId)).toEqual([premium.providerId]);
  });

  it('asks everyone at once when no provider of the step is on a paying plan', async () => {
    const truck = { latitude: 46.4, longitude: -98.3 };
    const basic = await mechanic(truck, 2);
    const request = await ask(truck, 'shoulder');
    expect(await asked(basic.cookie)).toMatchObject([{ id: request.id, emergency: false }]);
    await call('POST', `/api/help-requests/${request.id}/cancel`, cast.driver.cookie);
  });

  it("lets the business's dispatcher answer its requests; a technician is refused (403)", async () => {
    const team = await setUpTeam(t);
    const created = await call('POST', '/api/help-requests', cast.driver.cookie, {
      serviceType: 'Brake Repair',
      truckLocation: 'travel_lane',
      latitude: 32.78,
      longitude: -96.8,
      providerIds: [team.providerId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<HelpRequest>();
    expect(await asked(team.dispatcher.cookie)).toMatchObject([
      { id: request.id, status: 'asked', emergency: true },
    ]);
    // The owner and the dispatcher are told; the technician is not.
    const told = async (cookie: string) =>
      (await call('GET', '/api/notifications', cookie))
        .json<{ metadata: { helpRequestId?: string } | null }[]>()
        .filter((n) => n.metadata?.helpRequestId === request.id).length;
    expect(await told(team.owner.cookie)).toBe(1);
    expect(await told(team.dispatcher.cookie)).toBe(1);
    expect(await told(team.technician.cookie)).toBe(0);
    expect((await call('GET', '/api/help-requests/asked', team.technician.cookie)).statusCode).toBe(
      403,
    );
    const byTechnician = await call(
      'POST',
      `/api/help-requests/${request.id}/accept`,
      team.technician.cookie,
    );
    expect(byTechnician.statusCode).toBe(403);
    const bad = await call('POST', '/api/help-requests/not-an-id/accept', team.dispatcher.cookie);
    expect(bad.statusCode).toBe(400);
    const accepted = await call(
      'POST',
      `/api/help-requests/${request.id}/accept`,
      team.dispatcher.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ providerId: team.providerId, status: 'confirmed' });
  });
});
