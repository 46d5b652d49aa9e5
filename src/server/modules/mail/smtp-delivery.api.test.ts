import type { AddressInfo } from 'node:net';
import { and, eq, ne } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.ts';
import { createCast } from '../../test/cast.ts';
import { confirmContacts, createTestApp, drainDeliveries, signUp } from '../../test/test-app.ts';
import { CONFIRM_EMAIL_SUBJECT } from '../contacts/contacts.service.ts';
import { createMailer } from './mailer.ts';

/** A real SMTP server on loopback that keeps what it receives. */
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

let t: Awaited<ReturnType<typeof createTestApp>>;
let smtpUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  t = await createTestApp({
    smtpUrl,
    mailQueueIntervalMs: 200,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** What reached an address over SMTP, but the link that confirms it, mailed at sign-up. */
const deliveredTo = (address: string) =>
  received.filter(
    (m) => m.to.includes(address) && !m.data.includes(`Subject: ${CONFIRM_EMAIL_SUBJECT}`),
  );
/** A received message's text with quoted-printable soft line breaks and `=` undone. */
const plain = (data: string) => data.replaceAll('=\r\n', '').replaceAll('=3D', '=');
const outboxText = async (to: string) =>
  (
    await t.app.database.db
      .select({ text: outboxEmails.text, delivery: outboxEmails.delivery })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), ne(outboxEmails.subject, CONFIRM_EMAIL_SUBJECT)))
  )[0];

describe('email with SMTP configured', () => {
  it('sends a password reset at once and marks it sent', async () => {
    const me = await signUp(t.app);
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: me.account.email },
    });
    expect(response.statusCode).toBeLessThan(300);
    await expect.poll(() => deliveredTo(me.account.email).length).toBe(1);
    expect(deliveredTo(me.account.email)[0]!.data).toMatch(/reset/i);
    const token = /reset-password\?token=([\w-]+)/.exec(
      plain(deliveredTo(me.account.email)[0]!.data),
    )?.[1];
    expect(token).toBeDefined();
    await expect.poll(async () => (await outboxText(me.account.email))?.delivery).toBe('sent');
    // Delivered: the outbox keeps the email, but not a link that still works.
    const row = await outboxText(me.account.email);
    expect(row?.text).toContain('/reset-password?token=[redacted]');
    expect(row?.text).not.toContain(token);
  });

  it('delivers the notification emails queued inside a booking’s transaction', async () => {
    const { driver, mechanic } = await createCast(t.app);
    await Promise.all([driver, mechanic].map((who) => confirmContacts(t.app, who.user.id)));
    await t.api({
      method: 'PATCH',
      url: `/api/users/${mechanic.user.id}`,
      headers: { cookie: mechanic.cookie },
      payload: { settings: { emailUpdates: true } },
    });
    const booked = await t.api({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: driver.cookie },
      payload: {
        providerId: mechanic.providerId,
        serviceType: 'Brake Repair',
        preferredTime: 'asap',
      },
    });
    expect(booked.statusCode).toBe(201);
    await drainDeliveries(t.app);

    await expect.poll(() => deliveredTo(mechanic.account.email).length).toBe(1);
    expect(deliveredTo(mechanic.account.email)[0]!.data).toContain(
      'Subject: Truck Finder: New booking request',
    );
    expect(deliveredTo(driver.account.email)).toEqual([]);
    await expect
      .poll(async () => {
        const [row] = await t.app.database.db
          .select({ delivery: outboxEmails.delivery })
          .from(outboxEmails)
          .where(
            and(
              eq(outboxEmails.to, mechanic.account.email),
              ne(outboxEmails.subject, CONFIRM_EMAIL_SUBJECT),
            ),
          );
        return row?.delivery;
      })
      .toBe('sent');
  });
});

describe('a sensitive email (a one-time link)', () => {
  const token = 'oneTimeTokenValue_abcdefghijklmnopqrstuvwxyz0123';
  const message = (to: string) => ({
    to,
    subject: 'Reset your Truck Finder password',
    text: `To choose a new password, open:\n\nhttp://localhost:5000/reset-password?token=${token}\n\nThanks.`,
    sensitive: true,
  });

  it('is delivered whole over SMTP and kept in the outbox with its token redacted', async () => {
    const mailer = createMailer(t.app.database.db, {
      smtpUrl,
      from: t.config.mailFrom,
      log: t.app.log,
    });
    const to = 'sensitive-smtp@example.com';
    await mailer.send(message(to));

    expect(deliveredTo(to)).toHaveLength(1);
    expect(plain(deliveredTo(to)[0]!.data)).toContain(`/reset-password?token=${token}`);
    const row = await outboxText(to);
    expect(row?.delivery).toBe('sent');
    expect(row?.text).toContain('http://localhost:5000/reset-password?token=[redacted]');
    expect(row?.text).not.toContain(token);
  });

  it('stays readable in the outbox when the outbox is the only mailbox (no SMTP)', async () => {
    const mailer = createMailer(t.app.database.db, {
      smtpUrl: undefined,
      from: t.config.mailFrom,
      log: t.app.log,
    });
    const to = 'sensitive-outbox@example.com';
    await mailer.send(message(to));
    const row = await outboxText(to);
    expect(row?.delivery).toBe('outbox');
    expect(row?.text).toContain(`/reset-password?token=${token}`);
  });
});

