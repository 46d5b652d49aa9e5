import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApplication } from '../../test/provider-application.ts';
import { createTestApp, newAccount, sessionCookie } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const apply = (payload: Record<string, unknown>) =>
  t.api({ method: 'POST', url: '/api/provider-applications', payload });

describe('POST /api/provider-applications', () => {
  it('creates a signed-in mechanic and a provider awaiting verification', async () => {
    const body = newApplication();
    const response = await apply(body);
    expect(response.statusCode).toBe(201);
    const { user, provider } = response.json();
    expect(user).toMatchObject({
      role: 'mechanic',
      name: 'Rosa Diaz',
      email: body.email,
      location: 'Dallas, TX',
    });
    expect(provider).toMatchObject({
      userId: user.id,
      businessName: body.businessName,
      verification: 'pending',
      status: 'available',
      visitFee: 89.5,
      hourlyRate: 120,
      rating: 0,
      reviewCount: 0,
      specialties: ['Brake Repair', 'Electrical'],
      acceptsAAA: true,
    });
    expect(provider).not.toHaveProperty('licenseNumber');
    const me = await t.api({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie(response)! },
    });
    expect(me.json().role).toBe('mechanic');
  });

  it('answers a bearer token and sets no cookie when asked for x-session-transport: bearer', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/provider-applications',
      payload: newApplication(),
      headers: { 'x-session-transport': 'bearer' },
    });
    expect(response.statusCode).toBe(201);
    expect(sessionCookie(response)).toBeUndefined();
    const { token, user } = response.json();
    expect(token).toEqual(expect.any(String));
    const me = await t.api({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ id: user.id, role: 'mechanic' });
    // Without the header the answer carries no token: the cookie is the session.
    const cookied = await apply(newApplication());
    expect(cookied.json()).not.toHaveProperty('token');
    expect(sessionCookie(cookied)).toBeDefined();
  });

  it('refuses a taken email with 409 and writes nothing', async () => {
    const first = newApplication();
    expect((await apply(first)).statusCode).toBe(201);
    const again = await apply(newApplication({ email: first.email }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('User already exists');
    const taken = newAccount({ email: `driver-${Date.now()}@example.com` });
    await t.api({ method: 'POST', url: '/api/auth/register', payload: taken });
    expect((await apply(newApplication({ email: taken.email }))).statusCode).toBe(409);
  });

  it.each([
    ['businessName', 'A', 'Business name must be at least 2 characters'],
    ['contactName', '', 'Contact name must be at least 2 characters'],
    ['email', 'nope', 'Please enter a valid email address'],
    ['phone', '555', 'Phone number must be at least 10 digits'],
    ['serviceType', '', 'Please select your service type'],
    ['businessAddress', '12', 'Business address is required'],
    ['city', 'D', 'City is required'],
    ['state', 'T', 'State is required'],
    ['zipCode', '752', 'ZIP code is required'],
    ['visitFee', undefined, 'Visit fee is required'],
    ['hourlyRate', undefined, 'Hourly rate is required'],
    ['visitFee', -5, 'Visit fee must be 0 or more'],
    ['licenseNumber', '', 'Business license number is required'],
    ['insurancePolicy', '', 'Insurance policy number is required'],
    ['password', 'short', 'Password must be at least 8 characters'],
  ])('refuses %s = %j with "%s"', async (field, value, message) => {
    const response = await apply(newApplication({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
  });
});
