import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestAccount;
let otherMechanic: TestAccount;
let newcomer: TestAccount;
let driver: TestAccount;
let admin: TestAccount;
let providerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const cast = await createCast(t.app, { provider: { zipCode: '75207' } });
  ({ otherMechanic, driver, admin } = cast);
  owner = cast.mechanic;
  providerId = cast.mechanic.providerId;
  // A mechanic who has not created a business yet.
  newcomer = await signUp(t.app, { role: 'mechanic' });
});
afterAll(() => t.close());

const business = {
  businessName: 'Gulf Coast Diesel',
  serviceType: 'mobile_mechanic',
  description: 'Diesel and air brakes on the spot',
  address: '1200 Main St',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
  phone: '(713) 555-0100',
  email: 'shop@gulfcoast.example',
  website: 'https://gulfcoast.example',
  visitFee: 85.5,
  hourlyRate: 120,
  is24Hour: true,
  acceptsAAA: false,
  specialties: ['Air Brake Systems'],
  certifications: ['ASE Master'],
  licenseNumber: 'TX-88-1234',
  insurancePolicy: 'POL-5566',
};
const patch = (cookie: string, payload: object, id = providerId) =>
  t.api({ method: 'PATCH', url: `/api/service-providers/${id}`, headers: { cookie }, payload });

