import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { newApplication } from '../../test/provider-application.ts';
import { createTestApp, newAccount, signUp } from '../../test/test-app.ts';
import { hashToken } from '../../secret-tokens.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.api({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });

const TOO_EASY = /^This password is too easy to guess: /;

describe('names carry no markup', () => {
  it('refuses <script> in a name at registration, in the JSON error shape', async () => {
    const response = await post(
      '/api/auth/register',
      newAccount({ name: '<script>alert(1)</script>' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Names cannot contain < or >',
      fields: { name: 'Names cannot contain < or >' },
    });
  });

  it('refuses <script> in a business name, whoever creates the business', async () => {
    const applied = await post(
      '/api/provider-applications',
      newApplication({ businessName: '<script>alert(1)</script> Towing' }),
    );
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toMatchObject({
      error: 'Names cannot contain < or >',
      fields: { businessName: 'Names cannot contain < or >' },
    });

    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const created = await post(
      '/api/service-providers',
      {
        businessName: '<img src=x onerror=alert(1)>',
        serviceType: 'tire_shop',
        address: '400 Commerce St',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75202',
        phone: '(214) 555-0177',
        email: 'tires@brazos.example',
      },
      mechanic.cookie,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toMatchObject({ businessName: 'Names cannot contain < or >' });
  });

  it('refuses a website that is not http(s)', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const created = await post(
      '/api/service-providers',
      {
        businessName: 'Brazos Mobile Tire',
        serviceType: 'tire_shop',
        address: '400 Commerce St',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75202',
        phone: '(214) 555-0177',
        email: 'tires@brazos.example',
        website: 'javascript:alert(document.cookie)',
      },
      mechanic.cookie,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual({
      website: 'Website must be a full address like https://example.com',
    });
  });
});

describe('guessable passwords', () => {
  it('refuses password123 at registration with the reason', async () => {
    const response = await post('/api/auth/register', newAccount({ password: 'password123' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toMatch(TOO_EASY);
    expect(body.error).toContain('commonly used password');
    expect(body.fields).toEqual({ password: body.error });
  });

  it("refuses a password made of the account's own email", async () => {
    const account = newAccount();
    const response = await post('/api/auth/register', {
      ...account,
      password: `${account.email}!`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(TOO_EASY);
    expect(response.json().error).toContain('your name, username or email');
  });

  it('refuses a guessable password in a provider application', async () => {
    const response = await post(
      '/api/provider-applications',
      newApplication({ password: 'qwertyuiop' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.password).toMatch(TOO_EASY);
  });

  it('refuses a guessable new password at reset and leaves the link usable', async () => {
    const { account, user } = await signUp(t.app);
    const token = randomBytes(32).toString('base64url');
    await t.app.database.db.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const weak = await post('/api/auth/reset-password', { token, password: 'iloveyou1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual({ password: expect.stringMatching(TOO_EASY) });

    const strong = await post('/api/auth/reset-password', {
      token,
      password: 'gravel ferry lantern 9',
    });
    expect(strong.statusCode).toBe(200);
    const login = await post('/api/auth/login', {
      email: account.email,
      password: 'gravel ferry lantern 9',
    });
    expect(login.statusCode).toBe(200);
  });
});
