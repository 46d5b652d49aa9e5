import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from '../../test/cast.ts';
import { setUpTeam, type TestTeam } from '../../test/team.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let cast: Cast;
let team: TestTeam;

const get = (cookie: string, id: string) =>
  t.api({
    method: 'GET',
    url: `/api/admin/providers/${id}/account-manager`,
    headers: { cookie },
  });

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, { accounts: { admin: { name: 'Ada Admin' } } });
  team = await setUpTeam(t, 'enterprise');
}, 120_000);
afterAll(() => t.close());

describe("the console's view of a business's account manager", () => {
  it('answers the plan and no manager, then the named one', async () => {
    expect((await get(cast.admin.cookie, team.providerId)).json()).toEqual({
      plan: 'enterprise',
      manager: null,
    });
    const named = await t.api({
      method: 'PUT',
      url: `/api/admin/providers/${team.providerId}/account-manager`,
      headers: { cookie: cast.admin.cookie },
      payload: { adminId: cast.admin.user.id },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect((await get(cast.admin.cookie, team.providerId)).json()).toMatchObject({
      plan: 'enterprise',
      manager: { id: cast.admin.user.id, name: 'Ada Admin' },
    });
    expect((await get(cast.admin.cookie, cast.mechanic.providerId)).json()).toEqual({
      plan: null,
      manager: null,
    });
  });

  it('is for admins only, and answers 404 or 400 for a bad id', async () => {
    for (const cookie of [team.owner.cookie, team.dispatcher.cookie, cast.driver.cookie])
      expect((await get(cookie, team.providerId)).statusCode).toBe(403);
    expect((await get(cast.admin.cookie, cast.driver.user.id)).statusCode).toBe(404);
    expect((await get(cast.admin.cookie, 'nope')).statusCode).toBe(400);
  });
});
