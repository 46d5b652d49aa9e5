/**
 * The JavaScript each page costs a phone: builds on `npm run build`, starts the built app with the
 * demo data, opens every page of the route table in Chromium (signed in as the account that uses
 * it; the landing page also as a visitor who taps it) and sums the gzipped size of every script it
 * loads until the network is idle
 * (scripts/bundle/loaded-scripts.ts). Fails when a page is over its budget
 * (scripts/bundle/budgets.ts) and when a product page may load code of the internal pages' wing.
 * `--json` prints the figures as JSON; `--pages /,/home` measures only those (no budget check of
 * the others); `--files` lists each page's scripts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';
import { BUDGETS_KB, budgetProblems, DAILY_PAGES, type PageWeight } from './bundle/budgets.ts';
import { gzippedBytes, scriptsLoaded } from './bundle/loaded-scripts.ts';
import { readRouteTable, type DemoRole } from './bundle/route-table.ts';
import { wingProblems } from './bundle/wing.ts';
import { freePort, startAppServer, waitHealthy } from './lib/app-server.ts';
import { demoAddress } from './lib/demo-addresses.ts';
import { accountFor, sessionOf, type PageAccount } from './lib/page-accounts.ts';

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    pages: { type: 'string' },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist/web');

/** Paths the provider's account opens every day too, beside the driver's. */
const ALSO_AS: [string, DemoRole][] = [
  ['/bookings', 'mechanic'],
  ['/profile', 'mechanic'],
];

/**
 * The pages whose code loads at the visitor's first move (the landing page the build pre-renders,
 * decision 070), measured again after a tap on the page's first field: what a visitor who uses
 * the page loads.
 */
const AFTER_A_TAP = ['/'];
const TAPPED = ' after a tap';
const tapFirstField = (page: Page) => page.locator('input').first().tap();

interface Session {
  cookie: { name: string; value: string };
  header: string;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const routes = readRouteTable(root);
const problems = wingProblems(root, dist, routes);
const wanted = args.pages?.split(',').map((page) => page.trim());
const pages = [
  ...routes.map((route) => ({ page: route.path, route: route.path, role: route.role })),
  ...ALSO_AS.map(([route, role]) => ({ page: `${route}@${role}`, route, role })),
  ...AFTER_A_TAP.map((route) => ({ page: `${route}${TAPPED}`, route, role: null })),
].filter((page) => !wanted || wanted.includes(page.page));

const server = startAppServer(
  'app',
  await freePort(),
  { SERVE_WEB: 'true', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  true,
);
const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
const weights: (PageWeight & { files: string[] })[] = [];
try {
  await waitHealthy(server, 180_000);
  const sessions = new Map<PageAccount, Session>();
  const sessionFor = async (account: PageAccount) => {
    if (!sessions.has(account)) {
      const header = await sessionOf(server, account);
      const [name, value] = header.split('=') as [string, string];
      sessions.set(account, { header, cookie: { name, value } });
    }
    return sessions.get(account)!;
  };
  for (const { page, route, role } of pages) {
    const as = accountFor(route, role);
    const url = `${server.url}${await demoAddress(server.url, route, async (role) => (await sessionFor(role)).header)}`;
    const { scripts: files, errors } = await scriptsLoaded(
      browser,
      url,
      as ? (await sessionFor(as)).cookie : undefined,
      page.endsWith(TAPPED) ? tapFirstField : undefined,
    );
    for (const error of errors) problems.push(`${page}: ${error}`);
    weights.push({
      page,
      files,
      bytes: files.reduce((sum, file) => sum + gzippedBytes(dist, file), 0),
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
problems.push(
  ...budgetProblems(
    weights,
    wanted ? Object.fromEntries(wanted.map((page) => [page, BUDGETS_KB[page]!])) : BUDGETS_KB,
  ),
);

if (args.json) {
  console.log(
    JSON.stringify(
      weights.map(({ page, bytes, files }) => ({
        page,
        kb: Number(kb(bytes)),
        files: files.length,
      })),
      null,
      2,
    ),
  );
} else {
  console.log('gzipped JavaScript each page loads on a phone until the network is idle');
  for (const { page, bytes, files } of weights) {
    const target = DAILY_PAGES[page];
    const toTarget =
      target === undefined || bytes / 1024 <= target
        ? ''
        : `, ${kb(bytes - target * 1024)} KB above the daily pages' target of ${target} KB`;
    console.log(
      `${kb(bytes).padStart(7)} KB  ${String(files.length).padStart(3)} files  ${page.padEnd(22)} (budget ${BUDGETS_KB[page] ?? '—'} KB${toTarget})`,
    );
    if (args.files)
      for (const file of [...files].sort((a, b) => gzippedBytes(dist, b) - gzippedBytes(dist, a)))
        console.log(`           ${kb(gzippedBytes(dist, file)).padStart(6)} KB  ${file}`);
  }
}
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
