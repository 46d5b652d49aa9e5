/**
 * The load benchmarks' people and mix (bench/load.ts): 80 % searches, 5 % booking reads, 5 %
 * booking lists, 5 % new bookings (Idempotency-Key), 5 % status changes.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { serviceOptionsFor, type ServiceType } from '../../src/core/providers/catalog.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { fillProviders } from '../../src/server/test/fill-providers.ts';
import { signIn, type AppServer } from '../../scripts/lib/app-server.ts';
import type { Shot } from './open-loop.ts';
import { prng, searchPoint } from './points.ts';
import { progress } from './scratch.ts';
import { int } from './stats.ts';

// ---------------------------------------------------------------------------------------------
// The people and the mix

export interface Driver {
  cookie: string;
  /** A made-up client address: the server trusts 127.0.0.1 as its proxy. */
  address: string;
  bookings: string[];
}

export interface Mechanic {
  cookie: string;
  address: string;
  providerId: string;
  serviceType: string;
}

export interface Pending {
  id: string;
  mechanic: Mechanic;
}

export type Operation = 'search' | 'read' | 'list' | 'book' | 'decline';
export const OPERATIONS: Operation[] = ['search', 'read', 'list', 'book', 'decline'];

export interface Mix {
  drivers: Driver[];
  mechanics: Mechanic[];
  pending: Pending[];
  searchPaths: string[];
}

/** Per operation: answers by status (0 = no answer), and how many of each were sent. */
export type Tally = Record<Operation, Map<number, number>>;
export const newTally = (): Tally =>
  Object.fromEntries(OPERATIONS.map((op) => [op, new Map<number, number>()])) as Tally;

const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const bookingBody = (mechanic: Mechanic) =>
  JSON.stringify({
    providerId: mechanic.providerId,
    serviceType: serviceOptionsFor(mechanic.serviceType as ServiceType)[0],
    description: 'Load benchmark booking',
    preferredTime: 'asap',
  });

