import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd, fromCents } from '../../../core/money.ts';
import { VIN_MESSAGE } from '../../../core/users/schemas.ts';
import { vehicleDetailsOf } from '../../../core/users/vehicles.ts';
import { bookings, outboxEmails, paymentRefunds, payments } from '../../db/schema/index.ts';
import { saveCard, subscribe } from '../../test/billing.ts';
import { createCast, type Cast } from '../../test/cast.ts';
import { embeddedFonts, pdfText } from '../../test/pdf-text.ts';
import { cards, insertCompletedJob, payByCard, setUpPayouts } from '../../test/payouts.ts';
import {
  confirmContacts,
  createTestApp,
  drainDeliveries,
  type TestAccount,
} from '../../test/test-app.ts';
import { receiptNumber } from './billing.repository.ts';

/**
 * A PDF's text as a phone shows it, its line breaks as spaces. PDF.js splits a kerned run ("27,")
 * into two pieces, which `pdfText` joins with a space: none is drawn before a comma or a period.
 */
const readPdf = async (bytes: Uint8Array) =>
  (await pdfText(bytes)).replace(/\s+/g, ' ').replace(/ ([,.])/g, '$1');

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let cast: Cast;

const business = {
  businessName: 'Lone Star Diesel Repair',
  address: '1200 Commerce St',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75202',
  phone: '(214) 555-0142',
  visitFee: 90,
};
const truck = {
  id: 'truck-1',
  type: 'truck' as const,
  make: 'Peterbilt',
  model: '579',
  year: '2019',
  tireSize: '295/75R22.5',
  tireType: 'commercial' as const,
  licensePlate: 'TX 4KD-2291',
  vin: '1XPBD49X1KD123456',
};

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app, {
    provider: business,
    accounts: { driver: { name: 'Marcus Johnson' } },
  });
  await saveCard(t, cast.driver.cookie, cards.visa);
  await setUpPayouts(t, cast.mechanic.cookie);
});
afterAll(() => t.close());

const receiptPdf = (cookie: string | undefined, id: string) =>
  t.api({
    method: 'GET',
    url: `/api/payments/${id}/receipt.pdf`,
    headers: cookie ? { cookie } : {},
  });

