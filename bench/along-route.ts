/**
 * Route search benchmark: `npm run bench:route [-- --n 1e6 --routes 60 --rounds 5]`.
 *
 * Creates a throw-away database `tf_bench_route` on the PostgreSQL server of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), fills it with `--n` synthetic providers
 * (the search benchmark's fill: 70 % around metros, 30 % anywhere in the US box), then times the
 * route search (along-route.service.ts, straight corridors: no routing service is involved) over
 * `--routes` different 300-mile routes — "ahead of me" lines from a metro along a random heading,
 * and metro-to-metro lines cut to 300 miles — with corridors of 5, 10 and 25 miles and some
 * filters, against the nearby search (25 miles) at the same starting points, the two alternating
 * one search at a time. Prints p50/p99 of each, their ratio and an EXPLAIN ANALYZE of one route's
 * read. The database is dropped at the end, also on failure. See docs/benchmarks.md.
 */
import { parseArgs } from 'node:util';
import { milesBetween, pointAhead, type LngLat } from '../src/core/providers/along-route.ts';
import { alongRouteQuerySchema } from '../src/core/providers/along-route-schemas.ts';
import { providerSearchSchema } from '../src/core/providers/search.ts';
import { explainPlan, openDatabase, selectRows } from '../src/server/db/client.ts';
import { createAlongRouteService } from '../src/server/modules/providers/along-route.service.ts';
import { searchProviders } from '../src/server/modules/providers/search.repository.ts';
import { fillProviders } from '../src/server/test/fill-providers.ts';
import { sql } from 'drizzle-orm';
import { count } from './lib/args.ts';
import { metros, pickMetro, prng } from './lib/points.ts';
import { progress, withScratchDatabase } from './lib/scratch.ts';
import { int, ms, summarize, table, type Summary } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '1000000' },
    routes: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '20' },
    seed: { type: 'string', default: '42' },
    'keep-database': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:route -- [options]
  --n <count>          providers to generate (default 1000000)
  --routes <count>     different 300-mile routes (default 60)
  --rounds <count>     times each route is searched (default 5)
  --warmup <count>     searches of each kind before measuring (default 20)
  --seed <int>         seed of the data and the routes (default 42)
  --keep-database      leave the tf_bench_route database in place (drop it yourself)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)`);
  process.exit(0);
}

const N = count('n', args.n);
const ROUTES = count('routes', args.routes);
const ROUNDS = count('rounds', args.rounds);
const WARMUP = count('warmup', args.warmup);
const SEED = count('seed', args.seed);
const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUTE_MILES = 300;
const CORRIDORS = [5, 10, 25];
const FILTERS: Record<string, string>[] = [{}, {}, { serviceType: 'towing' }, { is24Hour: 'true' }];

interface Route {
  label: string;
  origin: LngLat;
  query: ReturnType<typeof alongRouteQuerySchema.parse>;
  corridor: number;
}

/** Varied 300-mile routes from metros: along a heading, or towards another metro. */
function routes(rand: () => number): Route[] {
  return Array.from({ length: ROUTES }, (_, i) => {
    const metro = pickMetro(rand);
    const origin: LngLat = [metro.lng, metro.lat];
    const corridor = CORRIDORS[i % CORRIDORS.length]!;
    const filters = FILTERS[Math.floor(i / CORRIDORS.length) % FILTERS.length]!;
    const far = metros.filter((m) => milesBetween(origin, [m.lng, m.lat]) > ROUTE_MILES);
    let destination: LngLat;
    let label: string;
    if (i % 2 === 0 || far.length === 0) {
      const heading = Math.floor(rand() * 360);
      destination = pointAhead(origin, heading, ROUTE_MILES);
      label = `${metro.name} ahead ${heading}°`;
    } else {
      const to = far[Math.floor(rand() * far.length)]!;
      // 300 miles along the line towards the other metro.
      const bearing = bearingTo(origin, [to.lng, to.lat]);
      destination = pointAhead(origin, bearing, ROUTE_MILES);
      label = `${metro.name} towards ${to.name}`;
    }
    const query = alongRouteQuerySchema.parse({
      originLat: String(origin[1]),
      originLng: String(origin[0]),
      destLat: String(destination[1]),
      destLng: String(destination[0]),
      corridorMiles: String(corridor),
      ...filters,
    });
    return {
      label: `${label}, ${corridor} mi${filters.serviceType ? ', towing' : ''}${filters.is24Hour ? ', 24 h' : ''}`,
      origin,
      query,
      corridor,
    };
  });
}

function bearingTo(from: LngLat, to: LngLat): number {
  const [l1, p1, l2, p2] = [from[0], from[1], to[0], to[1]].map((d) => (d * Math.PI) / 180) as [
    number,
    number,
    number,
    number,
  ];
  const y = Math.sin(l2 - l1) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(l2 - l1);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

interface Results {
  version: string;
  fillMs: number;
  route: Summary;
  nearby: Summary;
  byCorridor: Record<number, Summary>;
  ratioP50: number;
  avgItems: number;
  fullPages: number;
  plan: string;
}

async function benchmark(url: string): Promise<Results> {
  progress('opening and migrating');
  const handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    const { db } = handle;
    const [{ version } = { version: '?' }] = await selectRows<{ version: string }>(
      db,
      sql`select version() as version`,
    );
    progress(`filling ${int(N)} providers`);
    const fill = await fillProviders(db, N, { seed: (SEED % 1000) / 1000, rebuildIndexes: true });
    progress(`filled in ${ms(fill.totalMs / 1000, 1)} s`);
    const service = createAlongRouteService(db, { routing: null });
    const rand = prng(SEED);
    const list = routes(rand);
    const nearbyOf = (route: Route) =>
      providerSearchSchema.parse({
        latitude: String(route.origin[1]),
        longitude: String(route.origin[0]),
        radius: '25',
      });

    progress(`warm-up: ${WARMUP} searches of each kind`);
    for (let i = 0; i < WARMUP; i++) {
      const route = list[i % list.length]!;
      await service.search(route.query);
      await searchProviders(db, nearbyOf(route));
    }

    progress(
      `measuring ${list.length} routes × ${ROUNDS} rounds, alternating with the nearby search`,
    );
    const routeMs: number[] = [];
    const nearbyMs: number[] = [];
    const byCorridor: Record<number, number[]> = {};
    let items = 0;
    let full = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of list) {
        let start = performance.now();
        const answer = await service.search(route.query);
        const took = performance.now() - start;
        routeMs.push(took);
        (byCorridor[route.corridor] ??= []).push(took);
        items += answer.items.length;
        if (answer.items.length >= route.query.limit) full++;
        start = performance.now();
        await searchProviders(db, nearbyOf(route));
        nearbyMs.push(performance.now() - start);
      }
    }
    const sample = list.find((r) => r.corridor === 25 && !r.query.serviceType) ?? list[0]!;
    progress(`EXPLAIN ANALYZE: ${sample.label}`);
    const plan = await explainPlan(db, await service.explainable(sample.query), true);
    const route = summarize(routeMs);
    const nearby = summarize(nearbyMs);
    return {
      version,
      fillMs: fill.totalMs,
      route,
      nearby,
      byCorridor: Object.fromEntries(
        Object.entries(byCorridor).map(([c, values]) => [Number(c), summarize(values)]),
      ),
      ratioP50: route.p50 / nearby.p50,
      avgItems: items / routeMs.length,
      fullPages: full / routeMs.length,
      plan: `${sample.label}\n${plan}`,
    };
  } finally {
    await handle.close();
  }
}

async function main() {
  console.log(
    `Route search benchmark: ${int(N)} providers, ${ROUTES} routes of ${ROUTE_MILES} miles × ${ROUNDS} rounds (corridors ${CORRIDORS.join(', ')} mi), against the 25-mile nearby search at the same points`,
  );
  const run = await withScratchDatabase(SERVER_URL, benchmark, {
    name: 'tf_bench_route',
    keep: args['keep-database'],
  });
  console.log(`\n${run.version}\nFilled in ${ms(run.fillMs / 1000, 1)} s.\n`);
  const row = (name: string, s: Summary) => [
    name,
    int(s.count),
    ms(s.p50),
    ms(s.p95),
    ms(s.p99),
    ms(s.max),
  ];
  console.log(
    table([
      ['search', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      row('along a 300-mile route', run.route),
      ...Object.entries(run.byCorridor).map(([c, s]) => row(`  corridor ${c} mi`, s)),
      row('nearby, 25 miles', run.nearby),
    ]),
  );
  console.log(
    `\nRoute / nearby at p50: ${run.ratioP50.toFixed(2)}×, at p99: ${(run.route.p99 / run.nearby.p99).toFixed(2)}×. ` +
      `Items per route answer: ${run.avgItems.toFixed(1)} (full pages ${(run.fullPages * 100).toFixed(0)} %).`,
  );
  console.log(`\nEXPLAIN ANALYZE of the whole route's read: ${run.plan}`);
  const seq = /Seq Scan on service_providers/.test(run.plan);
  const index = /service_providers_search_idx/.test(run.plan);
  console.log(
    `\nPlan uses service_providers_search_idx: ${index ? 'yes' : 'NO'}; sequential scan: ${seq ? 'YES' : 'no'}`,
  );
  if (seq || !index) process.exitCode = 1;
}

await main();