describe('an email with an attachment', () => {
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(3000, 7),
    Buffer.from('%%EOF'),
  ]);
  const message = (to: string) => ({
    to,
    subject: 'Your Truck Finder receipt',
    text: 'Your receipt is attached.',
    attachments: [
      {
        filename: 'truck-finder-receipt-TF-0000ABCD.pdf',
        contentType: 'application/pdf',
        content: pdf,
      },
    ],
  });
  /** The base64 body of a received multipart message's part named `filename`, decoded. */
  const attached = (data: string, filename: string) => {
    const start = data.indexOf(`filename=${filename}`);
    expect(start, 'the message has the attachment').toBeGreaterThan(-1);
    const part = data.slice(start);
    const body = part.slice(part.indexOf('\r\n\r\n') + 4, part.indexOf('\r\n--'));
    return Buffer.from(body.replaceAll('\r\n', ''), 'base64');
  };
  const storedAttachments = async (to: string) =>
    (
      await t.app.database.db
        .select({ attachments: outboxEmails.attachments, delivery: outboxEmails.delivery })
        .from(outboxEmails)
        .where(eq(outboxEmails.to, to))
    )[0];
  const smtpMailer = () =>
    createMailer(t.app.database.db, { smtpUrl, from: t.config.mailFrom, log: t.app.log });

  it('is delivered over SMTP as a multipart message carrying the file, and kept in the outbox', async () => {
    const to = 'attachment-send@example.com';
    await smtpMailer().send(message(to));

    // The app's own queue (every 200 ms here) may claim it before this send does: either sends it.
    await expect.poll(() => deliveredTo(to).length).toBe(1);
    const { data } = deliveredTo(to)[0]!;
    expect(data).toMatch(/Content-Type: multipart\/mixed/);
    expect(data).toMatch(/Content-Type: application\/pdf/);
    expect(attached(data, 'truck-finder-receipt-TF-0000ABCD.pdf').equals(pdf)).toBe(true);
    const row = await storedAttachments(to);
    expect(row?.delivery).toBe('sent');
    expect(row?.attachments).toEqual([
      {
        filename: 'truck-finder-receipt-TF-0000ABCD.pdf',
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
      },
    ]);
  });

  it('is sent with its file by sendNow (the delivery queue’s way)', async () => {
    const to = 'attachment-now@example.com';
    await smtpMailer().sendNow(message(to));
    expect(deliveredTo(to)).toHaveLength(1);
    expect(attached(deliveredTo(to)[0]!.data, 'truck-finder-receipt-TF-0000ABCD.pdf')).toEqual(pdf);
    expect((await storedAttachments(to))?.attachments?.[0]?.content).toBe(pdf.toString('base64'));
  });

  it('waits in the outbox without SMTP and goes out with its file once SMTP delivers the queue', async () => {
    const to = 'attachment-queued@example.com';
    const outboxOnly = createMailer(t.app.database.db, {
      smtpUrl: undefined,
      from: t.config.mailFrom,
      log: t.app.log,
    });
    await outboxOnly.sendNow(message(to));

    // The app's own queue (every 200 ms here) or this call sends it, whichever claims it first.
    await smtpMailer().deliverQueued();
    await expect.poll(() => deliveredTo(to).length).toBe(1);
    expect(attached(deliveredTo(to)[0]!.data, 'truck-finder-receipt-TF-0000ABCD.pdf')).toEqual(pdf);
    await expect.poll(async () => (await storedAttachments(to))?.delivery).toBe('sent');
  });

  it('is listed in the admin outbox by name and size, never its content', async () => {
    const to = 'attachment-listed@example.com';
    await smtpMailer().send(message(to));
    const { admin } = await createCast(t.app);
    const response = await t.api({
      method: 'GET',
      url: `/api/admin/outbox?to=${encodeURIComponent(to)}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        subject: 'Your Truck Finder receipt',
        attachments: [
          {
            filename: 'truck-finder-receipt-TF-0000ABCD.pdf',
            contentType: 'application/pdf',
            size: pdf.length,
          },
        ],
      }),
    ]);
    expect(response.body).not.toContain(pdf.toString('base64').slice(0, 40));
  });
});