const paymentRow = async (id: string) =>
  (await t.app.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** A completed job at the Dallas business on the driver's Peterbilt, paid by card or not yet. */
async function job(who: Cast, actualCost: number | null = null) {
  const bookingId = await insertCompletedJob(
    t,
    { driverId: who.driver.user.id, providerId: who.mechanic.providerId },
    actualCost,
  );
  await t.app.database.db
    .update(bookings)
    .set({ vehicleDetails: vehicleDetailsOf(truck), location: 'I-35E exit 428, Dallas, TX' })
    .where(eq(bookings.id, bookingId));
  return bookingId;
}

async function paidByCard(actualCost: number | null = null) {
  const bookingId = await job(cast, actualCost);
  const paid = await payByCard(t, cast.driver.cookie, bookingId);
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().payment.id as string;
}

/** Turns on notification emails for an account (confirmed address, email updates on). */
async function wantsEmail(who: TestAccount) {
  await confirmContacts(t.app, who.user.id);
  const on = await t.api({
    method: 'PATCH',
    url: `/api/users/${who.user.id}`,
    headers: { cookie: who.cookie },
    payload: { settings: { emailUpdates: true } },
  });
  expect(on.statusCode, on.body).toBe(200);
}

describe('GET /api/payments/:id/receipt.pdf — the job receipt', () => {
  it('prints the business, the truck, the job and every amount of the payment row', async () => {
    const id = await paidByCard();
    const row = await paymentRow(id);
    const response = await receiptPdf(cast.driver.cookie, id);

    expect(response.statusCode, response.body).toBe(200);
    const number = receiptNumber(row.number);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="truck-finder-receipt-${number}.pdf"`,
    );
    // No cache keeps it (the app's hook answers `no-store` on every signed-in route).
    expect(response.headers['cache-control']).toMatch(/no-store/);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await readPdf(bytes);
    const [booking] = await t.app.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, row.bookingId!));
    const feeCents = row.platformFeeCents!;
    expect(feeCents).toBe(900);
    for (const line of [
      'Truck Finder',
      'Receipt',
      `Receipt number ${number}`,
      business.businessName,
      business.address,
      'Dallas, TX 75202',
      business.phone,
      'Marcus Johnson',
      `Truck ${booking!.vehicleDetails}`,
      'plate TX 4KD-2291',
      'VIN 1XPBD49X1KD123456',
      'Service Brake Repair',
      'Location I-35E exit 428, Dallas, TX',
      `Visit fee ${formatUsd(booking!.visitFee!)}`,
      `Platform fee (10%) ${formatUsd(fromCents(feeCents))}`,
      `Total ${formatUsd(row.amount)}`,
      `Payment method Visa ending in ${row.cardLast4}`,
      'Test mode — no real money moved',
    ])
      expect(text).toContain(line);
    expect(row.amount).toBe(booking!.visitFee! + fromCents(feeCents));
    expect(embeddedFonts(bytes).some((font) => font.includes('Inter'))).toBe(true);
  });

  it('itemises the actual cost, and lists refunds with what was paid net', async () => {
    const id = await paidByCard(200);
    const refunded = await t.api({
      method: 'POST',
      url: `/api/payments/${id}/refund`,
      headers: { cookie: cast.mechanic.cookie },
      payload: { amount: 55, reason: 'Part not needed' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const row = await paymentRow(id);
    const [refund] = await t.app.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, id));

    const text = await readPdf((await receiptPdf(cast.driver.cookie, id)).rawPayload);
    const base = row.amount - fromCents(row.platformFeeCents!);
    expect(base).toBe(200);
    expect(text).toContain(`Job cost ${formatUsd(base)}`);
    expect(text).toContain(`Platform fee (10%) ${formatUsd(fromCents(row.platformFeeCents!))}`);
    expect(text).toContain(`Total ${formatUsd(row.amount)}`);
    expect(text).toContain(`−${formatUsd(fromCents(refund!.amountCents))}`);
    expect(text).toContain(`Net paid ${formatUsd(row.amount - fromCents(refund!.amountCents))}`);
  });

  it('is the driver’s, the job’s provider’s and an admin’s to read; anyone else is told it does not exist', async () => {
    const id = await paidByCard();
    for (const who of [cast.driver, cast.mechanic, cast.admin])
      expect((await receiptPdf(who.cookie, id)).statusCode).toBe(200);
    for (const who of [cast.otherDriver, cast.otherMechanic]) {
      const refused = await receiptPdf(who.cookie, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ error: 'Payment not found' });
    }
    expect((await receiptPdf(undefined, id)).statusCode).toBe(401);
    expect((await receiptPdf(cast.driver.cookie, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('refuses an id that is not one with 400 and the JSON error', async () => {
    const response = await receiptPdf(cast.driver.cookie, 'not-a-payment');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ error: expect.any(String) });
  });
});

describe('a cash payment', () => {
  it('has no receipt until the provider confirms it, then a cash receipt emailed with its PDF', async () => {
    await wantsEmail(cast.driver);
    const bookingId = await job(cast);
    const paid = await t.api({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: cast.driver.cookie },
      payload: { bookingId, paymentMethod: 'cash' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const id = paid.json().payment.id as string;

    const early = await receiptPdf(cast.driver.cookie, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error: 'No receipt yet: the provider has not confirmed this cash payment',
    });

    const confirmed = await t.api({
      method: 'POST',
      url: `/api/payments/${id}/confirm-cash`,
      headers: { cookie: cast.mechanic.cookie },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await paymentRow(id);
    const text = await readPdf((await receiptPdf(cast.driver.cookie, id)).rawPayload);
    expect(text).toContain('Payment method Cash');
    expect(text).toContain(`Visit fee ${formatUsd(business.visitFee)}`);
    expect(text).toContain(`Platform fee (10%) ${formatUsd(row.amount - business.visitFee)}`);
    expect(text).toContain(`Total ${formatUsd(row.amount)}`);

    await drainDeliveries(t.app);
    const [email] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.to, cast.driver.account.email),
          eq(outboxEmails.subject, 'Truck Finder: Cash payment confirmed'),
        ),
      );
    expect(email?.text).toContain('Your receipt is ready');
    const filename = `truck-finder-receipt-${receiptNumber(row.number)}.pdf`;
    expect(email?.attachments).toEqual([
      { filename, contentType: 'application/pdf', content: expect.any(String) },
    ]);
    const attached = await readPdf(Buffer.from(email!.attachments![0]!.content, 'base64'));
    expect(attached).toContain(`Total ${formatUsd(row.amount)}`);
    expect(attached).toContain(receiptNumber(row.number));
  });
});

describe('the provider’s plan invoice', () => {
  it('prints the plan, its period and amount, is emailed to the provider, and is theirs alone', async () => {
    await wantsEmail(cast.otherMechanic);
    await subscribe(t, cast.otherMechanic.cookie, 'premium');
    await drainDeliveries(t.app);
    const [row] = await t.app.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.userId, cast.otherMechanic.user.id), isNotNull(payments.subscriptionId)),
      );
    expect(row?.status).toBe('completed');

    const response = await receiptPdf(cast.otherMechanic.cookie, row!.id);
    expect(response.statusCode, response.body).toBe(200);
    const text = await readPdf(response.rawPayload);
    const number = receiptNumber(row!.number);
    const day = (date: Date) =>
      date.toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
    for (const line of [
      'Invoice',
      `Invoice number ${number}`,
      'Premium plan — monthly',
      `Period ${day(row!.periodStart!)} – ${day(row!.periodEnd!)}`,
      `Amount ${formatUsd(row!.amount)}`,
      `Payment method Visa ending in ${row!.cardLast4}`,
      `Date paid ${day(row!.createdAt)}`,
    ])
      expect(text).toContain(line);
    expect(embeddedFonts(response.rawPayload).some((font) => font.includes('Inter'))).toBe(true);

    for (const who of [cast.driver, cast.mechanic])
      expect((await receiptPdf(who.cookie, row!.id)).statusCode).toBe(404);

    const [email] = await t.app.database.db
      .select({ attachments: outboxEmails.attachments })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.to, cast.otherMechanic.account.email),
          eq(outboxEmails.subject, 'Truck Finder: Subscription active'),
        ),
      );
    expect(email?.attachments?.map((a) => a.filename)).toEqual([
      `truck-finder-receipt-${number}.pdf`,
    ]);
  });
});

describe('a vehicle’s plate and VIN', () => {
  const save = (vehicle: object) =>
    t.api({
      method: 'PATCH',
      url: `/api/users/${cast.driver.user.id}`,
      headers: { cookie: cast.driver.cookie },
      payload: { vehicleInfo: { vehicles: [vehicle] } },
    });

  it('are saved with the vehicle, the VIN upper-cased', async () => {
    const saved = await save({ ...truck, vin: '1xpbd49x1kd123456' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().vehicleInfo.vehicles[0]).toMatchObject({
      licensePlate: 'TX 4KD-2291',
      vin: '1XPBD49X1KD123456',
    });
  });

  it.each([
    ['vin', '1XPBD49X1KD12345', VIN_MESSAGE],
    ['vin', '1XPBD49X1KD12345O', VIN_MESSAGE],
    ['licensePlate', 'TX 4KD-2291-ABCDE', 'License plate must be at most 15 characters'],
    ['licensePlate', 'TX#4KD', 'License plate may hold only letters, digits, spaces and dashes'],
  ])('refuses %s = %j with 400 "%s"', async (field, value, message) => {
    const refused = await save({ ...truck, [field]: value });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: message });
  });
});

describe('the receipt email over SMTP', () => {
  const received: { to: string[]; data: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  let mailing: TestApp;
  let people: Cast;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mailing = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
    people = await createCast(mailing.app, { provider: business });
  });
  afterAll(async () => {
    await mailing.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('carries the receipt PDF as an attachment', async () => {
    const { driver, mechanic } = people;
    await confirmContacts(mailing.app, driver.user.id);
    await mailing.api({
      method: 'PATCH',
      url: `/api/users/${driver.user.id}`,
      headers: { cookie: driver.cookie },
      payload: { settings: { emailUpdates: true } },
    });
    const bookingId = await insertCompletedJob(mailing, {
      driverId: driver.user.id,
      providerId: mechanic.providerId,
    });
    const paid = await mailing.api({
      method: 'POST',
      url: '/api/payments',
      headers: { cookie: driver.cookie },
      payload: { bookingId, paymentMethod: 'cash' },
    });
    const id = paid.json().payment.id as string;
    const confirmed = await mailing.api({
      method: 'POST',
      url: `/api/payments/${id}/confirm-cash`,
      headers: { cookie: mechanic.cookie },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await drainDeliveries(mailing.app);

    const [row] = await mailing.app.database.db.select().from(payments).where(eq(payments.id, id));
    const filename = `truck-finder-receipt-${receiptNumber(row!.number)}.pdf`;
    const message = received.find(
      (m) =>
        m.to.includes(driver.account.email) &&
        m.data.includes('Subject: Truck Finder: Cash payment confirmed'),
    );
    expect(message, 'the receipt email reached the mail server').toBeDefined();
    expect(message!.data).toMatch(/Content-Type: multipart\/mixed/);
    expect(message!.data).toContain(`filename=${filename}`);
    const part = message!.data.slice(message!.data.indexOf(`filename=${filename}`));
    const body = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
    const pdf = Buffer.from(body.replaceAll('\r\n', ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await readPdf(pdf)).toContain(`Total ${formatUsd(row!.amount)}`);
  });
});