describe('POST /api/service-providers', () => {
  it("creates a mechanic's business awaiting verification, placed at its ZIP code's centre", async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: newcomer.cookie },
      payload: business,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      userId: newcomer.user.id,
      businessName: 'Gulf Coast Diesel',
      verification: 'pending',
      visitFee: 85.5,
    });
    expect(created.latitude).toBeCloseTo(29.7594, 3);
    expect(created.longitude).toBeCloseTo(-95.3594, 3);
    expect(created).not.toHaveProperty('licenseNumber');

    const again = await t.api({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: newcomer.cookie },
      payload: business,
    });
    expect(again.statusCode).toBe(409);
  });

  it('checks every field', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: otherMechanic.cookie },
      payload: {
        ...business,
        businessName: 'A',
        zipCode: 'abc',
        visitFee: 10.005,
        website: 'not a url',
        email: 'nope',
        phone: '12',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(
      ['businessName', 'email', 'phone', 'visitFee', 'website', 'zipCode'].sort(),
    );
    expect(response.json().fields.zipCode).toBe('ZIP code must be 5 digits (or ZIP+4)');
  });

  /** The fields every API client sends; fees, toggles, lists and license numbers are optional. */
  const minimal = {
    businessName: 'Brazos Mobile Tire',
    serviceType: 'tire_shop',
    description: 'Tires on the shoulder',
    address: '400 Commerce St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75202',
    phone: '(214) 555-0177',
    email: 'tires@brazos.example',
  };
  const create = (cookie: string, payload: object) =>
    t.api({ method: 'POST', url: '/api/service-providers', headers: { cookie }, payload });

  it("takes the caller's own userId without fees or license numbers, and applies the default fees", async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const response = await create(mechanic.cookie, { userId: mechanic.user.id, ...minimal });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      userId: mechanic.user.id,
      businessName: 'Brazos Mobile Tire',
      serviceType: 'tire_shop',
      verification: 'pending',
      status: 'available',
      visitFee: 0,
      hourlyRate: null,
      is24Hour: false,
      acceptsAAA: false,
      specialties: [],
      certifications: [],
      website: null,
    });
  });

  it("refuses another user's id with 403, and a malformed one with 400", async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const forged = await create(mechanic.cookie, { ...minimal, userId: driver.user.id });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({
      error: 'You can only create a business for your own account',
    });
    const malformed = await create(mechanic.cookie, { ...minimal, userId: 'me' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('userId');
    // Nothing was created by either attempt.
    expect(
      (
        await t.api({
          method: 'GET',
          url: `/api/service-providers/by-user/${mechanic.user.id}`,
          headers: { cookie: mechanic.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('checks license numbers and fees when they are sent', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const response = await create(mechanic.cookie, {
      ...minimal,
      licenseNumber: '',
      insurancePolicy: 'x'.repeat(61),
      hourlyRate: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      licenseNumber: 'Business license number is required',
      insurancePolicy: expect.any(String),
      hourlyRate: 'Hourly rate must be 0 or more',
    });
  });

  it('still requires license and insurance numbers on the public provider application', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/provider-applications',
      payload: {
        businessName: 'No Papers Towing',
        contactName: 'Sam Hill',
        email: `nopapers-${Date.now()}@example.com`,
        phone: '(214) 555-0199',
        serviceType: 'towing',
        businessAddress: '900 Elm St',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75202',
        visitFee: 90,
        hourlyRate: 110,
        password: 'long enough password',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      licenseNumber: 'Business license number is required',
      insurancePolicy: 'Insurance policy number is required',
    });
  });

  it('is for mechanics only', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: driver.cookie },
      payload: business,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/service-providers/by-user/{userId}', () => {
  it("answers the user's own business, and an admin's view of anyone's", async () => {
    const url = `/api/service-providers/by-user/${owner.user.id}`;
    expect(
      (await t.api({ method: 'GET', url, headers: { cookie: owner.cookie } })).json(),
    ).toMatchObject({
      id: providerId,
    });
    expect(
      (await t.api({ method: 'GET', url, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await t.api({ method: 'GET', url, headers: { cookie: otherMechanic.cookie } })).statusCode,
    ).toBe(403);
  });

  it("answers 404 'No service provider found' for a user without one", async () => {
    const response = await t.api({
      method: 'GET',
      url: `/api/service-providers/by-user/${driver.user.id}`,
      headers: { cookie: driver.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'No service provider found' });
  });
});

describe('PATCH /api/service-providers/{id}', () => {
  // A business awaiting verification: its address changes at once (a verified one's waits for
  // review, see re-verification.api.test.ts).
  let applicant: TestAccount;
  let applicantProviderId: string;
  beforeAll(async () => {
    applicant = await signUp(t.app, { role: 'mechanic' });
    applicantProviderId = (
      await insertOwnedProvider(t.app.database.db, applicant.user.id, {
        zipCode: '75207',
        verification: 'pending',
      })
    ).id;
  });

  it('lets the owner edit services and moves the business with a new ZIP code', async () => {
    const response = await patch(
      applicant.cookie,
      {
        visitFee: 99.99,
        is24Hour: true,
        acceptsAAA: true,
        specialties: ['Tire Repair', 'Road Service'],
        zipCode: '77002',
        city: 'Houston',
      },
      applicantProviderId,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      visitFee: 99.99,
      is24Hour: true,
      acceptsAAA: true,
      specialties: ['Tire Repair', 'Road Service'],
      city: 'Houston',
    });
    expect(response.json().latitude).toBeCloseTo(29.7594, 3);
  });

  it('takes a pin over the ZIP code, and refuses a ZIP code it cannot place', async () => {
    expect(
      (
        await patch(applicant.cookie, { latitude: 29.8, longitude: -95.4 }, applicantProviderId)
      ).json(),
    ).toMatchObject({
      latitude: 29.8,
      longitude: -95.4,
    });
    const unknown = await patch(owner.cookie, { zipCode: '00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.zipCode).toMatch(/could not find this ZIP code/);
    expect((await patch(owner.cookie, { latitude: 29.8 })).statusCode).toBe(400);
  });

  it('never lets the owner set verification, rating or review count', async () => {
    for (const field of [
      { verification: 'approved' },
      { rating: 5 },
      { reviewCount: 999 },
      { userId: driver.user.id },
    ]) {
      const response = await patch(owner.cookie, field);
      expect(response.statusCode, JSON.stringify(field)).toBe(400);
    }
    const details = (await t.api({ method: 'GET', url: `/api/providers/${providerId}` })).json();
    expect(details.rating).not.toBe(5);
    expect(details.reviewCount).not.toBe(999);
  });

  it('refuses another mechanic and a driver, and lets an admin edit', async () => {
    expect((await patch(otherMechanic.cookie, { visitFee: 1 })).statusCode).toBe(403);
    expect((await patch(driver.cookie, { visitFee: 1 })).statusCode).toBe(403);
    expect((await patch(admin.cookie, { businessName: 'Renamed By Admin' })).json()).toMatchObject({
      businessName: 'Renamed By Admin',
    });
    expect(
      (await patch(admin.cookie, { visitFee: 1 }, '00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/admin/providers/{id}', () => {
  it('approves a business into search and tells its owner, and only an admin may', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const created = await t.api({
      method: 'POST',
      url: '/api/service-providers',
      headers: { cookie: mechanic.cookie },
      payload: { ...business, businessName: 'Awaiting Approval Tires', zipCode: '75207' },
    });
    const id = created.json().id as string;
    const inSearch = async () =>
      (await t.api({ method: 'GET', url: '/api/providers?q=Awaiting%20Approval' }))
        .json<{ id: string }[]>()
        .some((p) => p.id === id);
    expect(await inSearch()).toBe(false);

    const decide = (cookie: string, payload: object) =>
      t.api({ method: 'PATCH', url: `/api/admin/providers/${id}`, headers: { cookie }, payload });
    expect((await decide(mechanic.cookie, { verification: 'approved' })).statusCode).toBe(403);
    expect((await decide(admin.cookie, { verification: 'maybe' })).statusCode).toBe(400);

    const approved = await decide(admin.cookie, { verification: 'approved' });
    expect(approved.json()).toMatchObject({ id, verification: 'approved' });
    expect(await inSearch()).toBe(true);
    const notes = await t.api({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: mechanic.cookie },
    });
    expect(notes.json()[0]).toMatchObject({ type: 'account_update', title: 'Business approved' });

    const rejected = await decide(admin.cookie, {
      verification: 'rejected',
      reason: 'Insurance expired',
    });
    expect(rejected.json()).toMatchObject({ verification: 'rejected' });
    expect(await inSearch()).toBe(false);
    const after = await t.api({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: mechanic.cookie },
    });
    expect(after.json()[0].message).toContain('Insurance expired');
    expect(
      (
        await t.api({
          method: 'PATCH',
          url: '/api/admin/providers/00000000-0000-4000-8000-000000000000',
          headers: { cookie: admin.cookie },
          payload: { verification: 'approved' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
