import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoAccounts } from '../src/core/demo-accounts.ts';
import {
  DEMO_PASSWORD,
  expect,
  newProvider,
  scrollToEnd,
  test,
  uniqueAccount,
} from './fixtures.ts';

/**
 * Night mode: every product page of the route table (src/web/app/router.tsx; the internal test
 * pages aside) has no serious or critical axe finding, colour contrast included, in the light and
 * the dark theme; the switch in Settings changes the theme at once; the device's choice is on
 * <html> before the body exists (no flash of the other theme).
 */

const THEME_KEY = 'tf-theme';
const themes = ['light', 'dark'] as const;
type Shade = (typeof themes)[number];
type Who = keyof typeof demoAccounts;

const BLANK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The theme both ways at once: the phone's setting and the device's choice agree, so the page is
 * in `shade` whether the account's theme (system, for the demo accounts) or the device's wins.
 */
async function useShade(page: Page, shade: Shade) {
  await page.emulateMedia({ colorScheme: shade });
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [THEME_KEY, shade],
  );
  // This network reaches no tile server: the dark tiles answer a blank image, as the light do.
  await page.route('https://*.basemaps.cartocdn.com/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: BLANK_PNG }),
  );
}

async function signIn(request: APIRequestContext, who: Who) {
  const login = await request.post('/api/auth/login', {
    data: { email: demoAccounts[who], password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** Waits for the page's content (not the skeleton, no loading line), then runs axe. */
async function expectNoSeriousFindings(page: Page, shade: Shade) {
  // The app's own <main> (app-layout.tsx), not index.html's skeleton.
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${shade}\\b`));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.any.map((c) => c.message).join(' ')}`)
          .join(' | ')}`,
    );
  expect(serious, `${shade}: serious or critical axe findings`).toEqual([]);
}

/** A provider's details page needs an id, and the receipt page a paid job. */
const firstProviderId = async (request: APIRequestContext) => {
  const [provider] = (await (await request.get('/api/providers?limit=1')).json()) as {
    id: string;
  }[];
  return provider!.id;
};

async function paidReceipt(page: Page, browser: Browser) {
  const baseURL = test.info().project.use.baseURL;
  const business = await newProvider(browser, 'Night Diesel');
  const mechanic = await browser.newContext({ baseURL });
  const login = await mechanic.request.post('/api/auth/login', {
    data: { email: business.email, password: business.password },
  });
  expect(login.status()).toBe(200);
  const registered = await page.request.post('/api/auth/register', {
    data: { ...uniqueAccount(), role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  const booked = await page.request.post('/api/bookings', {
    data: { providerId: business.id, serviceType: 'Brake Repair', vehicleDetails: '2020 Volvo' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;
  for (const data of [
    { status: 'confirmed' },
    { status: 'in_progress' },
    { status: 'completed', actualCost: 100 },
  ]) {
    const moved = await mechanic.request.patch(`/api/bookings/${bookingId}`, { data });
    expect(moved.status(), JSON.stringify(data)).toBe(200);
  }
  const paid = await page.request.post('/api/payments', {
    data: { bookingId, paymentMethod: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const id = ((await paid.json()) as { payment: { id: string } }).payment.id;
  const confirmed = await mechanic.request.post(`/api/payments/${id}/confirm-cash`);
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await mechanic.close();
  return `/receipts/${id}`;
}

/** Each product route of router.tsx (and the not-found page), as whom and where. */
const pages: {
  path: string | ((page: Page, browser: Browser) => Promise<string>);
  name: string;
  who?: Who;
}[] = [
  { name: '/', path: '/' },
  { name: '/login', path: '/login' },
  { name: '/register', path: '/register' },
  { name: '/forgot-password', path: '/forgot-password' },
  { name: '/reset-password', path: '/reset-password?token=no-such-token' },
  { name: '/join', path: '/join?token=no-such-token' },
  { name: '/confirm-email', path: '/confirm-email?token=no-such-token' },
  { name: '/confirm-contact', path: '/confirm-contact?token=no-such-token' },
  { name: '/privacy', path: '/privacy' },
  { name: '/terms', path: '/terms' },
  { name: '/support', path: '/support' },
  { name: '/track/:token', path: '/track/no-such-token' },
  { name: '/home', path: '/home' },
  { name: '/search (map)', path: '/search?view=map' },
  {
    name: '/providers/:id',
    path: async (page) => `/providers/${await firstProviderId(page.request)}`,
  },
  { name: '/bookings (driver)', path: '/bookings', who: 'driver' },
  { name: '/bookings (mechanic)', path: '/bookings', who: 'mechanic' },
  { name: '/profile (driver)', path: '/profile', who: 'driver' },
  { name: '/profile settings (mechanic)', path: '/profile?tab=settings', who: 'mechanic' },
  { name: '/payment-methods', path: '/payment-methods', who: 'driver' },
  { name: '/receipts/:id', path: paidReceipt },
  { name: '/admin', path: '/admin', who: 'admin' },
  { name: '/fleet', path: '/fleet', who: 'mechanic' },
  { name: '/reports', path: '/reports', who: 'mechanic' },
  { name: 'not found', path: '/no-such-page' },
];

for (const shade of themes)
  for (const screen of pages)
    test(`${shade}: no serious or critical axe finding on ${screen.name}`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      await useShade(page, shade);
      if (screen.who) await signIn(page.request, screen.who);
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page, browser);
      await page.goto(path);
      // The whole page, as a person scrolling it sees it.
      if (screen.who) await scrollToEnd(page);
      await expectNoSeriousFindings(page, shade);
    });

test('the device’s dark choice is on <html> before the body exists, on a light phone', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript((key) => {
    localStorage.setItem(key, 'dark');
    // Records the theme class at the moment the body is parsed, before anything of it can paint.
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody: string }).themeAtBody =
        document.documentElement.className;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, THEME_KEY);
  await page.goto('/login');
  expect(
    await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody),
  ).toBe('dark');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#020617');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(11, 18, 32)');
});

test('light forced on a dark phone, and the Settings switch changes the theme at once', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const account = uniqueAccount();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...account, role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/profile?tab=settings');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  const group = page.getByRole('group', { name: 'Theme' });
  await group.locator('label', { hasText: 'Light' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(248, 250, 252)',
  );
  // Saved on the account: a reload (and any other device) signs in to light.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/auth/session')).json()) as {
            user: { theme: string };
          }
        ).user.theme,
    )
    .toBe('light');
  await page.evaluate((key) => localStorage.removeItem(key), THEME_KEY);
  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();

  await group.locator('label', { hasText: 'System' }).click();
  await expect(group.getByRole('radio', { name: /System/ })).toBeChecked();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass(/\blight\b/);
});
