import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage } from '../../../core/billing/plan-features.ts';
import { TEAM_INVITE_NOT_VALID } from '../../../core/team/schemas.ts';
import { subscriptions, teamInvites } from '../../db/schema/index.ts';
import { subscribe } from '../../test/billing.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { accept, invite, inviteToken, setPlan, setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';
import { EMAIL_HAS_ACCOUNT, EMAIL_INVITED } from './team.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let team: TestTeam;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.api({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  team = await setUpTeam(t);
}, 60_000);
afterAll(() => t.close());

describe('the team context', () => {
  it('tells the owner, the dispatcher and the technician who they are for the business', async () => {
    for (const [cookie, role] of [
      [team.owner.cookie, 'owner'],
      [team.dispatcher.cookie, 'dispatcher'],
      [team.technician.cookie, 'technician'],
    ] as const) {
      const response = await call('GET', '/api/team', cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        providerId: team.providerId,
        role,
        plan: 'enterprise',
        paused: false,
      });
      expect(response.json().features).toContain('team');
    }
    expect(team.dispatcher.user.role).toBe('dispatcher');
    expect(team.technician.user.role).toBe('technician');
  });

  it('refuses drivers and strangers', async () => {
    const driver = await signUp(t.app);
    expect((await call('GET', '/api/team', driver.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/team')).statusCode).toBe(401);
  });
});

describe('members and invitations', () => {
  it('lists the members to the owner and the dispatcher, not the technician', async () => {
    for (const cookie of [team.owner.cookie, team.dispatcher.cookie]) {
      const response = await call('GET', '/api/team/members', cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().map((m: { role: string }) => m.role)).toEqual([
        'dispatcher',
        'technician',
      ]);
    }
    expect((await call('GET', '/api/team/members', team.technician.cookie)).statusCode).toBe(403);
  });

  it('previews, then accepts an invitation once', async () => {
    const sent = await invite(t, team.owner.cookie, 'technician');
    const pending = await call('GET', '/api/team/invites', team.owner.cookie);
    expect(pending.json().map((i: { id: string }) => i.id)).toContain(sent.id);
    const preview = await call('GET', `/api/team/invites/preview?token=${sent.token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ email: sent.email, role: 'technician' });
    await accept(t, sent.token);
    const again = await call('POST', '/api/team/invites/accept', undefined, {
      token: sent.token,
      name: 'Second Try',
      phone: '(214) 555-0143',
      password: 'correct horse battery',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(TEAM_INVITE_NOT_VALID);
    expect((await call('GET', `/api/team/invites/preview?token=${sent.token}`)).statusCode).toBe(
      404,
    );
  });

  it('lets one of two racing accepts win', async () => {
    const sent = await invite(t, team.owner.cookie, 'dispatcher');
    const body = (name: string) => ({
      token: sent.token,
      name,
      phone: '(214) 555-0144',
      password: 'correct horse battery',
    });
    const answers = await Promise.all([
      call('POST', '/api/team/invites/accept', undefined, body('Racer One')),
      call('POST', '/api/team/invites/accept', undefined, body('Racer Two')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 404]);
  });

  it('refuses an expired or revoked invitation', async () => {
    const expired = await invite(t, team.owner.cookie, 'technician');
    await t.app.database.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, expired.id));
    expect((await call('GET', `/api/team/invites/preview?token=${expired.token}`)).statusCode).toBe(
      404,
    );
    const revoked = await invite(t, team.owner.cookie, 'technician');
    expect(
      (await call('DELETE', `/api/team/invites/${revoked.id}`, team.owner.cookie)).statusCode,
    ).toBe(204);
    expect((await call('GET', `/api/team/invites/preview?token=${revoked.token}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/team/invites/${revoked.id}`, team.owner.cookie)).statusCode,
    ).toBe(404);
  });

  it('refuses an email that has an account or a pending invitation', async () => {
    const taken = await call('POST', '/api/team/invites', team.owner.cookie, {
      email: team.dispatcher.user.email,
      role: 'dispatcher',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(EMAIL_HAS_ACCOUNT);
    const sent = await invite(t, team.owner.cookie, 'dispatcher');
    const twice = await call('POST', '/api/team/invites', team.owner.cookie, {
      email: sent.email,
      role: 'technician',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(EMAIL_INVITED);
  });

  it('lets only the owner invite, and only on Enterprise', async () => {
    const payload = { email: 'nobody-yet@example.com', role: 'technician' };
    for (const cookie of [team.dispatcher.cookie, team.technician.cookie])
      expect((await call('POST', '/api/team/invites', cookie, payload)).statusCode).toBe(403);
    for (const plan of ['basic', 'premium', null] as const) {
      const owner = await signUp(t.app, { role: 'mechanic' });
      await insertOwnedProvider(t.app.database.db, owner.user.id);
      if (plan) await subscribe(t, owner.cookie, plan);
      const response = await call('POST', '/api/team/invites', owner.cookie, payload);
      expect(response.statusCode, `${plan}`).toBe(403);
      expect(response.json().error).toBe(featureGateMessage('team'));
    }
  });

  it('refuses bad input', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', role: 'technician' },
      { email: 'a@example.com', role: 'mechanic' },
      { email: 'a@example.com', role: 'technician', extra: 1 },
    ])
      expect((await call('POST', '/api/team/invites', team.owner.cookie, payload)).statusCode).toBe(
        400,
      );
    expect((await call('GET', '/api/team/invites/preview')).statusCode).toBe(400);
    expect((await call('GET', '/api/team/invites/preview?token=short')).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/team/invites/accept', undefined, { token: 'x'.repeat(40) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('DELETE', '/api/team/invites/not-a-uuid', team.owner.cookie)).statusCode,
    ).toBe(400);
    expect(
      (await call('DELETE', '/api/team/members/not-a-uuid', team.owner.cookie)).statusCode,
    ).toBe(400);
  });
});

describe('removing a member', () => {
  it("ends the member's sessions and refuses their sign-in; another business's member is 404", async () => {
    const other = await setUpTeam(t);
    expect(
      (await call('DELETE', `/api/team/members/${other.technician.user.id}`, team.owner.cookie))
        .statusCode,
    ).toBe(404);
    const { token } = await invite(t, team.owner.cookie, 'technician');
    const member = await accept(t, token, 'Leaving Soon');
    expect((await call('GET', '/api/team', member.cookie)).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/team/members/${member.user.id}`, team.owner.cookie);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await call('GET', '/api/team', member.cookie)).statusCode).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: member.user.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatch(/removed from the team/);
  });
});

