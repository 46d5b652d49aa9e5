import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from '../src/core/demo-accounts.ts';
import { newApplication } from '../src/server/test/provider-application.ts';

export { DEMO_PASSWORD };
export const DALLAS = { latitude: 32.7767, longitude: -96.797 };
/** The demo mechanic's business, and where its mechanic starts. */
export const DEMO_PROVIDER = 'Lone Star Mobile Truck Repair';
export const MECHANIC_START = { latitude: 32.83, longitude: -96.86 };

const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Answers map tiles (OpenStreetMap by day, CARTO at night) with a blank image (this network reaches no tile server) and collects page
 * errors, content security policy violations and unexpected console errors. A 4xx answer that
 * the app turns into a message (a wrong password, a 404 lookup) is expected, as are failed
 * requests while a test has taken the browser offline; anything else is not.
 */
export async function guardPage(page: Page, problems: string[], allowed: RegExp[] = []) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
  await page.route('https://*.basemaps.cartocdn.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
  // The content security policy's refusals (an eval, an inline script) reach no console by
  // themselves when the page's code catches them; this makes each one a console error.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} by ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    // Only a test that takes the browser offline sees these, and expects them.
    if (/net::ERR_INTERNET_DISCONNECTED/.test(text)) return;
    if (allowed.some((pattern) => pattern.test(text))) return;
    problems.push(`console.error: ${text}`);
  });
}

/** Every test fails on a page error or an unexpected console error (see guardPage). */
export const test = base.extend<{ consoleGuard: void; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (an answer it makes fail). */
  expectedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      await guardPage(page, problems, expectedConsoleErrors);
      await use();
      expect(problems, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
export function uniqueAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    username: `e2e${tag}`,
    name: 'Dale Trucker',
    email: `e2e${tag}@example.com`,
    phone: '(214) 555-0177',
    password: 'long enough password',
  };
}

/** Opens the account menu in the header and signs out. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/**
 * Nothing is wider than the screen: on a phone, a page that scrolls sideways also grows its layout
 * viewport, so fixed sheets and bars drift off where a finger (or a test) aims.
 */
export async function expectNoSideways(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBe(0);
}

/**
 * Scrolls to the end of the page as a person would, until what loads as it comes near the view
 * (src/web/lib/use-near-view.ts) is there: nothing busy left and the page no longer growing.
 */
export async function scrollToEnd(page: Page) {
  // The page itself first: before it renders, the frame alone is short and still.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  let height = 0;
  await expect
    .poll(async () => {
      const before = height;
      const busy: number = await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelectorAll('[aria-busy="true"]').length;
      });
      height = await page.evaluate(() => document.documentElement.scrollHeight);
      return busy === 0 && height === before;
    })
    .toBe(true);
}

/** The toast shown in the notification region (Radix also keeps an off-screen copy for screen readers). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  // One toast shows at a time and the next may replace it soon: check title and text together.
  const toast = region.locator('li').filter({ has: page.getByText(title, { exact: true }) });
  await expect(
    description ? toast.filter({ has: page.getByText(description, { exact: true }) }) : toast,
  ).toBeVisible();
}

/**
 * Keeps the search page's location request unanswered, so that its location toast (only one
 * toast shows at a time) cannot replace a sign-in toast before the test has read it.
 */
export async function holdLocationRequests(page: Page) {
  await page.addInitScript(() => {
    navigator.geolocation.getCurrentPosition = () => undefined;
  });
}

/** Signs in through the landing page's form. */
export async function signInOnLanding(page: Page, email: string, password = DEMO_PASSWORD) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * How many providers the search page lists. Past a screenful the list is virtual (only the cards
 * near the viewport exist), so this reads the list's own size, which every item carries.
 */
export async function listedProviders(page: Page): Promise<number> {
  const first = page.getByRole('list', { name: 'Providers' }).getByRole('listitem').first();
  if ((await first.count()) === 0) return 0;
  return Number(await first.getAttribute('aria-setsize'));
}

