/**
 * API stack benchmark: `npm run bench:stack [-- --duration 10 --connections 50]`.
 *
 * What the app's request path costs when the route itself does nothing: a bare `node:http` server
 * answering the same JSON body as `GET /api/meta`, then the real app (buildApp with a
 * production-like configuration, its hooks, limiter, security headers, logging and serializer)
 * answering `GET /api/meta` and `GET /api/health` (one `select 1` on in-memory PGlite). Each is
 * loaded by autocannon in a child process, one after the other, on 127.0.0.1; the figures are
 * printed with the ratio app ÷ bare of the same run. Then the search page's Dallas search on the
 * demo data in the embedded database, with the search cache off and on. `--profile <file>` also
 * records a CPU profile of the app under load and prints where its time goes. See
 * docs/benchmarks.md ("API stack").
 */
import { writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { cpuMeter, describeCpu, type CpuReading } from './lib/cpu.ts';
import type { LoadResult } from './lib/http-load.ts';
import { loadInChild } from './lib/load-child.ts';
import { heading, int, median, ms, table } from './lib/stats.ts';
import { progress } from './lib/scratch.ts';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '0' },
    'log-level': { type: 'string', default: 'info' },
    'skip-health': { type: 'boolean', default: false },
    'skip-search': { type: 'boolean', default: false },
    profile: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:stack -- [options]
  --duration <s>        seconds of load per server, route and round (default 5)
  --rounds <n>          rounds of bare, app /api/meta, app /api/health, alternated (default 3)
  --connections <n>     autocannon connections (default 50)
  --warmup <s>          seconds of load before each measured one (default 2)
  --port <n>            port on 127.0.0.1 of the bare server, the app on the next (default 0: free ones)
  --log-level <level>   the app's LOG_LEVEL (default info, the production default); its lines
                        are written to /dev/null
  --skip-health         no GET /api/health
  --skip-search         no Dallas search on the demo data
  --profile <file>      write a CPU profile (.cpuprofile) of the app while it answers /api/meta`);
  process.exit(0);
}

const number = (name: string, value: string | undefined, min: number) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return parsed;
};
const DURATION = number('duration', args.duration, 1);
const CONNECTIONS = number('connections', args.connections, 1);
const WARMUP = number('warmup', args.warmup, 0);
const ROUNDS = number('rounds', args.rounds, 1);
const PORT = number('port', args.port, 0);

interface Phase {
  label: string;
  result: LoadResult;
  cpu: CpuReading;
}

interface Round {
  bareMeta: Phase;
  appMeta: Phase;
  appHealth?: Phase;
  searchOff?: Phase;
  searchOn?: Phase;
}

/** The search page's first request in Dallas: 50 miles around the city centre (demo data). */
const DALLAS_SEARCH = '/api/providers?latitude=32.7767&longitude=-96.797&radius=50';
/** The same search on the same machine before the light answer, the cache and the lean path. */
const DALLAS_BEFORE_REQ_S = 272;

async function measure(label: string, url: string, path: string): Promise<Phase> {
  const request = { url, paths: [path], connections: CONNECTIONS };
  if (WARMUP > 0) {
    progress(`${label}: warm-up ${WARMUP} s`);
    await loadInChild({ ...request, durationSeconds: WARMUP });
  }
  progress(`${label}: ${CONNECTIONS} connections, ${DURATION} s`);
  const meter = cpuMeter();
  const result = await loadInChild({ ...request, durationSeconds: DURATION });
  const cpu = meter();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { label, result, cpu };
}

/** Microseconds of this process's CPU per answer: steady when the machine's load is not. */
const cpuPerAnswer = ({ result, cpu }: Phase) =>
  (cpu.processCores * result.durationSeconds * 1e6) / Math.max(1, result.requests);

const listen = (server: Server) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORT, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : PORT}`);
    });
  });
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Self time per function of a CPU profile, the largest first. */
function topFunctions(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const delta = profile.timeDeltas?.[i] ?? 0;
    total += delta;
    const frame = byNode.get(id)?.callFrame;
    const where = frame?.url
      ? frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/src\//, 'src/')
      : '';
    const name = `${frame?.functionName || '(anonymous)'} ${where}${where ? `:${(frame?.lineNumber ?? 0) + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([name, micros]) => [`${((micros / total) * 100).toFixed(1)} %`, name.trim()]);
}