describe('a downgrade', () => {
  it('keeps the team working until the end of the paid period, then pauses it', async () => {
    const business = await setUpTeam(t);
    const [plan] = await t.app.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, business.owner.user.id));
    const down = await t.api({
      method: 'PATCH',
      url: `/api/subscriptions/${plan!.id}`,
      headers: { cookie: business.owner.cookie },
      payload: { planType: 'premium' },
    });
    expect(down.json()).toMatchObject({ planType: 'enterprise', scheduledPlanType: 'premium' });
    expect((await call('GET', '/api/team/members', business.dispatcher.cookie)).statusCode).toBe(
      200,
    );
    // The period ends: the renewal puts the business on Premium.
    await setPlan(t, business.owner.user.id, 'premium');
    const paused = await call('GET', '/api/team/members', business.dispatcher.cookie);
    expect(paused.statusCode).toBe(403);
    expect(paused.json().error).toBe(featureGateMessage('team'));
    // Members and pending data stay: back on Enterprise, the team works again.
    await setPlan(t, business.owner.user.id, 'enterprise');
    expect((await call('GET', '/api/team/members', business.owner.cookie)).json()).toHaveLength(2);
  });

  it('pauses the members: GET /api/team says so, other calls answer 403', async () => {
    const paused = await setUpTeam(t, 'premium');
    const context = await call('GET', '/api/team', paused.dispatcher.cookie);
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json()).toMatchObject({ paused: true, plan: 'premium', role: 'dispatcher' });
    const members = await call('GET', '/api/team/members', paused.dispatcher.cookie);
    expect(members.statusCode).toBe(403);
    expect(members.json().error).toBe(featureGateMessage('team'));
  });
});

// Keep the outbox helper honest: a mail that is not an invitation has no token.
it('reads the invitation token from the newest mail', async () => {
  const sent = await invite(t, team.owner.cookie, 'dispatcher');
  expect(await inviteToken(t, sent.email)).toBe(sent.token);
});

describe('what members never reach', () => {
  it("refuses members the owner's routes: plans, the business profile and its status", async () => {
    for (const cookie of [team.dispatcher.cookie, team.technician.cookie]) {
      expect(
        (await call('POST', '/api/create-subscription', cookie, { planType: 'basic' })).statusCode,
      ).toBe(403);
      expect(
        (
          await t.api({
            method: 'PATCH',
            url: `/api/service-providers/${team.providerId}`,
            headers: { cookie },
            payload: { description: 'Taken over' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.api({
            method: 'PUT',
            url: `/api/providers/${team.providerId}/status`,
            headers: { cookie },
            payload: { status: 'offline' },
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it("gives a removed technician's open jobs back to the owner", async () => {
    const driver = await signUp(t.app);
    const booked = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: { providerId: team.providerId, serviceType: 'Brake Repair' },
    });
    const id = booked.json().id as string;
    const member = await accept(t, (await invite(t, team.owner.cookie, 'technician')).token);
    const assigned = await t.api({
      method: 'PATCH',
      url: `/api/bookings/${id}`,
      headers: { cookie: team.owner.cookie },
      payload: { technicianId: member.user.id },
    });
    expect(assigned.json().technician?.id).toBe(member.user.id);
    await call('DELETE', `/api/team/members/${member.user.id}`, team.owner.cookie);
    const after = await call('GET', `/api/bookings/${id}`, team.owner.cookie);
    expect(after.json().technician).toBeNull();
    const members = await call('GET', '/api/team/members', team.owner.cookie);
    expect(members.json().map((m: { userId: string }) => m.userId)).not.toContain(member.user.id);
  });
});
