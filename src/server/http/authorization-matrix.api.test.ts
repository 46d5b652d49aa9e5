import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestBookableDate } from '../../core/bookings/schemas.ts';
import { defaultCategoryChoices } from '../../core/notification-preferences.ts';
import { cards, card, saveCard, subscribe } from '../test/billing.ts';
import { multipartFile } from '../test/multipart.ts';
import { newAdminProvider } from '../test/providers.ts';
import { newApplication } from '../test/provider-application.ts';
import { createCast, type TestAccount } from '../test/cast.ts';
import { tinyPng } from '../test/png.ts';
import { mockTwilioAccount, startMockTwilio, type MockTwilio } from '../test/mock-twilio.ts';
import { freshTotpCode } from '../test/second-factor.ts';
import { createTestApp, newAccount, sessionCookie, signUp } from '../test/test-app.ts';
import { insertCompletedJob, payByCard, setUpPayouts, testIdentity } from '../test/payouts.ts';
import {
  apiTokens,
  ledgerDiscrepancies,
  teamInvites,
  testGatewayDisputes,
} from '../db/schema/index.ts';
import { hashToken, newToken } from '../secret-tokens.ts';

/**
 * Every API route × every kind of caller, with the exact answer each one gets. Path ids name
 * objects owned by `driver` (their user id, bookings, notifications, payment, saved card) or by
 * `mechanic` (their user id, business, subscription, reminder), so `otherDriver` and
 * `otherMechanic` show that changing an id reaches nobody else's data. Requests carry a valid
 * body, so the access rule and the ownership check decide, not validation.
 *
 * Within a row the callers go in the order signed out, other driver, other mechanic, driver,
 * mechanic, admin: the refused ones first, against untouched data.
 */

const ACTORS = [
  'signedOut',
  'driver',
  'otherDriver',
  'mechanic',
  'otherMechanic',
  'admin',
] as const;
type ActorName = (typeof ACTORS)[number];
const RUN_ORDER: ActorName[] = [
  'signedOut',
  'otherDriver',
  'otherMechanic',
  'driver',
  'mechanic',
  'admin',
];

/** Expected status for [signedOut, driver, otherDriver, mechanic, otherMechanic, admin]. */
type Codes = [number, number, number, number, number, number];

interface Actor {
  name: ActorName;
  cookie?: string;
  id: string;
  email: string;
  password: string;
  totpSecret?: string;
}

interface Cell {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Called with the status the caller got. */
  answered?: (status: number) => void;
}