/** The next request of the mix; it also keeps the pools of bookings up to date as answers come. */
export function mixer(
  mix: Mix,
  rand: () => number,
  tally: Tally,
  /** Every request of this one kind (the capacity run's cost of each kind), else the mix. */
  only?: Operation,
): () => Shot {
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!;
  const count = (op: Operation) => (status: number) => {
    tally[op].set(status, (tally[op].get(status) ?? 0) + 1);
  };
  return (): Shot => {
    const roll = rand();
    const mixed: Operation =
      roll < 0.8
        ? 'search'
        : roll < 0.85
          ? 'read'
          : roll < 0.9
            ? 'list'
            : roll < 0.95
              ? 'book'
              : 'decline';
    let op = only ?? mixed;
    if (op === 'decline' && mix.pending.length === 0) op = 'book';
    const driver = pick(mix.drivers);
    if (op === 'read' && driver.bookings.length === 0) op = 'list';
    const asDriver = { cookie: driver.cookie, 'x-forwarded-for': driver.address };
    switch (op) {
      case 'search':
        return {
          method: 'GET',
          path: pick(mix.searchPaths),
          headers: { 'x-forwarded-for': driver.address },
          onAnswer: count(op),
        };
      case 'read':
        return {
          method: 'GET',
          path: `/api/bookings/${pick(driver.bookings)}`,
          headers: asDriver,
          onAnswer: count(op),
        };
      case 'list':
        return { method: 'GET', path: '/api/bookings', headers: asDriver, onAnswer: count(op) };
      case 'book': {
        const mechanic = pick(mix.mechanics);
        return {
          method: 'POST',
          path: '/api/bookings',
          headers: {
            ...asDriver,
            'content-type': 'application/json',
            'idempotency-key': `load-${randomBytes(12).toString('hex')}`,
          },
          body: bookingBody(mechanic),
          onAnswer: (status, body) => {
            count(op)(status);
            if (status !== 201) return;
            const { id } = JSON.parse(body) as { id: string };
            driver.bookings.push(id);
            mix.pending.push({ id, mechanic });
          },
        };
      }
      case 'decline': {
        const { id, mechanic } = mix.pending.splice(Math.floor(rand() * mix.pending.length), 1)[0]!;
        return {
          method: 'PATCH',
          path: `/api/bookings/${id}`,
          headers: {
            cookie: mechanic.cookie,
            'x-forwarded-for': mechanic.address,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ status: 'cancelled' }),
          onAnswer: count(op),
        };
      }
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Setup

export interface Population {
  providers: number;
  drivers: number;
  mechanics: number;
  seed: number;
}

const PASSWORD = 'bench load password 1';
const RADIUS = 25;

/**
 * Fills the database behind `server` with synthetic providers, drivers and mechanics who sign in
 * (through `server`), and two bookings for each driver; returns the people and the search paths.
 */
export async function prepare(
  server: AppServer,
  databaseUrl: string,
  { providers: PROVIDERS, drivers: DRIVERS, mechanics: MECHANICS, seed: SEED }: Population,
): Promise<Mix> {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 2 });
  try {
    progress(`filling ${int(PROVIDERS)} synthetic providers (src/server/test/fill-providers.ts)`);
    await fillProviders(handle.db, PROVIDERS, { seed: (SEED % 1000) / 1000, rebuildIndexes: true });
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  let mechanicRows: { email: string; providerId: string; serviceType: string }[];
  try {
    // The first synthetic owners become mechanics who can sign in; their providers take bookings.
    const names = Array.from({ length: MECHANICS }, (_, i) => `bench${i + 1}`);
    mechanicRows = (
      await client.query(
        `with owners as (
           update users set password_hash = $1 where username = any($2::text[]) returning id, email)
         update service_providers p set status = 'available' from owners o where p.user_id = o.id
         returning o.email, p.id as "providerId", p.service_type as "serviceType"`,
        [hash, names],
      )
    ).rows;
    await client.query(
      `insert into users (username, email, password_hash, role, name, phone)
       select 'load-driver-' || i, 'load-driver-' || i || '@bench.test', $1, 'driver',
              'Load Driver ' || i, '(214) 555-0100'
       from generate_series(1, $2::int) as i`,
      [hash, DRIVERS],
    );
  } finally {
    await client.end();
  }

  progress(`signing in ${DRIVERS} drivers and ${mechanicRows.length} mechanics`);
  const drivers: Driver[] = [];
  const mechanics: Mechanic[] = [];
  await inBatches(DRIVERS, 4, async (i) => {
    const at = address(i + 1);
    const cookie = await signIn(server, `load-driver-${i + 1}@bench.test`, PASSWORD, {
      'x-forwarded-for': at,
    });
    drivers[i] = { cookie, address: at, bookings: [] };
  });
  await inBatches(mechanicRows.length, 4, async (i) => {
    const row = mechanicRows[i]!;
    const at = address(50_000 + i);
    const cookie = await signIn(server, row.email, PASSWORD, { 'x-forwarded-for': at });
    mechanics[i] = {
      cookie,
      address: at,
      providerId: row.providerId,
      serviceType: row.serviceType,
    };
  });

  progress(`two bookings for each driver`);
  const pending: Pending[] = [];
  await inBatches(DRIVERS * 2, 8, async (n) => {
    const driver = drivers[n % DRIVERS]!;
    const mechanic = mechanics[n % mechanics.length]!;
    const response = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: {
        cookie: driver.cookie,
        'x-forwarded-for': driver.address,
        'content-type': 'application/json',
      },
      body: bookingBody(mechanic),
    });
    if (response.status !== 201)
      throw new Error(`booking: ${response.status} ${await response.text()}`);
    const { id } = (await response.json()) as { id: string };
    driver.bookings.push(id);
    pending.push({ id, mechanic });
  });

  const rand = prng(SEED + 7);
  const searchPaths = Array.from({ length: 2000 }, () => {
    const p = searchPoint(rand);
    return `/api/providers?latitude=${p.latitude}&longitude=${p.longitude}&radius=${RADIUS}`;
  });
  return { drivers, mechanics, pending, searchPaths };
}

export async function inBatches(total: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) await task(next++);
    }),
  );
}