async function main() {
  const devNull = openSync('/dev/null', 'w');
  let logLines = 0;
  const configWith = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: args['log-level'],
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      DATA_DIR: 'memory://',
      RUN_JOBS: 'false',
      // The limiter still counts every request; it never refuses one in this run.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    });
  const start = async (env: Record<string, string>) => {
    const server = await buildApp(configWith(env), {
      // Like pino's own destination: a synchronous write per line, here to /dev/null.
      logStream: {
        write(line: string) {
          logLines += 1;
          writeSync(devNull, line);
        },
      },
    });
    await server.ready();
    return server;
  };
  const config = configWith({});
  const app = await start({});
  const meta = await app.inject({ method: 'GET', url: '/api/meta' });
  if (meta.statusCode !== 200) throw new Error(`GET /api/meta answered ${meta.statusCode}`);
  const body = meta.body;
  const linesBefore = logLines;
  for (let i = 0; i < 100; i++) await app.inject({ method: 'GET', url: '/api/meta' });
  const linesPerRequest = (logLines - linesBefore) / 100;
  const injectCpu = async (url: string, count: number) => {
    for (let i = 0; i < count / 10; i++) await app.inject({ method: 'GET', url });
    const usage = process.cpuUsage();
    for (let i = 0; i < count; i++) await app.inject({ method: 'GET', url });
    const used = process.cpuUsage(usage);
    return (used.user + used.system) / count;
  };
  progress('app.inject: CPU per answer without sockets');
  const injectMeta = await injectCpu('/api/meta', 20_000);
  const injectHealth = args['skip-health'] ? undefined : await injectCpu('/api/health', 2_000);

  const bare = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
  const bareUrl = await listen(bare);
  const appUrl = await app.listen({ host: '127.0.0.1', port: PORT && PORT + 1 });
  const demo = async (cacheSeconds: string) => {
    if (args['skip-search']) return undefined;
    const server = await start({ SEED_DEMO: 'true', SEARCH_CACHE_SECONDS: cacheSeconds });
    const found = await server.inject({ method: 'GET', url: DALLAS_SEARCH });
    if (found.statusCode !== 200 || found.json().length === 0)
      throw new Error(`the Dallas search answered ${found.statusCode} ${found.body.slice(0, 200)}`);
    return { server, url: await server.listen({ host: '127.0.0.1', port: 0 }) };
  };
  progress('seeding the demo data (cache off, cache on)');
  const demoOff = await demo('0');
  const demoOn = await demo('15');

  // Rounds alternate the servers, so a change in the machine's load meets both alike; each
  // round's ratio compares loads that ran one right after the other.
  const rounds: Round[] = [];
  let profile: Parameters<typeof topFunctions>[0] | undefined;
  for (let round = 1; round <= ROUNDS; round++) {
    const tag = ROUNDS > 1 ? ` (round ${round}/${ROUNDS})` : '';
    const bareMeta = await measure(`bare node:http${tag}`, bareUrl, '/api/meta');
    const session = args.profile && round === 1 ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
    }
    const appMeta = await measure(`app GET /api/meta${tag}`, appUrl, '/api/meta');
    if (session) {
      ({ profile } = await session.post('Profiler.stop'));
      session.disconnect();
      writeFileSync(args.profile!, JSON.stringify(profile));
    }
    const appHealth = args['skip-health']
      ? undefined
      : await measure(`app GET /api/health${tag}`, appUrl, '/api/health');
    const searchOff =
      demoOff && (await measure(`demo Dallas search, cache off${tag}`, demoOff.url, DALLAS_SEARCH));
    const searchOn =
      demoOn && (await measure(`demo Dallas search, cache on${tag}`, demoOn.url, DALLAS_SEARCH));
    rounds.push({ bareMeta, appMeta, appHealth, searchOff, searchOn });
  }
  await close(bare);
  await app.close();
  await demoOff?.server.close();
  await demoOn?.server.close();
  closeSync(devNull);

  console.log(
    heading(`API stack: ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round(s)`),
  );
  console.log(
    `${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `app: NODE_ENV=production, LOG_LEVEL=${config.logLevel} (${linesPerRequest.toFixed(2)} log lines per request, to /dev/null), in-memory PGlite, body ${Buffer.byteLength(body)} B\n`,
  );
  const rows: string[][] = [];
  const row = (label: string, phase: Phase, base: number) => [
    label,
    int(phase.result.requestsPerSecond),
    `${ms(phase.result.latency.p50, 1)} ms`,
    `${ms(phase.result.latency.p99, 1)} ms`,
    (phase.result.requestsPerSecond / base).toFixed(2),
    int(phase.result.bytesPerRequest),
    cpuPerAnswer(phase).toFixed(0),
    `${Math.round(phase.cpu.machineBusy * 100)} %`,
    phase.cpu.loadAtStart.toFixed(2),
  ];
  rounds.forEach(({ bareMeta, appMeta, appHealth, searchOff, searchOn }, i) => {
    const base = bareMeta.result.requestsPerSecond;
    const tag = ROUNDS > 1 ? `${i + 1}: ` : '';
    rows.push(row(`${tag}bare node:http`, bareMeta, base));
    rows.push(row(`${tag}app GET /api/meta`, appMeta, base));
    if (appHealth) rows.push(row(`${tag}app GET /api/health`, appHealth, base));
    if (searchOff) rows.push(row(`${tag}demo Dallas search, cache off`, searchOff, base));
    if (searchOn) rows.push(row(`${tag}demo Dallas search, cache on`, searchOn, base));
  });
  console.log(
    table([
      [
        'round: server and route',
        'req/s',
        'p50',
        'p99',
        '÷ bare',
        'bytes/answer',
        'CPU µs/answer',
        'machine CPU',
        'load avg',
      ],
      ...rows,
    ]),
  );
  const ratios = rounds.map(
    (r) => r.appMeta.result.requestsPerSecond / r.bareMeta.result.requestsPerSecond,
  );
  const healthRatios = rounds.flatMap((r) =>
    r.appHealth ? [r.appHealth.result.requestsPerSecond / r.bareMeta.result.requestsPerSecond] : [],
  );
  const appPhases = rounds.map((r) => r.appMeta);
  console.log(
    `\nRatio /api/meta app ÷ bare node:http, median of ${ROUNDS} round(s): ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ 0.4)`,
  );
  const cpuRatios = rounds.map((r) => cpuPerAnswer(r.bareMeta) / cpuPerAnswer(r.appMeta));
  console.log(
    `CPU per answer, bare ÷ app /api/meta, median: ${median(cpuRatios).toFixed(2)} (rounds: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  if (healthRatios.length)
    console.log(
      `Ratio /api/health app ÷ bare node:http, median: ${median(healthRatios).toFixed(2)} (rounds: ${healthRatios.map((r) => r.toFixed(2)).join(', ')})`,
    );
  const searchRates = (pick: (r: Round) => Phase | undefined) =>
    rounds.flatMap((r) => {
      const phase = pick(r);
      return phase ? [phase.result.requestsPerSecond] : [];
    });
  for (const [label, rates] of [
    ['cache off', searchRates((r) => r.searchOff)],
    ['cache on', searchRates((r) => r.searchOn)],
  ] as const)
    if (rates.length)
      console.log(
        `Demo Dallas search (embedded database, ${CONNECTIONS} connections), ${label}: median ${int(median(rates))} req/s = ${(median(rates) / DALLAS_BEFORE_REQ_S).toFixed(1)} × the ${DALLAS_BEFORE_REQ_S} req/s measured before (target ≥ 3 ×)`,
      );
  console.log(
    `CPU per answer through app.inject (no sockets): /api/meta ${injectMeta.toFixed(0)} µs${injectHealth === undefined ? '' : `, /api/health ${injectHealth.toFixed(0)} µs`}`,
  );
  console.log(
    `app process during /api/meta: ${appPhases.map((p) => describeCpu(p.cpu)).join('; ')}`,
  );
  if (profile) {
    console.log(heading(`Where the app's CPU went under load (self time, ${args.profile})`));
    console.log(table([['share', 'function'], ...topFunctions(profile)]));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
