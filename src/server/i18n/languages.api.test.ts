import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, notifications, outboxEmails, users } from '../db/schema/index.ts';
import { registerMockDevice, startMockPushService } from '../test/mock-push-service.ts';
import { insertOwnedProvider } from '../test/providers.ts';
import { confirmContacts, createTestApp, signUp, type TestAccount } from '../test/test-app.ts';

/*
 * The server speaks the reader's language (docs/decisions/060-languages.md): error answers in the
 * request's (the account's, else Accept-Language), and notifications, their push and email, and
 * emails of their own in the recipient's account language; English when none is chosen.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let mock: Awaited<ReturnType<typeof startMockPushService>>;
let driver: TestAccount;
let spanishMechanic: TestAccount & { providerId: string };

beforeAll(async () => {
  t = await createTestApp();
  mock = await startMockPushService();
  driver = await signUp(t.app, { name: 'Dana Driver' });
  const mechanic = await signUp(t.app, { role: 'mechanic' });
  const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id, {
    businessName: 'Llantera El Paso',
  });
  spanishMechanic = { ...mechanic, providerId: provider.id };
  const chosen = await t.api({
    method: 'PATCH',
    url: `/api/users/${mechanic.user.id}`,
    headers: { cookie: mechanic.cookie },
    payload: { language: 'es' },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  for (const account of [driver, mechanic]) {
    await confirmContacts(t.app, account.user.id);
    // Email Updates on (Settings), so notifications are emailed too.
    await t.app.database.db
      .update(users)
      .set({ emailUpdates: true })
      .where(eq(users.id, account.user.id));
    await registerMockDevice(t, mock, account.cookie);
  }
});
afterAll(async () => {
  await mock?.close();
  await t?.close();
});

const db = () => t.app.database.db;

describe('error answers', () => {
  const signIn = (headers: Record<string, string> = {}) =>
    t.api({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });

  it('are English without Accept-Language, and for an English header', async () => {
    expect((await signIn()).json()).toEqual({ error: 'Invalid email or password' });
    expect((await signIn({ 'accept-language': 'en-US,en;q=0.9' })).json()).toEqual({
      error: 'Invalid email or password',
    });
  });

  it('are Spanish for Accept-Language: es', async () => {
    const answer = await signIn({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: 'Correo o contraseña incorrectos' });
  });

  it('are Spanish for a signed-in account that chose Spanish, whatever the header says', async () => {
    const answer = await t.api({
      method: 'GET',
      url: `/api/users/${driver.user.id}`,
      headers: { cookie: spanishMechanic.cookie, 'accept-language': 'en' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toBe('Solo puede entrar a su propia cuenta');
    const english = await t.api({
      method: 'GET',
      url: `/api/users/${spanishMechanic.user.id}`,
      headers: { cookie: driver.cookie },
    });
    expect(english.json().error).toBe('You can only access your own account');
  });

  it('translate each field message of a 400', async () => {
    const answer = await t.api({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'es' },
      payload: { name: 'A', email: 'not-an-email', password: 'short', role: 'driver' },
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json<{ error: string; fields: Record<string, string> }>();
    expect(body.fields.email).toBe('Escriba un correo electrónico válido');
    expect(body.fields.password).toBe('La contraseña debe tener al menos 8 caracteres');
    expect(Object.values(body.fields)).toContain(body.error);
  });

  it('answers an unknown API path in Spanish too', async () => {
    const answer = await t.api({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'es' },
    });
    expect(answer.json()).toEqual({ error: 'No encontrado: GET /api/nothing-here' });
  });
});

describe('notifications, their push and their email', () => {
  it('reach a Spanish-speaking provider in Spanish and an English-speaking driver in English', async () => {
    const created = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: {
        providerId: spanishMechanic.providerId,
        serviceType: 'Brake Repair',
        description: 'Air brake leak',
        location: 'I-10 exit 22',
        latitude: 31.7619,
        longitude: -106.485,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bookingId = created.json<{ id: string }>().id;

    const [request] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, spanishMechanic.user.id));
    expect(request).toMatchObject({
      title: 'Nueva solicitud de reserva',
      message: 'Dana Driver pidió Reparación de frenos en I-10 exit 22.',
    });
    const sent = await db().select().from(deliveries).where(eq(deliveries.eventKey, request!.id));
    expect(sent.find((d) => d.channel === 'push')?.payload).toMatchObject({
      title: 'Nueva solicitud de reserva',
      body: 'Abra sus reservas para aceptar o rechazar.',
    });
    expect(sent.find((d) => d.channel === 'email')?.payload).toEqual({
      subject: 'Truck Finder: Nueva solicitud de reserva',
      text: 'Dana Driver pidió Reparación de frenos en I-10 exit 22.\n\nElija qué correos recibe en Perfil → Configuración → Notificaciones.',
    });

    const confirmed = await t.api({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      headers: { cookie: spanishMechanic.cookie },
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [toDriver] = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, driver.user.id), eq(notifications.title, 'Booking confirmed')),
      );
    expect(toDriver?.message).toBe('Llantera El Paso confirmed your Brake Repair request.');
    const driverSent = await db()
      .select()
      .from(deliveries)
      .where(eq(deliveries.eventKey, toDriver!.id));
    expect(driverSent.find((d) => d.channel === 'push')?.payload).toMatchObject({
      title: 'Booking confirmed',
      body: 'Open your bookings to see what changed.',
    });
    expect(driverSent.find((d) => d.channel === 'email')?.payload).toMatchObject({
      subject: 'Truck Finder: Booking confirmed',
    });
  });
});

describe('emails of their own', () => {
  const resetMail = async (email: string) => {
    await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    let found: (typeof outboxEmails.$inferSelect)[] = [];
    await expect
      .poll(async () => {
        found = await db().select().from(outboxEmails).where(eq(outboxEmails.to, email));
        return found.filter(
          (mail) => mail.subject.includes('contraseña') || mail.subject.includes('password'),
        ).length;
      })
      .toBe(1);
    return found.find((mail) => /contraseña|password/.test(mail.subject))!;
  };

  it('go in Spanish to an account that chose Spanish', async () => {
    const mail = await resetMail(String(spanishMechanic.account.email));
    expect(mail.subject).toBe('Cambie su contraseña de Truck Finder');
    expect(mail.text).toMatch(/^Hola, .+:\n\nAlguien pidió cambiar la contraseña/);
  });

  it('stay in English for an account with no language chosen', async () => {
    const mail = await resetMail(String(driver.account.email));
    expect(mail.subject).toBe('Reset your Truck Finder password');
    expect(mail.text).toMatch(/^Hi Dana Driver,\n\nSomeone asked to reset the password/);
  });
});
