import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureGateMessage, hasFeature } from '../../../core/billing/plan-features.ts';
import { planTypes, type PlanType } from '../../../core/billing/plans.ts';
import { subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp, type TestAccount } from '../../test/test-app.ts';

/**
 * Each plan (and no plan) × each feature a business reaches itself, through the routes that
 * sell it: the one table (core/billing/plan-features.ts) decides every answer. The priority
 * queue and emergencies are timed and proven in help-requests-priority.api.test.ts.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
const owners = new Map<PlanType | null, TestAccount & { providerId: string }>();
const plans: (PlanType | null)[] = [null, ...planTypes];

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  cookie: string,
  payload?: object,
) => t.api({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  for (const plan of plans) {
    const owner = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, owner.user.id);
    if (plan) await subscribe(t, owner.cookie, plan);
    owners.set(plan, { ...owner, providerId: provider.id });
  }
}, 120_000);
afterAll(() => t.close());

/** What a feature's route answers: 2xx when the plan has it, else 403 (or 409) naming the plan. */
function expectGate(
  response: { statusCode: number; body: string },
  plan: PlanType | null,
  feature: Parameters<typeof hasFeature>[1],
  refused = 403,
) {
  if (hasFeature(plan, feature)) expect(response.statusCode, response.body).toBeLessThan(300);
  else {
    expect(response.statusCode, response.body).toBe(refused);
    expect(JSON.parse(response.body).error).toBe(featureGateMessage(feature));
  }
}

describe.each(plans.map((plan) => [plan ?? 'no plan', plan] as const))('%s', (_, plan) => {
  const owner = () => owners.get(plan)!;

  it('team accounts: inviting a member', async () => {
    const invited = await call('POST', '/api/team/invites', owner().cookie, {
      email: `gate-${plan ?? 'none'}-${Date.now().toString(36)}@example.com`,
      role: 'technician',
    });
    expectGate(invited, plan, 'team');
  });

  it('fleet dashboard', async () => {
    expectGate(await call('GET', '/api/fleet', owner().cookie), plan, 'fleet');
  });

  it('real-time tracking: sharing the position of a job in progress', async () => {
    const booked = await call('POST', '/api/bookings', cast.driver.cookie, {
      providerId: owner().providerId,
      serviceType: 'Brake Repair',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    for (const status of ['confirmed', 'in_progress']) {
      const moved = await call('PATCH', `/api/bookings/${id}`, owner().cookie, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const shared = await call('PUT', `/api/bookings/${id}/position`, owner().cookie, {
      latitude: 32.79,
      longitude: -96.81,
      accuracy: 10,
    });
    expectGate(shared, plan, 'liveTracking');
    const seen = await call('GET', `/api/bookings/${id}`, cast.driver.cookie);
    expect(seen.json().provider.liveTracking).toBe(hasFeature(plan, 'liveTracking'));
  });

  it('priority support and a dedicated account manager', async () => {
    const sent = await call('POST', '/api/support-requests', owner().cookie, {
      subject: 'Payout question',
      message: 'When does my first payout arrive?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const queue = await call('GET', '/api/admin/support-requests', cast.admin.cookie);
    const mine = (queue.json() as { id: string; plan: string | null }[]).find(
      (request) => request.id === sent.json().id,
    );
    expect(mine?.plan ?? null).toBe(plan === null ? 'basic' : plan);
    const named = await call(
      'PUT',
      `/api/admin/providers/${owner().providerId}/account-manager`,
      cast.admin.cookie,
      { adminId: cast.admin.user.id },
    );
    expectGate(named, plan, 'accountManager', 409);
    const manager = await call('GET', '/api/support/account-manager', owner().cookie);
    expect(manager.statusCode).toBe(200);
    expect(manager.json() === null).toBe(!hasFeature(plan, 'accountManager'));
  });
});
