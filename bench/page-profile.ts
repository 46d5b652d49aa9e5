/**
 * Where a page's main-thread time goes while it loads: `npm run build && npm run bench:profile
 * [-- --pages /home,/bookings@mechanic --cpu 6 --runs 3]`.
 *
 * Starts the built app with the demo data in memory, opens each page in Chromium as a phone
 * (412×823, signed in as its account as bench:web does: `/bookings@mechanic`), slows the CPU by
 * `--cpu` (Chromium's own throttling), and records a V8 CPU profile from navigation until the
 * network has been quiet for 2 s. Each sample's function is mapped through the build's source
 * maps to its source file, and the self time is summed per file and per package (React DOM,
 * TanStack Query, our features…), the median over the runs. What it cannot map (the browser's
 * own work: style, layout, parsing, garbage collection) is shown as "(program)", "(garbage
 * collector)" or "(idle)". Figures go to stdout. See docs/benchmarks.md ("Main-thread profile").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type CDPSession } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import {
  freePort,
  startAppServer,
  waitHealthy,
  type AppServer,
} from '../scripts/lib/app-server.ts';
import { accountFor, sessionOf, type PageAccount } from '../scripts/lib/page-accounts.ts';
import { progress } from './lib/scratch.ts';
import { median, table } from './lib/stats.ts';

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: '/,/home,/bookings,/profile' },
    cpu: { type: 'string', default: '6' },
    runs: { type: 'string', default: '3' },
    top: { type: 'string', default: '20' },
    functions: { type: 'boolean', default: false },
    tasks: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:profile -- [options]      (after \`npm run build\`)
  --pages <list>  paths, each may name its account: /bookings@mechanic (default /,/home,/bookings,/profile)
  --cpu <n>       Chromium's CPU slowdown (default 6, about the calibrated phone on this machine)
  --runs <n>      profiles per page; the figures are medians (default 3)
  --top <n>       source files listed per page (default 20)
  --functions     list functions (file and name) instead of source files
  --tasks <ms>    also list each run's stretches of work longer than <ms> (a long task: work
                  between two idle samples) with the places that took most of it`);
  process.exit(0);
}
const CPU = Number(args.cpu);
const RUNS = Number(args.runs);
const TOP = Number(args.top);
if (!(CPU >= 1) || !(RUNS >= 1) || !(TOP >= 1))
  throw new Error('--cpu, --runs, --top: numbers ≥ 1');

type Role = PageAccount;
const pages = args.pages.split(',').filter(Boolean);
const pathOf = (page: string) => page.split('@')[0] ?? page;
/** The account a page opens as: its `@role`, the admin for /admin, the driver for signed-in ones. */
function roleOf(page: string): Role | null {
  const named = page.split('@')[1];
  if (named) return named as Role;
  const route = pathOf(page);
  if (route === '/admin') return 'admin';
  if (route === '/reports') return 'mechanic';
  return accountFor(
    route,
    ['/', '/login', '/register'].includes(route) || route.startsWith('/track') ? null : 'driver',
  );
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const distWeb = path.resolve(import.meta.dirname, '../dist/web');
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    const pathname = new URL(url).pathname;
    try {
      maps.set(url, new TraceMap(readFileSync(path.join(distWeb, `${pathname}.map`), 'utf8')));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** A sample's place: the source file it maps to, else the browser's label or the script's URL. */
function placeOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url)
    return frame.functionName ? `(${frame.functionName.replace(/[()]/g, '')})` : '(v8)';
  if (!frame.url.includes('/assets/')) return new URL(frame.url).pathname;
  const map = mapOf(frame.url);
  const original = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    : null;
  const file = original?.source
    ? original.source.replace(/^.*node_modules\//, 'node_modules/').replace(/^(\.\.\/)+/, '')
    : new URL(frame.url).pathname;
  return args.functions
    ? `${file} ${original?.name ?? frame.functionName ?? '(anonymous)'}:${original?.line ?? ''}`
    : file;
}

/** The package or part of the app a source file belongs to. */
function groupOf(place: string): string {
  place = place.split(' ')[0] ?? place;
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(place);
  if (pkg) return pkg[1]!;
  const feature = /^src\/web\/features\/([^/]+)\//.exec(place);
  if (feature) return `features/${feature[1]}`;
  const web = /^src\/(web\/[^/]+|core)\//.exec(place);
  return web ? `src/${web[1]}` : place;
}

/** Self time in ms per place of one profile. */
function selfTimes(profile: Profile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const place = placeOf(node.callFrame);
    times.set(place, (times.get(place) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

const BROWSER_STEPS = new Set([
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'HitTest',
  'MajorGC',
  'MinorGC',
  'v8.compile',
  'v8.compileModule',
  'EvaluateScript',
  'v8.evaluateModule',
]);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The page's long tasks (the renderer's main-thread tasks of `minMs` or more, from a trace of the
 * same load), each with the places whose samples fall inside it, most time first.
 */
function longTasks(profile: Profile & { startTime: number }, trace: TraceEvent[], minMs: number) {
  // The page's renderer: of the renderers' main threads (about:blank had its own), the busiest.
  const busy = new Map<string, number>();
  const mains = new Set(
    trace
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const runTasks = trace.filter(
    (event) =>
      event.name === 'RunTask' && event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`),
  );
  for (const event of runTasks) {
    const thread = `${event.pid}:${event.tid}`;
    busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0));
  }
  const page = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tasks = runTasks
    .filter((event) => `${event.pid}:${event.tid}` === page && (event.dur ?? 0) >= minMs * 1000)
    .map((event) => ({
      start: event.ts,
      end: event.ts + (event.dur ?? 0),
      places: new Map<string, number>(),
      steps: new Map<string, number>(),
    }));
  // The browser's own steps inside each task (style, layout, paint, parsing…), by their trace names.
  for (const event of trace) {
    if (event.ph !== 'X' || !BROWSER_STEPS.has(event.name) || `${event.pid}:${event.tid}` !== page)
      continue;
    const task = tasks.find(
      (candidate) => candidate.start <= event.ts && event.ts <= candidate.end,
    );
    task?.steps.set(event.name, (task.steps.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  let clock = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    clock += delta;
    const task = tasks.find((candidate) => candidate.start <= clock && clock <= candidate.end);
    const node = byId.get(id);
    if (!task || !node) return;
    const place = placeOf(node.callFrame);
    task.places.set(place, (task.places.get(place) ?? 0) + delta / 1000);
  });
  const origin = trace.find((event) => event.name === 'navigationStart')?.ts ?? profile.startTime;
  const paint = trace.find((event) => event.name === 'firstContentfulPaint');
  if (paint) console.log(`first contentful paint at ${Math.round((paint.ts - origin) / 1000)} ms`);
  return tasks.map(({ start, end, places, steps }) => ({
    start: (start - origin) / 1000,
    ms: (end - start) / 1000,
    places,
    steps,
  }));
}

/** Waits until no request has been open or started for `quietMs`. */
async function networkQuiet(session: CDPSession, quietMs: number, maxMs = 30_000) {
  let open = 0;
  let last = performance.now();
  const touch = () => (last = performance.now());
  session.on('Network.requestWillBeSent', () => (open++, touch()));
  session.on('Network.loadingFinished', () => (open--, touch()));
  session.on('Network.loadingFailed', () => (open--, touch()));
  const start = performance.now();
  while (performance.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (open <= 0 && performance.now() - last > quietMs) return;
  }
}

let server: AppServer | undefined;
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
try {
  const port = await freePort();
  progress(`starting the built app on 127.0.0.1:${port}`);
  server = startAppServer('app', port, { SERVE_WEB: 'true', DATA_DIR: 'memory://' }, true);
  await waitHealthy(server, 120_000);
  const app = server;
  const cookies = new Map<Role, string>();
  for (const page of pages) {
    const role = roleOf(page);
    if (role && !cookies.has(role)) cookies.set(role, await sessionOf(app, role));
  }

  for (const page of pages) {
    const runs: Map<string, number>[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 2.625,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      const role = roleOf(page);
      const cookie = role ? cookies.get(role) : undefined;
      if (cookie) {
        const [name = '', value = ''] = cookie.split(/=(.*)/s);
        await context.addCookies([{ name, value, url: app.url }]);
      }
      const tab = await context.newPage();
      const session = await context.newCDPSession(tab);
      await session.send('Network.enable');
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 200 });
      await session.send('Profiler.start');
      if (args.tasks)
        await browser.startTracing(tab, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'blink.user_timing',
          ],
        });
      await tab.goto(`${app.url}${pathOf(page)}`, { waitUntil: 'commit' });
      await networkQuiet(session, 2_000);
      const { profile } = (await session.send('Profiler.stop')) as {
        profile: Profile & { startTime: number };
      };
      const trace = args.tasks
        ? (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
            .traceEvents
        : [];
      await context.close();
      const times = selfTimes(profile);
      runs.push(times);
      if (args.tasks)
        for (const { start, ms, places, steps } of longTasks(profile, trace, Number(args.tasks))) {
          const top = (entries: Map<string, number>) =>
            [...entries]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 6)
              .map(([place, own]) => `${place} ${Math.round(own)}`)
              .join(' · ');
          console.log(
            `${page} run ${run}: at ${Math.round(start)} ms a task of ${Math.round(ms)} ms\n  browser: ${top(steps)}\n  samples: ${top(places)}`,
          );
        }
      const busy = [...times].filter(([place]) => place !== '(idle)');
      progress(
        `${page} run ${run}/${RUNS}: ${Math.round(busy.reduce((sum, [, ms]) => sum + ms, 0))} ms busy`,
      );
    }
    const places = new Set(runs.flatMap((times) => [...times.keys()]));
    const medians = [...places].map(
      (place) => [place, median(runs.map((times) => times.get(place) ?? 0))] as const,
    );
    const busy = medians.filter(([place]) => place !== '(idle)');
    const total = busy.reduce((sum, [, ms]) => sum + ms, 0);
    const groups = new Map<string, number>();
    for (const [place, ms] of busy)
      groups.set(groupOf(place), (groups.get(groupOf(place)) ?? 0) + ms);
    const rows = (entries: Iterable<readonly [string, number]>, limit: number) =>
      [...entries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([place, ms]) => [
          place,
          `${Math.round(ms)} ms`,
          `${((ms / total) * 100).toFixed(1)} %`,
        ]);
    console.log(
      `\n${page} (CPU ${CPU}×, median of ${RUNS}): ${Math.round(total)} ms of main-thread work until the network is quiet`,
    );
    console.log(table([['part', 'self time', 'share'], ...rows(groups, 12)]));
    console.log(table([['source file', 'self time', 'share'], ...rows(busy, TOP)]));
  }
} finally {
  await browser.close();
  await server?.stop();
}
