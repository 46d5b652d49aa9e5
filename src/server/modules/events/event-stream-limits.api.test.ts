import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from '../../db/schema/index.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { createTestApp, signUp } from '../../test/test-app.ts';

const HEARTBEAT_MS = 150;
const MAX_PER_USER = 2;
const MAX_PER_ADDRESS = 6;

let t: Awaited<ReturnType<typeof createTestApp>>;
let baseUrl: string;
type Stream = Awaited<ReturnType<typeof openEventStream>>;
let streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      events: {
        heartbeatMs: HEARTBEAT_MS,
        maxPerUser: MAX_PER_USER,
        maxPerAddress: MAX_PER_ADDRESS,
      },
    },
  );
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const stream of streams) stream.close();
  streams = [];
});
afterAll(async () => {
  await t.close();
});

/**
 * Opens a stream, waiting out the slots of streams a previous test closed a moment ago (as long
 * as the test's own time allows: a busy machine frees them later).
 */
async function open(cookie?: string): Promise<Stream> {
  for (;;) {
    try {
      const stream = await openEventStream(baseUrl, cookie);
      streams.push(stream);
      return stream;
    } catch (error) {
      if (!String(error).includes('429')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A request for one more stream, read as far as its status and (for a refusal) its body. */
async function tryOpen(cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  if (response.status === 200) {
    controller.abort();
    return { status: 200, body: null };
  }
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The token of the reset link in the outbox (the mailbox when no SMTP server is set). */
async function resetTokenSentTo(address: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const emails = await t.app.database.db
      .select({ text: outboxEmails.text })
      .from(outboxEmails)
      .where(eq(outboxEmails.to, address));
    const token = emails
      .map((email) => /reset-password\?token=([\w-]+)/.exec(email.text)?.[1])
      .find(Boolean);
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no reset email to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/events: streams end with their session', () => {
  it('closes a stream at the next heartbeat once its user signs out', async () => {
    const driver = await signUp(t.app);
    const stream = await open(driver.cookie);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 2));
    expect(stream.ended).toBe(false);

    const out = await t.api({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: driver.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await stream.next('signed-out')).toEqual({ reason: 'session-ended' });
    await stream.ends();
  });

  it('closes a stream once a password reset ended its session', async () => {
    const driver = await signUp(t.app);
    const stream = await open(driver.cookie);
    await t.api({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: driver.account.email },
    });
    const token = await resetTokenSentTo(driver.account.email);
    const reset = await t.api({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'violet tractor canyon 1987 mosaic' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    expect(await stream.next('signed-out')).toEqual({ reason: 'session-ended' });
    await stream.ends();
  });

  it("closes a stream when its user's role changed", async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const stream = await open(mechanic.cookie);
    await t.app.database.db
      .update(users)
      .set({ role: 'driver' })
      .where(eq(users.id, mechanic.user.id));
    expect(await stream.next('signed-out')).toEqual({ reason: 'session-ended' });
    await stream.ends();
  });

  it('keeps a live session’s stream and a signed-out visitor’s stream open', async () => {
    const driver = await signUp(t.app);
    const [mine, anonymous] = await Promise.all([open(driver.cookie), open()]);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 4));
    expect(mine.ended).toBe(false);
    expect(anonymous.ended).toBe(false);
    expect(mine.received).toEqual([]);
  });
});

describe('GET /api/events: caps', () => {
  it(`refuses a user's stream beyond ${MAX_PER_USER} with 429, and takes one again after a close`, async () => {
    const driver = await signUp(t.app);
    const first = await open(driver.cookie);
    await open(driver.cookie);
    const refused = await tryOpen(driver.cookie);
    expect(refused).toEqual({ status: 429, body: { error: expect.any(String) } });

    // Another user from the same address is not affected.
    const other = await signUp(t.app);
    await open(other.cookie);

    first.close();
    await expect.poll(async () => (await tryOpen(driver.cookie)).status).toBe(200);
  });

  it(`refuses an address's stream beyond ${MAX_PER_ADDRESS} with 429`, async () => {
    const held: AbortController[] = [];
    let refused: { status: number; body: unknown } | undefined;
    try {
      while (!refused && held.length <= MAX_PER_ADDRESS) {
        const controller = new AbortController();
        const response = await fetch(`${baseUrl}/api/events`, { signal: controller.signal });
        if (response.status === 200) held.push(controller);
        else refused = { status: response.status, body: await response.json() };
      }
    } finally {
      for (const controller of held) controller.abort();
    }
    // Streams an earlier test closed a moment ago may still hold a slot or two.
    expect(held.length).toBeLessThanOrEqual(MAX_PER_ADDRESS);
    expect(refused).toEqual({ status: 429, body: { error: expect.any(String) } });
  });
});
