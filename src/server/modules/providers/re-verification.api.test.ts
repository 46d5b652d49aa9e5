import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await createCast(t.app));
});
afterAll(() => t.close());

let shops = 0;
/** A verified business in Dallas (ZIP 75207) and its signed-in owner. */
async function verifiedBusiness() {
  const owner = await signUp(t.app, { role: 'mechanic' });
  shops += 1;
  const name = `Reviewed Diesel ${Date.now().toString(36)}${shops}`;
  const provider = await insertOwnedProvider(t.app.database.db, owner.user.id, {
    businessName: name,
    zipCode: '75207',
    email: `shop${shops}-${Date.now()}@example.com`,
  });
  return { owner, id: provider.id, name, email: provider.email! };
}

const edit = (cookie: string, id: string, payload: object) =>
  t.api({ method: 'PATCH', url: `/api/service-providers/${id}`, headers: { cookie }, payload });
const decide = (id: string, payload: object) =>
  t.api({
    method: 'PATCH',
    url: `/api/admin/providers/${id}`,
    headers: { cookie: admin.cookie },
    payload,
  });
const publicView = async (id: string) =>
  (await t.api({ method: 'GET', url: `/api/providers/${id}` })).json();
const searchNames = async (q: string) =>
  (await t.api({ method: 'GET', url: `/api/providers?q=${encodeURIComponent(q)}` }))
    .json<{ businessName: string }[]>()
    .map((p) => p.businessName);
const ownView = async (userId: string, cookie: string) =>
  (
    await t.api({
      method: 'GET',
      url: `/api/service-providers/by-user/${userId}`,
      headers: { cookie },
    })
  ).json();
const queue = async () =>
  (
    await t.api({
      method: 'GET',
      url: '/api/admin/providers?verification=pending&pageSize=100',
      headers: { cookie: admin.cookie },
    })
  ).json<{ providers: { id: string; verification: string; pendingChanges: unknown }[] }>()
    .providers;
const notifications = async (cookie: string) =>
  (await t.api({ method: 'GET', url: '/api/notifications', headers: { cookie } })).json<
    { title: string; message: string }[]
  >();