/**
 * The cards holding `text`, scrolling the (virtual) list from the top until one is rendered. The
 * list renders after each scroll, so the steps are a third of the viewport with a pause, and it
 * goes over the list again if a slow render let the card pass by.
 */
export async function revealCard(page: Page, text: string) {
  const card = page.getByTestId('provider-card').filter({ hasText: text });
  await expect(page.getByTestId('provider-card').first()).toBeVisible();
  for (let pass = 0; pass < 3 && (await card.count()) === 0; pass++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    for (let step = 0; step < 100 && (await card.count()) === 0; step++) {
      const atBottom = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight / 3);
        return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(150);
      if (atBottom) break;
    }
  }
  await expect(card.first()).toBeAttached();
  await card.first().scrollIntoViewIfNeeded();
  return card;
}

/** One person's browser in a journey with several: its own cookies, place and console guard. */
export interface Side {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

export async function openSide(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  geolocation: { latitude: number; longitude: number },
): Promise<Side> {
  const context = await browser.newContext({
    viewport,
    geolocation,
    permissions: ['geolocation'],
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  await guardPage(page, problems);
  return { context, page, problems };
}

/** The search page with a provider found by name: its card is the only one. */
export async function findProvider(page: Page, name = DEMO_PROVIDER) {
  await page.goto(`/home?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId('provider-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  return card;
}

/** A provider application (a Dallas mobile mechanic) for a new account. */
export const providerApplication = (
  account: ReturnType<typeof uniqueAccount>,
  businessName: string,
  visitFee: number,
) =>
  newApplication({
    businessName,
    contactName: account.name,
    email: account.email,
    password: account.password,
    visitFee,
    licenseNumber: `TX-E2E-${account.username}`,
    insurancePolicy: 'POL-E2E-77',
  });

/**
 * A mobile mechanic's business in Dallas of its own, applied for and approved by the demo admin
 * through the API, for a journey that must be the only one working that provider's jobs: every
 * open Bookings page of a provider shares its device's position into their job in progress, so
 * another test's page signed in as the demo mechanic would move this job's marker.
 */
const DOWNTOWN_DALLAS = { latitude: 32.78, longitude: -96.8 };

export async function newProvider(browser: Browser, label: string) {
  const baseURL = test.info().project.use.baseURL;
  const account = uniqueAccount();
  // Unique, in words a card can wrap: a long unbroken tag would push a phone's page sideways.
  const tag = account.username.slice(3);
  const businessName = `${label} ${tag.slice(0, 8)} ${tag.slice(8)}`;
  const applicant = await browser.newContext({ baseURL });
  const applied = await applicant.request.post('/api/provider-applications', {
    data: providerApplication(account, businessName, 95),
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { provider } = (await applied.json()) as { provider: { id: string } };
  // An application has no map position; the owner sets it before the review.
  const placed = await applicant.request.patch(`/api/service-providers/${provider.id}`, {
    data: DOWNTOWN_DALLAS,
  });
  expect(placed.status(), await placed.text()).toBe(200);
  await applicant.close();

  const admin = await browser.newContext({ baseURL });
  const login = await admin.request.post('/api/auth/login', {
    data: { email: 'admin@truckfinder.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const approved = await admin.request.patch(`/api/admin/providers/${provider.id}`, {
    data: { verification: 'approved' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  return { businessName, email: account.email, password: account.password, id: provider.id };
}

/** The code an authenticator app shows for a base32 secret, `stepsAhead` 30-second steps on. */
export function authenticatorCode(secret: string, stepsAhead = 0) {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/**
 * A new account made an admin by the demo admin (a role change right after signing in, so no
 * re-check is asked): an admin outside the demo, who must set up two-step sign-in.
 */
export async function newAdmin(browser: Browser) {
  const account = uniqueAccount();
  const baseURL = test.info().project.use.baseURL;
  const context = await browser.newContext({ baseURL });
  try {
    const registered = await context.request.post('/api/auth/register', { data: account });
    expect(registered.status()).toBe(201);
    const { user } = (await registered.json()) as { user: { id: string } };
    await context.clearCookies();
    const demo = await context.request.post('/api/auth/login', {
      data: { email: 'admin@truckfinder.test', password: DEMO_PASSWORD },
    });
    expect(demo.status()).toBe(200);
    const promoted = await context.request.patch(`/api/users/${user.id}`, {
      data: { role: 'admin' },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
  } finally {
    await context.close();
  }
  return account;
}

/**
 * What the device holds for an account: kept answers (and the keys of the searches among them),
 * queued bookings, a sign-out to send.
 */
export const onDevice = (page: Page) =>
  page.evaluate(async () => {
    const read = (name: string, store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains(store)) return resolve([]);
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      });
    const kept = (await read('truck-finder-cache', 'queries')) as {
      state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] };
    }[];
    return {
      keptAnswers: kept.length,
      /** Whose session the kept answers hold (a page signed out keeps its own `null` one). */
      keptUsers: kept.flatMap((saved) =>
        saved.state.queries
          .filter((query) => query.queryKey[0] === 'auth')
          .map((query) => (query.state.data as { id?: string } | null)?.id)
          .filter((id) => id !== undefined),
      ),
      keptSearches: kept.flatMap((saved) =>
        saved.state.queries
          .filter((query) => query.queryKey[0] === 'providers')
          .map((query) => JSON.stringify(query.queryKey)),
      ),
      queued: (await read('truck-finder-outbox', 'bookings')).length,
      signOutWaiting: localStorage.getItem('tf-sign-out-pending') === '1',
    };
  });

/**
 * The service worker controls the page. It takes control once it has precached the whole app
 * (about 2 MB): seconds more on a busy machine.
 */
export async function expectWorkerInControl(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), {
      timeout: 30_000,
    })
    .toBe(true);
}

/**
 * A new driver, signed in, with the service worker in control, finds the demo provider; the
 * search on screen (its list and its summary) is kept on the device before this returns.
 */
export async function driverSearchingOnline(page: Page) {
  const registered = await page.request.post('/api/auth/register', {
    data: { ...uniqueAccount(), role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/');
  await expectWorkerInControl(page);
  // The answers are kept a moment after they arrive, and the page may search again meanwhile
  // (a position arriving): wait for the last ones asked.
  const asked = { search: '', summary: '' };
  const note = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/providers') asked.search = url.pathname + url.search;
    if (url.pathname === '/api/providers/summary') asked.summary = url.search.slice(1);
  };
  page.on('response', note);
  await findProvider(page);
  await expect
    .poll(async () => {
      const { keptSearches } = await onDevice(page);
      return [
        keptSearches.includes(JSON.stringify(['providers', 'search', asked.search])),
        keptSearches.includes(JSON.stringify(['providers', 'summary', asked.summary])),
      ];
    })
    .toEqual([true, true]);
  page.off('response', note);
}

/** Fills the Book Service dialog of the demo provider for a morning visit and confirms it. */
export async function bookDemoProvider(page: Page, vehicle: string) {
  const card = page.getByTestId('provider-card').filter({ hasText: DEMO_PROVIDER });
  await card.getByRole('button', { name: /^Book Now/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Service' });
  await dialog.getByLabel('Service Type').selectOption('Brake Repair');
  await dialog.getByLabel('Vehicle Details').fill(vehicle);
  await dialog.getByLabel('Preferred Time').selectOption('morning');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog).toBeHidden();
}

/** Subscribes the signed-in mechanic of `request` to a plan through the API, paying with 4242. */
export async function subscribeByApi(request: APIRequestContext, planType: string) {
  const created = await request.post('/api/create-subscription', { data: { planType } });
  expect(created.status(), await created.text()).toBe(201);
  const confirmed = await request.post('/api/test-gateway/confirm', {
    data: {
      clientSecret: ((await created.json()) as { clientSecret: string }).clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    },
  });
  expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
}
