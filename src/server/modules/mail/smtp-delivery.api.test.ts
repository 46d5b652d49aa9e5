import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.ts';
import { insertOwnedProvider } from '../../test/providers.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

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
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mailQueueIntervalMs: 200,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const deliveredTo = (address: string) => received.filter((m) => m.to.includes(address));

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
    const [row] = await t.app.database.db
      .select({ delivery: outboxEmails.delivery })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, me.account.email));
    expect(row?.delivery).toBe('sent');
  });

  it('delivers the notification emails queued inside a booking’s transaction', async () => {
    const driver = await signUp(t.app);
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id);
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
      payload: { providerId: provider.id, serviceType: 'Brake Repair', preferredTime: 'asap' },
    });
    expect(booked.statusCode).toBe(201);

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
          .where(eq(outboxEmails.to, mechanic.account.email));
        return row?.delivery;
      })
      .toBe('sent');
  });
});