describe('changing a verified business', () => {
  it('keeps the approved name, phone and address live while the change awaits review; other fields apply at once', async () => {
    const { owner, id, name } = await verifiedBusiness();
    const response = await edit(owner.cookie, id, {
      businessName: `${name} Renamed`,
      phone: '(214) 555-0199',
      zipCode: '77002',
      city: 'Houston',
      visitFee: 77,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      businessName: name,
      city: 'Dallas',
      zipCode: '75207',
      visitFee: 77,
      verification: 'approved',
    });
    expect(answer.pendingChanges.values).toMatchObject({
      businessName: `${name} Renamed`,
      phone: '(214) 555-0199',
      zipCode: '77002',
      city: 'Houston',
    });
    expect(answer.pendingChanges.values.latitude).toBeCloseTo(29.7594, 3);
    expect(Date.parse(answer.pendingChanges.since)).toBeLessThanOrEqual(Date.now());

    // Drivers still see the approved details, and never the pending ones.
    const shown = await publicView(id);
    expect(shown).toMatchObject({ businessName: name, city: 'Dallas', visitFee: 77 });
    expect(shown.latitude).toBeCloseTo(32.7767, 3);
    expect(shown).not.toHaveProperty('pendingChanges');
    expect(await searchNames(name)).toEqual([name]);
    // The owner sees what waits.
    expect((await ownView(owner.user.id, owner.cookie)).pendingChanges.values.businessName).toBe(
      `${name} Renamed`,
    );
    // Admins find it in the verification queue, with the changes.
    const listed = (await queue()).find((p) => p.id === id);
    expect(listed).toMatchObject({ verification: 'approved' });
    expect(listed!.pendingChanges).toMatchObject({ values: { businessName: `${name} Renamed` } });
  });

  it('sends nothing to review when the reviewed fields come back unchanged, and drops a change set back', async () => {
    const { owner, id, name } = await verifiedBusiness();
    const same = await edit(owner.cookie, id, {
      businessName: name,
      serviceType: 'mobile_mechanic',
      city: 'Dallas',
      zipCode: '75207',
      hourlyRate: 140,
    });
    expect(same.json()).toMatchObject({ pendingChanges: null, hourlyRate: 140 });
    expect((await queue()).some((p) => p.id === id)).toBe(false);

    await edit(owner.cookie, id, { serviceType: 'towing', zipCode: '77002' });
    const back = await edit(owner.cookie, id, { zipCode: '75207' });
    expect(back.json().pendingChanges.values).toEqual({ serviceType: 'towing' });
    const none = await edit(owner.cookie, id, { serviceType: 'mobile_mechanic' });
    expect(none.json().pendingChanges).toBeNull();
  });

  it('sends the website, business email and description to review too; search keeps the approved ones', async () => {
    const { owner, id, name, email } = await verifiedBusiness();
    await edit(admin.cookie, id, {
      website: 'https://diesel.example',
      description: 'Mobile diesel repair on I-35E.',
    });
    const before = await publicView(id);
    const changes = {
      website: 'https://scam.example',
      email: `new-${email}`,
      description: 'Call this other number instead',
    };
    const response = await edit(owner.cookie, id, changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      website: before.website,
      email,
      description: before.description,
      pendingChanges: { values: changes },
    });
    const shown = await publicView(id);
    expect(shown).toMatchObject({
      website: before.website,
      email,
      description: before.description,
    });
    const found = (
      await t.api({
        method: 'GET',
        url: `/api/providers?q=${encodeURIComponent(name)}&fields=full`,
      })
    ).json<{ description: string | null; website: string | null }[]>();
    expect(found[0]).toMatchObject({ description: before.description, website: before.website });

    // Clearing a field is a change too; setting one back drops it from the review.
    const cleared = await edit(owner.cookie, id, { website: '', description: before.description });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().pendingChanges.values).toEqual({ website: null, email: `new-${email}` });

    expect((await decide(id, { verification: 'approved' })).statusCode).toBe(200);
    expect(await publicView(id)).toMatchObject({ website: null, email: `new-${email}` });
  });

  it('lets an admin edit a verified business directly', async () => {
    const { id, name } = await verifiedBusiness();
    const response = await edit(admin.cookie, id, { businessName: `${name} By Admin` });
    expect(response.json()).toMatchObject({
      businessName: `${name} By Admin`,
      pendingChanges: null,
    });
  });

  it('applies the changes when an admin approves them, in the audit log and told to the owner', async () => {
    const { owner, id, name, email } = await verifiedBusiness();
    await edit(owner.cookie, id, { businessName: `${name} Approved`, zipCode: '77002' });
    const approved = await decide(id, { verification: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      businessName: `${name} Approved`,
      zipCode: '77002',
      verification: 'approved',
    });
    const shown = await publicView(id);
    expect(shown.businessName).toBe(`${name} Approved`);
    expect(shown.latitude).toBeCloseTo(29.7594, 3);
    expect(await searchNames(`${name} Approved`)).toEqual([`${name} Approved`]);
    expect((await ownView(owner.user.id, owner.cookie)).pendingChanges).toBeNull();
    expect((await queue()).some((p) => p.id === id)).toBe(false);

    const audit = (
      await t.api({
        method: 'GET',
        url: `/api/admin/audit?targetId=${id}`,
        headers: { cookie: admin.cookie },
      })
    ).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'provider.verification',
      before: { businessName: name, zipCode: '75207' },
      after: { businessName: `${name} Approved`, zipCode: '77002', pendingChanges: null },
    });
    expect((await notifications(owner.cookie))[0]!.title).toBe('Business changes approved');
    const mails = (
      await t.api({
        method: 'GET',
        url: `/api/admin/outbox?to=${encodeURIComponent(email)}`,
        headers: { cookie: admin.cookie },
      })
    ).json<{ subject: string }[]>();
    expect(mails[0]!.subject).toMatch(/changes to .* are live/);
  });

  it('discards the changes when an admin rejects them: the business stays listed as it was', async () => {
    const { owner, id, name } = await verifiedBusiness();
    await edit(owner.cookie, id, { businessName: `${name} Rejected`, phone: '(214) 555-0177' });
    const rejected = await decide(id, { verification: 'rejected', reason: 'Name not on license' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ businessName: name, verification: 'approved' });
    expect(await searchNames(name)).toEqual([name]);
    expect((await publicView(id)).phone).toBe('(214) 555-0101');
    expect((await ownView(owner.user.id, owner.cookie)).pendingChanges).toBeNull();
    const [note] = await notifications(owner.cookie);
    expect(note).toMatchObject({ title: 'Business changes not approved' });
    expect(note!.message).toContain('Name not on license');
  });
});