interface Row {
  codes: Codes;
  /** The request each caller sends; may prepare a fresh object for that caller first. */
  request: (as: Actor) => Cell | Promise<Cell>;
  /** Sent with a new session of the caller, because the route ends the session it is sent with. */
  freshSession?: true;
  /** The route ends every session of the caller: everyone signs in again after the row. */
  endsSessions?: true;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let twilio: MockTwilio;
const actors = {} as Record<ActorName, Actor>;
/** Objects owned by `driver` and `mechanic`, and a few more the admin rows act on. */
const f = {} as {
  providerId: string;
  otherProviderId: string;
  bookingId: string;
  inProgressBookingId: string;
  completedBookingId: string;
  unpaidBookingId: string;
  paymentId: string;
  notificationIds: string[];
  subscriptionId: string;
  reminderId: string;
  cardId: string;
  setupSecret: string;
  authSecret: string;
  spareUserId: string;
  cardPaymentId: string;
  accountId: string;
  discrepancyId: string;
  testDisputeId: string;
  spare: { email: string; password: string };
};

let addressCounter = 0;
/** A new client address per request: per-address limits never decide a cell of the matrix. */
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function call(
  method: string,
  cell: Cell,
  cookie: string | undefined,
): Promise<{ statusCode: number; body: string }> {
  return t.api({
    method: method as 'GET',
    url: cell.url,
    remoteAddress: nextAddress(),
    headers: { ...(cookie ? { cookie } : {}), ...cell.headers },
    ...(cell.payload === undefined
      ? {}
      : Buffer.isBuffer(cell.payload)
        ? { payload: cell.payload }
        : { payload: cell.payload as object }),
  });
}

/** Signs an actor in again; the admin gives a two-step code with the password. */
async function signIn(actor: Actor) {
  const code = actor.totpSecret
    ? await freshTotpCode(t.app, actor.id, actor.totpSecret)
    : undefined;
  const response = await t.api({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextAddress(),
    payload: { email: actor.email, password: actor.password, code },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response)!;
}

const as = (actor: Actor) => (method: string, url: string, payload?: unknown) =>
  call(method, { url, payload }, actor.cookie);

async function book(driver: Actor, providerId: string) {
  const response = await as(driver)('POST', '/api/bookings', {
    providerId,
    serviceType: 'Brake Repair',
    description: 'Air leak',
    preferredDate: earliestBookableDate(new Date(Date.now() + 12 * 3_600_000)),
  });
  expect(response.statusCode, response.body).toBe(201);
  return JSON.parse(response.body).id as string;
}

/** A new share link of the driver's in-progress booking. */
async function shareLink() {
  const response = await as(actors.driver)(
    'POST',
    `/api/bookings/${f.inProgressBookingId}/share-links`,
  );
  expect(response.statusCode, response.body).toBe(201);
  return JSON.parse(response.body) as { id: string; token: string };
}

/** A request for help near Dallas asking only the other mechanic's business. */
const helpBody = () => ({
  serviceType: 'Brake Repair',
  latitude: 32.7767,
  longitude: -96.797,
  providerIds: [f.otherProviderId],
});

/** A new help request of the driver's. */
/** A new support request of the mechanic's business. */
async function supportRequest() {
  const response = await as(actors.mechanic)('POST', '/api/support-requests', {
    subject: 'Payout question',
    message: 'When does the next payout arrive?',
  });
  expect(response.statusCode, response.body).toBe(201);
  return JSON.parse(response.body).id as string;
}

/** A token of `mechanic`'s business, inserted as creating one would (their Basic plan cannot). */
async function apiToken() {
  const [row] = await t.app.database.db
    .insert(apiTokens)
    .values({
      providerId: f.providerId,
      createdBy: actors.mechanic.id,
      name: 'Matrix token',
      start: 'tf_test_Abcd',
      tokenHash: hashToken(newToken()),
      scopes: ['bookings:read'],
    })
    .returning({ id: apiTokens.id });
  return row!.id;
}

/** Webhook ids: a Basic business is refused by the plan gate before any id is looked up. */
const WEBHOOK_ID = '00000000-0000-4000-8000-0000000000a1';
const WEBHOOK_DELIVERY_ID = '00000000-0000-4000-8000-0000000000a2';

/** A new pending invitation of the mechanic's business (made in the database: Basic cannot invite). */
async function teamInvite() {
  const token = newToken();
  const [row] = await t.app.database.db
    .insert(teamInvites)
    .values({
      providerId: f.providerId,
      email: `invitee-${token.slice(0, 8).toLowerCase()}@example.com`,
      role: 'technician',
      tokenHash: hashToken(token),
      invitedBy: actors.mechanic.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: teamInvites.id });
  return { id: row!.id, token };
}

async function helpRequest() {
  const response = await as(actors.driver)('POST', '/api/help-requests', helpBody());
  expect(response.statusCode, response.body).toBe(201);
  return JSON.parse(response.body).id as string;
}

/** A new completed job of the driver's, paid in cash and awaiting the mechanic's confirmation. */
async function cashPayment() {
  const bookingId = await book(actors.driver, f.providerId);
  await adminMove(bookingId, 'completed');
  const paid = await as(actors.driver)('POST', '/api/payments', {
    bookingId,
    paymentMethod: 'cash',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return JSON.parse(paid.body).payment.id as string;
}

/** A cash payment the mechanic disputed. */
async function disputedPayment() {
  const id = await cashPayment();
  const disputed = await as(actors.mechanic)('POST', `/api/payments/${id}/dispute-cash`, {
    reason: 'Never handed over',
  });
  expect(disputed.statusCode, disputed.body).toBe(200);
  return id;
}

async function adminMove(bookingId: string, status: string, extra: object = {}) {
  const response = await as(actors.admin)('PATCH', `/api/admin/bookings/${bookingId}`, {
    status,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const upload = (field: string) => {
  const form = multipartFile(tinyPng(), { field });
  return { payload: form.payload, headers: form.headers };
};

const applicationBody = () => {
  const account = newAccount();
  return newApplication({ email: account.email, password: account.password });
};

const businessBody = () => ({
  businessName: 'Gulf Coast Diesel',
  serviceType: 'mobile_mechanic',
  address: '1200 Main St',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
  phone: '(713) 555-0100',
  email: 'shop@gulfcoast.example',
  visitFee: 85.5,
  hourlyRate: 120,
  licenseNumber: 'TX-88-1234',
  insurancePolicy: 'POL-5566',
  userId: actors.mechanic.id,
});

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

// One row per line reads as a table: codes are [signedOut, driver, otherDriver, mechanic, otherMechanic, admin].
// prettier-ignore
const MATRIX: Record<string, Row> = {
  'GET /api/health':                            { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/health' }) },
  'GET /api/meta':                              { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/meta' }) },

  // Auth: public calls act on the account named in the body or the session sent, never another.
  'POST /api/auth/register':                    { codes: [201, 201, 201, 201, 201, 201], request: () => ({ url: '/api/auth/register', payload: newAccount() }) },
  'POST /api/auth/login':                       { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/auth/login', payload: f.spare }), freshSession: true },
  'GET /api/auth/session':                      { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/auth/session' }) },
  'GET /api/auth/me':                           { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/auth/me' }) },
  'POST /api/auth/forgot-password':             { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/auth/forgot-password', payload: { email: actors.driver.email } }) },
  // The reset token is the only credential: a made-up one is refused whoever sends it.
  'POST /api/auth/reset-password':              { codes: [400, 400, 400, 400, 400, 400], request: () => ({ url: '/api/auth/reset-password', payload: { token: 'x'.repeat(43), password: 'a brand new passphrase 7' } }) },
  'POST /api/auth/confirm-email':               { codes: [400, 400, 400, 400, 400, 400], request: () => ({ url: '/api/auth/confirm-email', payload: { token: 'x'.repeat(43) } }) },
  // Each caller changes only their own account, proven by their own current password.
  'POST /api/auth/change-email':                { codes: [401, 200, 200, 200, 200, 200], request: (a) => ({ url: '/api/auth/change-email', payload: { currentPassword: a.password, newEmail: newAccount().email } }) },
  'POST /api/auth/change-password':             { codes: [401, 200, 200, 200, 200, 200], request: (a) => changePassword(a) },
  'POST /api/auth/logout':                      { codes: [204, 204, 204, 204, 204, 204], request: () => ({ url: '/api/auth/logout' }), freshSession: true },
  'POST /api/auth/sign-out-everywhere':         { codes: [401, 204, 204, 204, 204, 204], request: () => ({ url: '/api/auth/sign-out-everywhere' }), endsSessions: true },
  // Two-step sign-in: each caller's own; the admin has it on already (409 to a second setup).
  'GET /api/auth/mfa':                           { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/auth/mfa' }) },
  'POST /api/auth/mfa/totp/setup':              { codes: [401, 200, 200, 200, 200, 409], request: () => ({ url: '/api/auth/mfa/totp/setup' }) },
  'POST /api/auth/mfa/totp/enable':             { codes: [401, 400, 400, 400, 400, 409], request: () => ({ url: '/api/auth/mfa/totp/enable', payload: { code: '000000' } }) },
  'DELETE /api/auth/mfa/totp':                  { codes: [401, 400, 400, 400, 400, 400], request: () => ({ url: '/api/auth/mfa/totp', payload: { password: 'not the password' } }) },
  // Only a sign-in waiting for its code (none here) can be finished.
  'POST /api/auth/mfa/verify':                  { codes: [400, 400, 400, 400, 400, 400], request: () => ({ url: '/api/auth/mfa/verify', payload: { code: '123456' } }) },
  'POST /api/auth/step-up':                     { codes: [401, 200, 200, 200, 200, 200], request: (a) => ({ url: '/api/auth/step-up', payload: { password: a.password } }) },

  // Users: the id is the driver's.
  'GET /api/users':                             { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/users' }) },
  'GET /api/users/:id':                         { codes: [401, 200, 403, 403, 403, 200], request: () => ({ url: `/api/users/${actors.driver.id}` }) },
  'PATCH /api/users/:id':                       { codes: [401, 200, 403, 403, 403, 200], request: () => ({ url: `/api/users/${actors.driver.id}`, payload: { name: 'Dale Driver' } }) },
  // A wrong password: the rule lets every signed-in caller ask, and nobody's account goes.
  'DELETE /api/users/me':                       { codes: [401, 400, 400, 400, 400, 400], request: () => ({ url: '/api/users/me', payload: { password: 'not-the-password' } }) },
  'POST /api/users/:id/avatar':                 { codes: [401, 200, 403, 403, 403, 200], request: () => ({ url: `/api/users/${actors.driver.id}/avatar`, ...upload('avatar') }) },
  // Contacts: each caller confirms only their own; a made-up link or a wrong code confirms nothing.
  'POST /api/users/me/contacts/email/confirmation': { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/users/me/contacts/email/confirmation' }) },
  'POST /api/contacts/email/confirm':           { codes: [400, 400, 400, 400, 400, 400], request: () => ({ url: '/api/contacts/email/confirm', payload: { token: 'x'.repeat(43) } }) },
  'POST /api/users/me/contacts/phone/code':     { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/users/me/contacts/phone/code' }) },
  'POST /api/users/me/contacts/phone/confirm':  { codes: [401, 400, 400, 400, 400, 400], request: () => ({ url: '/api/users/me/contacts/phone/confirm', payload: { code: '000000' } }) },

  // Providers: the business is the mechanic's.
  'GET /api/providers':                         { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/providers' }) },
  'GET /api/search':                            { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/search?q=diesel' }) },
  'GET /api/providers/summary':                 { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/providers/summary?q=diesel' }) },
  'GET /api/providers/along-route':             { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: '/api/providers/along-route?originLat=29.76&originLng=-95.37&destLat=29.42&destLng=-98.49' }) },
  'GET /api/providers/:id':                     { codes: [200, 200, 200, 200, 200, 200], request: () => ({ url: `/api/providers/${f.providerId}` }) },
  'POST /api/provider-applications':            { codes: [201, 201, 201, 201, 201, 201], request: () => ({ url: '/api/provider-applications', payload: applicationBody() }) },
  'PUT /api/providers/:id/status':              { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/providers/${f.providerId}/status`, payload: { status: 'available' } }) },
  'GET /api/service-providers/by-user/:userId': { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/service-providers/by-user/${actors.mechanic.id}` }) },
  // The body names the mechanic: another mechanic is refused; the mechanic already has a business.
  'POST /api/service-providers':                { codes: [401, 403, 403, 409, 403, 403], request: () => ({ url: '/api/service-providers', payload: businessBody() }) },
  'PATCH /api/service-providers/:id':           { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/service-providers/${f.providerId}`, payload: { description: 'Diesel repair on the spot' } }) },
  'POST /api/service-providers/:id/photo':      { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/service-providers/${f.providerId}/photo`, ...upload('photo') }) },

  // Bookings between driver and mechanic. Someone else's booking answers like a missing one (404).
  // The body names the driver: another driver is refused.
  'POST /api/bookings':                         { codes: [401, 201, 403, 403, 403, 403], request: () => ({ url: '/api/bookings', payload: { providerId: f.providerId, serviceType: 'Brake Repair', driverId: actors.driver.id } }) },
  'GET /api/bookings':                          { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/bookings' }) },
  'GET /api/bookings/:id':                      { codes: [401, 200, 404, 200, 404, 200], request: () => ({ url: `/api/bookings/${f.bookingId}` }) },
  // Each caller cancels a pending booking of its own.
  'PATCH /api/bookings/:id':                    { codes: [401, 200, 404, 200, 404, 200], request: async () => ({ url: `/api/bookings/${await book(actors.driver, f.providerId)}`, payload: { status: 'cancelled' } }) },
  // The mechanic is on Basic: real-time tracking is Premium, so its own job answers the plan gate.
  'PUT /api/bookings/:id/position':             { codes: [401, 403, 403, 403, 404, 403], request: () => ({ url: `/api/bookings/${f.inProgressBookingId}/position`, payload: { latitude: 32.78, longitude: -96.8 } }) },
  'GET /api/bookings/:id/position':             { codes: [401, 200, 404, 200, 404, 200], request: () => ({ url: `/api/bookings/${f.inProgressBookingId}/position` }) },
  // A job's share links: its driver and provider make them; both sides and an admin see them all.
  'POST /api/bookings/:id/share-links':         { codes: [401, 201, 404, 201, 404, 403], request: () => ({ url: `/api/bookings/${f.inProgressBookingId}/share-links` }) },
  'GET /api/bookings/:id/share-links':          { codes: [401, 200, 404, 200, 404, 200], request: () => ({ url: `/api/bookings/${f.inProgressBookingId}/share-links` }) },
  // Each caller tries to revoke a fresh link of the driver's: either side of the job and an admin may.
  'DELETE /api/bookings/:id/share-links/:linkId': { codes: [401, 204, 404, 204, 404, 204], request: async () => ({ url: `/api/bookings/${f.inProgressBookingId}/share-links/${(await shareLink()).id}` }) },
  'DELETE /api/bookings/:id/share-links':       { codes: [401, 200, 404, 200, 404, 200], request: () => ({ url: `/api/bookings/${f.inProgressBookingId}/share-links` }) },
  // The token is the only credential: whoever holds it sees the job, signed in or not.
  'POST /api/help-requests':                    { codes: [401, 201, 201, 403, 403, 403], request: () => ({ url: '/api/help-requests', payload: helpBody() }) },
  'GET /api/help-requests':                     { codes: [401, 200, 200, 403, 403, 403], request: () => ({ url: '/api/help-requests' }) },
  'GET /api/help-requests/asked':               { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/help-requests/asked' }) },
  'GET /api/help-requests/:id':                 { codes: [401, 200, 404, 404, 404, 200], request: async () => ({ url: `/api/help-requests/${await helpRequest()}` }) },
  'POST /api/help-requests/:id/accept':         { codes: [401, 403, 403, 404, 201, 403], request: async () => ({ url: `/api/help-requests/${await helpRequest()}/accept` }) },
  'POST /api/help-requests/:id/decline':        { codes: [401, 403, 403, 404, 204, 403], request: async () => ({ url: `/api/help-requests/${await helpRequest()}/decline` }) },
  'POST /api/help-requests/:id/cancel':         { codes: [401, 200, 404, 403, 403, 200], request: async () => ({ url: `/api/help-requests/${await helpRequest()}/cancel` }) },
  'GET /api/track/:token':                      { codes: [200, 200, 200, 200, 200, 200], request: async () => ({ url: `/api/track/${(await shareLink()).token}` }) },
  // Only the booking's driver rates it; its provider and the admin see it but may not.
  'POST /api/reviews':                          { codes: [401, 201, 404, 403, 404, 403], request: () => ({ url: '/api/reviews', payload: { bookingId: f.completedBookingId, rating: 5 } }) },
  // The fleet dashboard: an Enterprise business's owner or dispatcher; Basic answers the plan gate.
  'GET /api/fleet':                             { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/fleet' }) },
  // Teams: the owner (any plan) reads the team; inviting needs Enterprise (the mechanic is Basic).
  'GET /api/team':                              { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/team' }) },
  'GET /api/team/members':                      { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/team/members' }) },
  'GET /api/team/invites':                      { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/team/invites' }) },
  'POST /api/team/invites':                     { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/team/invites', payload: { email: 'new-member@example.com', role: 'technician' } }) },
  'DELETE /api/team/invites/:id':               { codes: [401, 403, 403, 204, 404, 403], request: async () => ({ url: `/api/team/invites/${(await teamInvite()).id}` }) },
  // The link's token is the only credential; accepting needs the business to be on Enterprise.
  'GET /api/team/invites/preview':              { codes: [200, 200, 200, 200, 200, 200], request: async () => ({ url: `/api/team/invites/preview?token=${(await teamInvite()).token}` }) },
  'POST /api/team/invites/accept':              { codes: [403, 403, 403, 403, 403, 403], request: async () => ({ url: '/api/team/invites/accept', payload: { token: (await teamInvite()).token, name: 'Casey Member', phone: '(214) 555-0142', password: 'correct horse battery' } }) },
  'DELETE /api/team/members/:userId':           { codes: [401, 403, 403, 404, 404, 403], request: () => ({ url: `/api/team/members/${f.spareUserId}` }) },
  'POST /api/api-tokens':                       { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/api-tokens', payload: { name: 'Dispatch sync', scopes: ['bookings:read'] } }) },
  'GET /api/api-tokens':                        { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/api-tokens' }) },
  'DELETE /api/api-tokens/:id':                 { codes: [401, 403, 403, 204, 404, 403], request: async () => ({ url: `/api/api-tokens/${await apiToken()}` }) },
  'POST /api/webhooks':                         { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/webhooks', payload: { url: 'https://hooks.example.com/truck', events: ['booking.created'] } }) },
  'GET /api/webhooks':                          { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/webhooks' }) },
  'PATCH /api/webhooks/:id':                    { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}`, payload: { enabled: true } }) },
  'DELETE /api/webhooks/:id':                   { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}` }) },
  'POST /api/webhooks/:id/test':                { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}/test` }) },
  'GET /api/webhooks/:id/deliveries':           { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}/deliveries` }) },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}/deliveries/${WEBHOOK_DELIVERY_ID}/resend` }) },
  'POST /api/webhooks/:id/rotate-secret':       { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: `/api/webhooks/${WEBHOOK_ID}/rotate-secret` }) },
  'GET /api/reports':                           { codes: [401, 403, 403, 403, 403, 403], request: () => ({ url: '/api/reports?from=2026-03-01&to=2026-03-31&groupBy=week' }) },
  'GET /api/reports/statement':                 { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/reports/statement?month=2026-03' }) },
  // Support: a business (owner or member) writes and reads its own requests; admins answer them.
  'POST /api/support-requests':                 { codes: [401, 403, 403, 201, 201, 403], request: () => ({ url: '/api/support-requests', payload: { subject: 'Invoice question', message: 'Where do I find last month invoice?' } }) },
  'GET /api/support-requests':                  { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/support-requests' }) },
  'GET /api/support/account-manager':           { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/support/account-manager' }) },
  'GET /api/admin/support-requests':            { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/support-requests' }) },
  'POST /api/admin/support-requests/:id/replies': { codes: [401, 403, 403, 403, 403, 201], request: async () => ({ url: `/api/admin/support-requests/${await supportRequest()}/replies`, payload: { message: 'It is under Profile, Billing.' } }) },
  // Removing a business's account manager (null) needs no plan; naming one is Enterprise only.
  'GET /api/admin/providers/:id/account-manager': { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/providers/${f.providerId}/account-manager` }) },
  'PUT /api/admin/providers/:id/account-manager': { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/providers/${f.providerId}/account-manager`, payload: { adminId: null } }) },

  // Billing: subscriptions and reminders are the mechanic's, payments and cards the driver's.
  'GET /api/subscription/:userId':              { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/subscription/${actors.mechanic.id}` }) },
  'GET /api/subscriptions/user/:userId':        { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/subscriptions/user/${actors.mechanic.id}` }) },
  // The body names the mechanic: another mechanic is refused; the mechanic already has a plan.
  'POST /api/create-subscription':              { codes: [401, 403, 403, 409, 403, 403], request: () => ({ url: '/api/create-subscription', payload: { planType: 'premium', userId: actors.mechanic.id } }) },
  'POST /api/subscriptions':                    { codes: [401, 403, 403, 409, 403, 403], request: () => ({ url: '/api/subscriptions', payload: { planType: 'premium', userId: actors.mechanic.id } }) },
  // The mechanic cancels at the end of the period, the admin resumes it.
  'PATCH /api/subscriptions/:id':               { codes: [401, 403, 403, 200, 404, 200], request: (a) => ({ url: `/api/subscriptions/${f.subscriptionId}`, payload: { status: a.name === 'admin' ? 'active' : 'cancelled' } }) },
  // The mechanic cancels; the admin's cancel of the cancelled plan changes nothing (200).
  'POST /api/cancel-subscription':              { codes: [401, 403, 403, 200, 404, 200], request: () => ({ url: '/api/cancel-subscription', payload: { subscriptionId: f.subscriptionId } }) },
  'GET /api/billing/allowance':                 { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/billing/allowance' }) },
  'GET /api/payments/user/:userId':             { codes: [401, 200, 403, 403, 403, 200], request: () => ({ url: `/api/payments/user/${actors.driver.id}` }) },
  'GET /api/payments/:id':                      { codes: [401, 200, 404, 404, 404, 200], request: () => ({ url: `/api/payments/${f.paymentId}` }) },
  // A payment's PDF: its payer, the job's provider (their copy) and an admin; anyone else 404.
  'GET /api/payments/:id/receipt.pdf':          { codes: [401, 200, 404, 200, 404, 200], request: () => ({ url: `/api/payments/${f.paymentId}/receipt.pdf` }) },
  // Only the driver pays their completed job (in cash here); nobody else can, admin included.
  'POST /api/payments':                         { codes: [401, 201, 404, 404, 404, 404], request: () => ({ url: '/api/payments', payload: { bookingId: f.unpaidBookingId, paymentMethod: 'cash' } }) },
  // A fresh cash payment of the driver's job each time: only the job's provider confirms or disputes it.
  'POST /api/payments/:id/confirm-cash':        { codes: [401, 403, 403, 200, 404, 403], request: async () => ({ url: `/api/payments/${await cashPayment()}/confirm-cash` }) },
  'POST /api/payments/:id/dispute-cash':        { codes: [401, 403, 403, 200, 404, 403], request: async () => ({ url: `/api/payments/${await cashPayment()}/dispute-cash`, payload: { reason: 'Nothing was handed over' } }) },
  'GET /api/payment-methods':                   { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/payment-methods' }) },
  'POST /api/payment-methods/setup-intent':     { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/payment-methods/setup-intent' }) },
  // The saved card is the driver's; every caller (now with a customer of their own) gets 404.
  'POST /api/payment-methods/:id/default':      { codes: [401, 200, 404, 404, 404, 404], request: () => ({ url: `/api/payment-methods/${f.cardId}/default` }) },
  'DELETE /api/payment-methods/:id':            { codes: [401, 204, 404, 404, 404, 404], request: () => ({ url: `/api/payment-methods/${f.cardId}` }) },
  // The client secrets are the driver's.
  'POST /api/test-gateway/confirm':             { codes: [401, 200, 404, 404, 404, 404], request: () => ({ url: '/api/test-gateway/confirm', payload: { clientSecret: f.setupSecret, card: card(cards.visa) } }) },
  'POST /api/test-gateway/authenticate':        { codes: [401, 200, 404, 404, 404, 404], request: () => ({ url: '/api/test-gateway/authenticate', payload: { clientSecret: f.authSecret, approve: true } }) },
  // Payouts are the business owner's; an admin has no business.
  'POST /api/payouts/account':                  { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/payouts/account' }) },
  'GET /api/payouts/account':                   { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/payouts/account' }) },
  'PUT /api/payouts/schedule':                  { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/payouts/schedule', payload: { schedule: 'daily' } }) },
  'GET /api/payouts/balance':                   { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/payouts/balance' }) },
  'GET /api/payouts':                           { codes: [401, 403, 403, 200, 200, 403], request: () => ({ url: '/api/payouts' }) },
  // The driver's card payment of the mechanic's job: its provider or an admin refunds a dollar.
  'POST /api/payments/:id/refund':              { codes: [401, 403, 403, 200, 404, 200], request: () => ({ url: `/api/payments/${f.cardPaymentId}/refund`, payload: { amount: 1, reason: 'Matrix check' } }) },
  // The test account is the mechanic's: only its owner sees and onboards it.
  'GET /api/test-gateway/accounts/:id':         { codes: [401, 404, 404, 200, 404, 404], request: () => ({ url: `/api/test-gateway/accounts/${f.accountId}` }) },
  'POST /api/test-gateway/accounts/:id/onboard': { codes: [401, 404, 404, 200, 404, 404], request: () => ({ url: `/api/test-gateway/accounts/${f.accountId}/onboard`, payload: testIdentity }) },
  'POST /api/test-gateway/clock':               { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/test-gateway/clock', payload: { advanceDays: 1 } }) },
  'POST /api/test-gateway/disputes/:id/close':  { codes: [401, 403, 403, 403, 403, 204], request: () => ({ url: `/api/test-gateway/disputes/${f.testDisputeId}/close`, payload: { outcome: 'won' } }) },
  'GET /api/admin/card-disputes':               { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/card-disputes' }) },
  'GET /api/admin/ledger/summary':              { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/ledger/summary' }) },
  'GET /api/admin/ledger/discrepancies':        { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/ledger/discrepancies' }) },
  'POST /api/admin/ledger/discrepancies/:id/resolve': { codes: [401, 403, 403, 403, 403, 204], request: () => ({ url: `/api/admin/ledger/discrepancies/${f.discrepancyId}/resolve`, payload: { note: 'Matrix check' } }) },
  'GET /api/payment-reminders/user/:userId':    { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/payment-reminders/user/${actors.mechanic.id}` }) },
  // The body names the mechanic and their subscription; an admin may plan one for anyone.
  'POST /api/payment-reminders':                { codes: [401, 403, 403, 201, 403, 201], request: () => ({ url: '/api/payment-reminders', payload: reminderBody() }) },
  'POST /api/payment-reminders/:id/send':       { codes: [401, 404, 404, 200, 404, 200], request: () => ({ url: `/api/payment-reminders/${f.reminderId}/send` }) },
  'GET /api/reminder-settings/:userId':         { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/reminder-settings/${actors.mechanic.id}` }) },
  'PUT /api/reminder-settings/:userId':         { codes: [401, 403, 403, 200, 403, 200], request: () => ({ url: `/api/reminder-settings/${actors.mechanic.id}`, payload: { emailEnabled: true, smsEnabled: false, pushEnabled: true, daysBefore: [7, 1] } }) },
  // Signed by the gateway: without a valid signature nobody gets in, signed in or not.
  'POST /api/payments/stripe-webhook':          { codes: [400, 400, 400, 400, 400, 400], request: () => ({ url: '/api/payments/stripe-webhook', payload: { id: 'evt_1', type: 'invoice.paid' }, headers: { 'stripe-signature': 't=1,v1=00' } }) },
  // Admins only, whatever the gateway.
  'POST /api/stripe/webhook-test':              { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/stripe/webhook-test', payload: { sessionId: 'cs_test_matrix' } }) },
  // Signed by Twilio: without a valid X-Twilio-Signature nobody gets in, signed in or not.
  'POST /api/sms/inbound':                      { codes: [403, 403, 403, 403, 403, 403], request: () => ({ url: '/api/sms/inbound', payload: Buffer.from('From=%2B12145550142&Body=STOP'), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IHNpZ25lZA==' } }) },

  // Notifications: the driver's own; nobody else, the admin included, reads or changes them.
  'GET /api/notifications':                     { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/notifications' }) },
  'PATCH /api/notifications/:id':               { codes: [401, 200, 404, 404, 404, 404], request: () => ({ url: `/api/notifications/${f.notificationIds[0]}`, payload: { read: true } }) },
  'POST /api/notifications/read-all':           { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/notifications/read-all' }) },
  'DELETE /api/notifications/:id':              { codes: [401, 204, 404, 404, 404, 404], request: () => ({ url: `/api/notifications/${f.notificationIds[1]}` }) },

  // Push: each caller subscribes a device of their own; only the driver may remove the driver's.
  'GET /api/push/public-key':                   { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/push/public-key' }) },
  'POST /api/push/subscriptions':               { codes: [401, 201, 201, 201, 201, 201], request: (as) => ({ url: '/api/push/subscriptions', payload: pushDevice(`matrix-${as.name}`) }) },
  // A row that ended the driver's sessions took the device with them: it is subscribed again first.
  'DELETE /api/push/subscriptions':             { codes: [401, 204, 404, 404, 404, 404], request: async (as) => ({ url: '/api/push/subscriptions', payload: { endpoint: as.name === 'signedOut' ? await subscribeDriverDevice() : pushDevice('driver').endpoint } }) },

  // Notification preferences: each caller reads and saves only their own.
  'GET /api/notification-preferences':          { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/notification-preferences' }) },
  'PUT /api/notification-preferences':          { codes: [401, 200, 200, 200, 200, 200], request: () => ({ url: '/api/notification-preferences', payload: { channels: defaultCategoryChoices('mechanic'), quietHours: null, timeZone: 'America/Chicago' } }) },

  // The operator's console: admins only.
  'GET /api/admin/dashboard':                   { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/dashboard' }) },
  'GET /api/admin/users':                       { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/users?role=driver' }) },
  'POST /api/admin/users/:id/suspend':          { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/users/${f.spareUserId}/suspend`, payload: { reason: 'Matrix check' } }) },
  'POST /api/admin/users/:id/reactivate':       { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/users/${f.spareUserId}/reactivate`, payload: { reason: 'Matrix check' } }) },
  'GET /api/admin/providers':                   { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/providers' }) },
  'POST /api/admin/providers':                  { codes: [401, 403, 403, 403, 403, 201], request: () => ({ url: '/api/admin/providers', payload: newAdminProvider() }) },
  'PATCH /api/admin/providers/:id':             { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/providers/${f.providerId}`, payload: { status: 'busy' } }) },
  'GET /api/admin/bookings':                    { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/bookings' }) },
  'PATCH /api/admin/bookings/:id':              { codes: [401, 403, 403, 403, 403, 200], request: async () => ({ url: `/api/admin/bookings/${await book(actors.driver, f.providerId)}`, payload: { status: 'cancelled', reason: 'Matrix check' } }) },
  'GET /api/admin/payments/disputed':           { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/payments/disputed' }) },
  'POST /api/admin/payments/:id/resolve':       { codes: [401, 403, 403, 403, 403, 200], request: async (a) => ({ url: `/api/admin/payments/${a.name === 'admin' ? await disputedPayment() : f.paymentId}/resolve`, payload: { outcome: 'paid', reason: 'Matrix check' } }) },
  'GET /api/admin/audit':                       { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/audit' }) },
  'GET /api/admin/export/bookings.csv':         { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/export/bookings.csv?from=${today()}&to=${today()}` }) },
  'GET /api/admin/export/payments.csv':         { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: `/api/admin/export/payments.csv?from=${today()}&to=${today()}` }) },
  'GET /api/admin/outbox':                      { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/outbox' }) },
  'GET /api/admin/deliveries':                  { codes: [401, 403, 403, 403, 403, 200], request: () => ({ url: '/api/admin/deliveries?channel=push' }) },
};

/**
 * GET /api/events is a stream that stays open by design, so its row is checked over a real
 * connection (see the test below) rather than through `app.inject`.
 */
/** A browser's push subscription at an https endpoint named by `name`. */
const pushDevice = (name: string) => ({
  endpoint: `https://push.example.net/send/${name}`,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
});

async function subscribeDriverDevice() {
  const response = await as(actors.driver)('POST', '/api/push/subscriptions', pushDevice('driver'));
  expect(response.statusCode, response.body).toBeLessThan(300);
  return pushDevice('driver').endpoint;
}

const STREAM_ROUTE = 'GET /api/events';
const STREAM_CODES: Codes = [200, 200, 200, 200, 200, 200];

let passwordCounter = 0;
function changePassword(a: Actor): Cell {
  passwordCounter += 1;
  const next = `quiet harbour lantern ${passwordCounter} moss`;
  return {
    url: '/api/auth/change-password',
    payload: { currentPassword: a.password, newPassword: next },
    // The new password counts from here on (signing in again after sign-out-everywhere).
    answered: (status) => {
      if (status === 200) a.password = next;
    },
  };
}

function reminderBody() {
  return {
    userId: actors.mechanic.id,
    subscriptionId: f.subscriptionId,
    dueDate: inDays(20),
    reminderDate: inDays(13),
  };
}

const actor = (
  name: ActorName,
  { account, cookie, user, ...rest }: TestAccount & { totpSecret?: string },
): Actor => ({
  name,
  cookie,
  id: user.id,
  email: account.email,
  password: account.password,
  ...(rest.totpSecret ? { totpSecret: rest.totpSecret } : {}),
});

beforeAll(async () => {
  const twilioAccount = mockTwilioAccount();
  twilio = await startMockTwilio(twilioAccount);
  t = await createTestApp({
    rateLimitPerMinute: 100_000,
    twilio: { ...twilioAccount, sender: { from: '+12145550100' }, apiUrl: twilio.url },
  });
  actors.signedOut = { name: 'signedOut', id: '', email: '', password: '' };
  const cast = await createCast(t.app);
  for (const name of ['driver', 'otherDriver', 'mechanic', 'otherMechanic', 'admin'] as const)
    actors[name] = actor(name, cast[name]);
  const spare = await signUp(t.app);
  f.spareUserId = spare.user.id;
  f.spare = { email: spare.account.email, password: spare.account.password };

  f.providerId = cast.mechanic.providerId;
  f.otherProviderId = cast.otherMechanic.providerId;

  f.bookingId = await book(actors.driver, f.providerId);
  f.inProgressBookingId = await book(actors.driver, f.providerId);
  await adminMove(f.inProgressBookingId, 'in_progress');
  f.completedBookingId = await book(actors.driver, f.providerId);
  await adminMove(f.completedBookingId, 'completed');
  f.unpaidBookingId = await book(actors.driver, f.providerId);
  await adminMove(f.unpaidBookingId, 'completed');
  const paid = await as(actors.driver)('POST', '/api/payments', {
    bookingId: f.completedBookingId,
    paymentMethod: 'cash',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  f.paymentId = JSON.parse(paid.body).payment.id;
  // Confirmed by the mechanic: a paid job with a receipt.
  const confirmed = await as(actors.mechanic)('POST', `/api/payments/${f.paymentId}/confirm-cash`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  const notes = await as(actors.driver)('GET', '/api/notifications');
  f.notificationIds = (JSON.parse(notes.body) as { id: string }[]).map((n) => n.id);
  expect(f.notificationIds.length).toBeGreaterThanOrEqual(2);

  f.subscriptionId = (await subscribe(t, actors.mechanic.cookie!, 'basic')).subscriptionId;
  const reminder = await as(actors.mechanic)('POST', '/api/payment-reminders', reminderBody());
  expect(reminder.statusCode, reminder.body).toBe(201);
  f.reminderId = JSON.parse(reminder.body).id;

  const saved = await saveCard(t, actors.driver.cookie!, cards.visa);
  f.cardId = saved.cards[0]!.id;
  const setupIntent = () => as(actors.driver)('POST', '/api/payment-methods/setup-intent');
  f.setupSecret = JSON.parse((await setupIntent()).body).clientSecret;
  f.authSecret = JSON.parse((await setupIntent()).body).clientSecret;
  const challenged = await as(actors.driver)('POST', '/api/test-gateway/confirm', {
    clientSecret: f.authSecret,
    card: card(cards.authentication),
  });
  expect(JSON.parse(challenged.body).status).toBe('requires_action');

  // A card payment of the mechanic's job (payouts set up), and a disputed one of a spare driver's.
  f.accountId = await setUpPayouts(t, actors.mechanic.cookie!);
  const cardJob = await insertCompletedJob(t, {
    driverId: actors.driver.id,
    providerId: f.providerId,
  });
  const cardPaid = await payByCard(t, actors.driver.cookie!, cardJob);
  expect(cardPaid.statusCode, cardPaid.body).toBe(201);
  f.cardPaymentId = cardPaid.json().payment.id;
  const disputeJob = await insertCompletedJob(t, {
    driverId: spare.user.id,
    providerId: f.providerId,
  });
  const disputed = await payByCard(t, spare.cookie, disputeJob, {
    saveCard: '4000 0000 0000 0259',
  });
  expect(disputed.statusCode, disputed.body).toBe(201);
  const [dispute] = await t.app.database.db.select().from(testGatewayDisputes).limit(1);
  f.testDisputeId = dispute!.id;
  const [difference] = await t.app.database.db
    .insert(ledgerDiscrepancies)
    .values({ gatewayRef: 'pi_matrix', field: 'charged', ledgerCents: 100, gatewayCents: 200 })
    .returning();
  f.discrepancyId = difference!.id;
});
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const routeKeys = () => t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);

describe('authorization matrix', () => {
  it('has a row for every API route, and no row for a route that is gone', () => {
    const routes = routeKeys();
    const rows = new Set([...Object.keys(MATRIX), STREAM_ROUTE]);
    const missing = routes.filter((key) => !rows.has(key));
    const gone = [...rows].filter((key) => !routes.includes(key));
    expect(missing.map((key) => `add a row for ${key}`)).toEqual([]);
    expect(gone.map((key) => `remove the row for ${key}: no such route`)).toEqual([]);
  });

  for (const [key, row] of Object.entries(MATRIX)) {
    it(key, async () => {
      const method = key.split(' ')[0]!;
      const got = {} as Record<ActorName, number>;
      const answers: string[] = [];
      for (const name of RUN_ORDER) {
        const actor = actors[name];
        const cookie = row.freshSession && actor.cookie ? await signIn(actor) : actor.cookie;
        const cell = await row.request(actor);
        const response = await call(method, cell, cookie);
        got[name] = response.statusCode;
        cell.answered?.(response.statusCode);
        answers.push(`${name} ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (response.statusCode === 401)
          expect(JSON.parse(response.body)).toEqual({ error: 'Please sign in to continue' });
        if (response.statusCode >= 400) {
          expect(JSON.parse(response.body), `${name}: ${response.body}`).toEqual({
            error: expect.any(String),
            ...(JSON.parse(response.body).fields ? { fields: expect.any(Object) } : {}),
          });
        }
      }
      if (row.endsSessions) {
        for (const name of ACTORS)
          if (actors[name].cookie) actors[name].cookie = await signIn(actors[name]);
      }
      const expected = Object.fromEntries(ACTORS.map((name, i) => [name, row.codes[i]]));
      expect(got, answers.join('\n')).toEqual(expected);
    });
  }

  it(STREAM_ROUTE, async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const got = {} as Record<ActorName, number>;
    for (const name of RUN_ORDER) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 5_000);
      const cookie = actors[name].cookie;
      const response = await fetch(`${base}/api/events`, {
        headers: cookie ? { cookie } : {},
        signal: controller.signal,
      });
      got[name] = response.status;
      controller.abort();
      clearTimeout(timer);
    }
    const expected = Object.fromEntries(ACTORS.map((name, i) => [name, STREAM_CODES[i]]));
    expect(got).toEqual(expected);
  });
});
