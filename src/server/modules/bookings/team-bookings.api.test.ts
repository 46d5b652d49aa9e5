import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import { earliestBookableDate } from '../../../core/bookings/schemas.ts';
import { notifications, teamMembers } from '../../db/schema/index.ts';
import { subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { setPlan, setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';
import { NOT_A_TECHNICIAN } from './bookings.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;
let driver: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  team = await setUpTeam(t);
  driver = await signUp(t.app);
}, 60_000);
afterAll(() => t.close());

const book = async (providerId = team.providerId) => {
  const response = await t.api({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: driver.cookie },
    payload: {
      providerId,
      serviceType: 'Brake Repair',
      description: 'Air leak',
      preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};
const patch = (cookie: string, id: string, payload: object) =>
  t.api({ method: 'PATCH', url: `/api/bookings/${id}`, headers: { cookie }, payload });
const list = async (cookie: string) => {
  const response = await t.api({ method: 'GET', url: '/api/bookings', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((b) => b.id);
};

describe('a dispatcher', () => {
  it('sees every booking of the business, hears of new ones and moves them as the provider', async () => {
    const id = await book();
    expect(await list(team.dispatcher.cookie)).toContain(id);
    const heard = await t.app.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, team.dispatcher.user.id));
    expect(heard.map((n) => n.title)).toContain('New booking request');
    const confirmed = await patch(team.dispatcher.cookie, id, { status: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('assigning a job', () => {
  it('lets the owner or a dispatcher assign a technician, who is told and then sees the job', async () => {
    const id = await book();
    expect(await list(team.technician.cookie)).not.toContain(id);
    const assigned = await patch(team.dispatcher.cookie, id, {
      technicianId: team.technician.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().technician).toEqual({
      id: team.technician.user.id,
      firstName: 'Terry',
    });
    expect(await list(team.technician.cookie)).toEqual([id]);
    const [told] = await t.app.database.db
      .select({ metadata: notifications.metadata })
      .from(notifications)
      .where(eq(notifications.userId, team.technician.user.id));
    expect(told?.metadata).toMatchObject({ kind: 'job_assigned', bookingId: id });
    const back = await patch(team.owner.cookie, id, { technicianId: null });
    expect(back.json().technician).toBeNull();
    expect(await list(team.technician.cookie)).toEqual([]);
  });

  it('refuses a non-technician, an ended job, a technician caller, and both changes at once', async () => {
    const id = await book();
    const notTech = await patch(team.owner.cookie, id, {
      technicianId: team.dispatcher.user.id,
    });
    expect(notTech.statusCode).toBe(400);
    expect(notTech.json().error).toBe(NOT_A_TECHNICIAN);
    expect((await patch(team.owner.cookie, id, { technicianId: driver.user.id })).statusCode).toBe(
      400,
    );
    expect(
      (
        await patch(team.owner.cookie, id, {
          status: 'confirmed',
          technicianId: team.technician.user.id,
        })
      ).statusCode,
    ).toBe(400);
    expect((await patch(team.owner.cookie, id, {})).statusCode).toBe(400);
    expect((await patch(team.owner.cookie, id, { technicianId: 'nope' })).statusCode).toBe(400);
    expect(
      (await patch(driver.cookie, id, { technicianId: team.technician.user.id })).statusCode,
    ).toBe(403);
    await patch(team.owner.cookie, id, { status: 'cancelled' });
    expect(
      (await patch(team.owner.cookie, id, { technicianId: team.technician.user.id })).statusCode,
    ).toBe(409);
  });

  it('needs the team feature', async () => {
    const premium = await setUpTeam(t, 'premium');
    const id = await book(premium.providerId);
    const response = await patch(premium.owner.cookie, id, {
      technicianId: premium.technician.user.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(featureGateMessage('team'));
  });
});

describe('a technician', () => {
  it('starts and completes an assigned job, and may not accept or cancel', async () => {
    const id = await book();
    await patch(team.owner.cookie, id, { technicianId: team.technician.user.id });
    expect((await patch(team.technician.cookie, id, { status: 'confirmed' })).statusCode).toBe(409);
    await patch(team.dispatcher.cookie, id, { status: 'confirmed' });
    expect((await patch(team.technician.cookie, id, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await patch(team.technician.cookie, id, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    const shared = await t.api({
      method: 'PUT',
      url: `/api/bookings/${id}/position`,
      headers: { cookie: team.technician.cookie },
      payload: { latitude: 32.78, longitude: -96.8 },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const [member] = await t.app.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.userId, team.technician.user.id));
    expect(member).toMatchObject({ lastLatitude: 32.78, lastLongitude: -96.8 });
    expect((await patch(team.technician.cookie, id, { status: 'completed' })).statusCode).toBe(200);
  });

  it("does not see another technician's or an unassigned job", async () => {
    const id = await book();
    const response = await t.api({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: team.technician.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('a downgrade', () => {
  it('keeps assignments stored but pauses members and shows every job unassigned', async () => {
    const business = await setUpTeam(t);
    const id = await book(business.providerId);
    await patch(business.owner.cookie, id, { technicianId: business.technician.user.id });
    await setPlan(t, business.owner.user.id, 'premium');
    const seen = await t.api({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: business.owner.cookie },
    });
    expect(seen.json().technician).toBeNull();
    for (const cookie of [business.dispatcher.cookie, business.technician.cookie]) {
      const response = await t.api({ method: 'GET', url: '/api/bookings', headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(featureGateMessage('team'));
    }
    await setPlan(t, business.owner.user.id, 'enterprise');
    expect(await list(business.technician.cookie)).toEqual([id]);
  });
});

describe('the real-time tracking gate', () => {
  const startJob = async (owner: TestAccount, providerId: string) => {
    const id = await book(providerId);
    await patch(owner.cookie, id, { status: 'confirmed' });
    await patch(owner.cookie, id, { status: 'in_progress' });
    return id;
  };
  const share = (cookie: string, id: string) =>
    t.api({
      method: 'PUT',
      url: `/api/bookings/${id}/position`,
      headers: { cookie },
      payload: { latitude: 32.78, longitude: -96.8 },
    });

  it.each(['basic', null] as const)('refuses an owner on %s with the plan line', async (plan) => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, owner.user.id);
    if (plan) await subscribe(t, owner.cookie, plan);
    const id = await startJob(owner, provider.id);
    const response = await share(owner.cookie, id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(featureGateMessage('liveTracking'));
    const seen = await t.api({
      method: 'GET',
      url: `/api/bookings/${id}`,
      headers: { cookie: driver.cookie },
    });
    expect(seen.json().provider.liveTracking).toBe(false);
  });

  it.each(['premium', 'enterprise'] as const)('lets an owner on %s share', async (plan) => {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, owner.user.id);
    await subscribe(t, owner.cookie, plan);
    const id = await startJob(owner, provider.id);
    expect((await share(owner.cookie, id)).statusCode).toBe(200);
  });

  it('refuses a technician on a job not assigned to them', async () => {
    const id = await startJob(team.owner, team.providerId);
    expect((await share(team.technician.cookie, id)).statusCode).toBe(404);
  });
});
