import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium.ts';

// One port per run, chosen here so the server and every worker agree on it.
process.env.E2E_PORT ??= String(41_000 + Math.floor(Math.random() * 9_000));
const port = Number(process.env.E2E_PORT);
// The routing service the route search asks (e2e/route-osrm-setup.ts answers in OSRM's shape).
process.env.E2E_OSRM_PORT ??= String(port + 1);
const baseURL = `http://127.0.0.1:${port}`;

const launchOptions = chromiumLaunchOptions;

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/route-osrm-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace records every action's DOM and screencast: a fifth of the journeys' time on these
    // 2 cores (docs/decisions/084). CI keeps only what it prints, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: /qa-pages\.spec\.ts$/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      // The phone is where drivers use the app: every journey runs there. The desktop run covers
      // the screens whose layout changes with the width (the forms and flows in between are the
      // same components), which keeps CI well inside its time budget.
      name: 'desktop',
      testMatch: /(a11y|navigation|search|profile|admin)\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium', launchOptions },
    },
    {
      // The internal pages change shared demo data for a moment (a provider's status, a pending
      // application) and count what they leave behind: they run once every other journey is done.
      name: 'internal-pages',
      testMatch: /qa-pages\.spec\.ts$/,
      dependencies: ['mobile', 'desktop'],
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions,
      },
    },
  ],
  // The built app on the embedded database, fresh in memory for every run, with demo data.
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: 'memory://',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      ROUTE_RATE_LIMIT_SCALE: '1000',
      // Every browser of the run comes from 127.0.0.1.
      EVENT_STREAMS_PER_ADDRESS: '1000',
      // Paying providers' head start on help requests (docs/decisions/053) is proven with a moved
      // clock in help-requests-priority.api.test.ts; here Basic and Premium demo providers race.
      HELP_PRIORITY_HEAD_START_MS: '0',
      PUBLIC_URL: baseURL,
      ROUTING_URL: `http://127.0.0.1:${process.env.E2E_OSRM_PORT}`,
    },
  },
});
