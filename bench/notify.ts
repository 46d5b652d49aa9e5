/**
 * Notification latency benchmark: `npm run bench:notify [-- --bookings 200 --providers 20]`.
 *
 * Creates a throw-away database `tf_bench_notify_<random>` on the PostgreSQL server of
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), builds the real app on
 * it with its jobs running (the delivery queue's dispatcher listens for new deliveries), listening
 * on 127.0.0.1, and an in-process mock push service (web-push-testing: it checks the VAPID
 * signature and decrypts each message). Each provider has one device subscribed and the events
 * stream (GET /api/events) open. Drivers then book, one booking at a time, round the providers;
 * for each booking it times, from just before POST /api/bookings is sent:
 *
 * - push: until the push service accepted the encrypted message (201) for that booking's tag;
 * - SSE: until the provider's open events stream received the booking's notification.
 *
 * Both are measured for the same bookings in the same run, so push ÷ SSE is the figure to compare
 * across machines. The database is dropped at the end. See docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { startMockPushService } from '../src/server/test/mock-push-server.ts';
import { insertOwnedProvider } from '../src/server/test/providers.ts';
import type { PushMessage } from '../src/core/push.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import { ms, summarize, table } from './lib/stats.ts';
import { openTimedStream } from './notify/timed-stream.ts';

const { values: args } = parseArgs({
  options: {
    bookings: { type: 'string', default: '200' },
    providers: { type: 'string', default: '20' },
  },
});
const BOOKINGS = Number(args.bookings);
const PROVIDERS = Number(args.providers);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Sample {
  pushMs: number;
  sseMs: number;
}

async function benchmark(url: string): Promise<Sample[]> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
    RUN_JOBS: 'true',
    DATA_DIR: 'memory://',
    DATABASE_URL: url,
    RATE_LIMIT_PER_MINUTE: '100000000',
    ROUTE_RATE_LIMIT_SCALE: '1000',
  });
  const app = await buildApp(config);
  const mock = await startMockPushService();
  const streams: Awaited<ReturnType<typeof openTimedStream>>[] = [];
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    // The push service's acceptance, per tag: the sender resolves once it answered.
    const accepted = new Map<string, number>();
    const pushToUser = app.push.pushToUser.bind(app.push);
    app.push.pushToUser = async (userId: string, message: PushMessage) => {
      const outcomes = await pushToUser(userId, message);
      if (outcomes.some((o) => o.result === 'sent')) accepted.set(message.tag, performance.now());
      return outcomes;
    };

    const signUp = async (role: 'driver' | 'mechanic', i: number) => {
      const tag = `${role}${i}${randomBytes(3).toString('hex')}`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: tag,
          email: `${tag}@example.com`,
          password: 'correct horse battery',
          name: `Bench ${role} ${i}`,
          phone: '(214) 555-0100',
          role,
        },
      });
      if (response.statusCode !== 201) throw new Error(`sign-up: ${response.body}`);
      const cookie = response.cookies.find((c) => c.name.endsWith('tf_session'))!;
      return {
        id: response.json<{ user: { id: string } }>().user.id,
        cookie: `${cookie.name}=${cookie.value}`,
      };
    };

    progress(`signing up ${PROVIDERS} providers with a device and an open events stream`);
    const providers = [];
    for (let i = 0; i < PROVIDERS; i++) {
      const owner = await signUp('mechanic', i);
      const business = await insertOwnedProvider(app.database.db, owner.id, {
        businessName: `Bench Repair ${i}`,
      });
      const device = await mock.subscribe(app.push.publicKey());
      const subscribed = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: owner.cookie },
        payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
      });
      if (subscribed.statusCode !== 201) throw new Error(`subscribe: ${subscribed.body}`);
      const stream = await openTimedStream(base, owner.cookie);
      streams.push(stream);
      providers.push({ owner, providerId: business.id, stream });
    }
    // A driver books at most 10 an hour (user-limits.ts): enough drivers for every booking.
    const drivers = [];
    for (let i = 0; i < Math.ceil(BOOKINGS / 8); i++) drivers.push(await signUp('driver', i));

    progress(`booking ${BOOKINGS} times, one at a time`);
    const samples: Sample[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const provider = providers[i % providers.length]!;
      const driver = drivers[Math.floor(i / 8)]!;
      const start = performance.now();
      const response = await fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: { cookie: driver.cookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({
          providerId: provider.providerId,
          serviceType: 'Brake Repair',
          preferredTime: 'asap',
          truckLocation: i % 3 === 0 ? 'shoulder' : 'parking',
          description: `Bench booking ${i}`,
        }),
      });
      if (response.status !== 201) throw new Error(`booking ${i}: ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      const sseAt = await provider.stream.when(
        (event) =>
          event.type === 'notification' &&
          (event.data as { metadata?: { bookingId?: string } }).metadata?.bookingId === id,
      );
      const deadline = Date.now() + 15_000;
      while (!accepted.has(`booking-${id}`)) {
        if (Date.now() > deadline) throw new Error(`booking ${i}: no push within 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      samples.push({ pushMs: accepted.get(`booking-${id}`)! - start, sseMs: sseAt - start });
      if ((i + 1) % 50 === 0) progress(`${i + 1} bookings`);
    }
    return samples;
  } finally {
    for (const stream of streams) stream.close();
    await mock.close();
    await app.close();
  }
}

async function main() {
  console.log(
    `Notification latency: ${BOOKINGS} bookings round ${PROVIDERS} providers, each with one device and an open events stream`,
  );
  const samples = await withScratchDatabase(SERVER_URL, benchmark, {
    name: `tf_bench_notify_${randomBytes(4).toString('hex')}`,
  });
  const push = summarize(samples.map((s) => s.pushMs));
  const sse = summarize(samples.map((s) => s.sseMs));
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    table([
      ['booking created →', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        'push accepted by the push service',
        ms(push.p50, 1),
        ms(push.p95, 1),
        ms(push.p99, 1),
        ms(push.max, 1),
      ],
      [
        'notification on the events stream (SSE)',
        ms(sse.p50, 1),
        ms(sse.p95, 1),
        ms(sse.p99, 1),
        ms(sse.max, 1),
      ],
      [
        'push ÷ SSE',
        ratio(push.p50, sse.p50),
        ratio(push.p95, sse.p95),
        ratio(push.p99, sse.p99),
        ratio(push.max, sse.max),
      ],
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
