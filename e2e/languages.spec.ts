import type { Browser, Page } from '@playwright/test';
import { demoAccounts } from '../src/core/demo-accounts.ts';
import { formatters } from '../src/core/i18n/format.ts';
import book from '../src/web/features/bookings/locales/book.es.ts';
import bookings from '../src/web/features/bookings/locales/bookings.es.ts';
import providers from '../src/web/features/providers/locales/providers.es.ts';
import auth from '../src/web/features/auth/locales/auth.es.ts';
import {
  DALLAS,
  DEMO_PASSWORD,
  DEMO_PROVIDER,
  expect,
  findProvider,
  test,
  uniqueAccount,
} from './fixtures.ts';
import { pseudo } from '../src/web/lib/pseudo.ts';
import { untranslated, usePseudoLocale } from './untranslated.ts';

/** A phone in Texas whose browser speaks Spanish, signed in as `email` (or a new driver). */
async function spanishPhone(browser: Browser, email?: string, pseudo = false) {
  const context = await browser.newContext({
    locale: 'es-US',
    geolocation: DALLAS,
    permissions: ['geolocation'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.route('https://*.tile.openstreetmap.org/**', (route) => route.abort());
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.route('https://*.basemaps.cartocdn.com/**', (route) => route.abort());
  if (pseudo) await usePseudoLocale(page);
  if (email) {
    const login = await page.request.post('/api/auth/login', {
      data: { email, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
  }
  return { context, page };
}

const registerDriver = async (page: Page) => {
  const registered = await page.request.post('/api/auth/register', {
    data: { ...uniqueAccount(), role: 'driver' },
  });
  expect(registered.status()).toBe(201);
};

/** The card's action: Book Now, or Request Service while the provider is busy. */
const bookOrRequest = new RegExp(`^(${providers.bookNow}|${providers.requestService})`);

/** A Spanish date as es-US writes it: "27 nov 2026" (Intl may space it with no-break spaces). */
const spanishDate =
  /(?<!\d)\d{1,2}\s(ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.?\s\d{4}(?!\d)/;

test('a driver on a Spanish phone signs up, searches, books, and the provider accepts, all in Spanish', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const driver = await spanishPhone(browser);
  const vehicle = `Kenworth T680 #${Date.now().toString(36)}`;

  await test.step('The landing page and the sign-up read Spanish', async () => {
    await driver.page.goto('/');
    await expect(driver.page.locator('html')).toHaveAttribute('lang', 'es-US');
    await expect(driver.page.getByRole('form', { name: auth.signInForm })).toBeVisible();
    await driver.page.getByRole('tab', { name: auth.signUpTab }).click();
    await expect(driver.page.getByRole('tab', { name: auth.signUpTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('Signed up, the search lists the demo provider in Spanish', async () => {
    await registerDriver(driver.page);
    const card = await findProvider(driver.page);
    await expect(card.getByRole('button', { name: bookOrRequest })).toBeVisible();
  });

  await test.step('The booking dialog reads Spanish and books', async () => {
    const card = driver.page.getByTestId('provider-card').filter({ hasText: DEMO_PROVIDER });
    await card.first().getByRole('button', { name: bookOrRequest }).click();
    const dialog = driver.page.getByRole('dialog', { name: book.title });
    await dialog.getByLabel(book.serviceType).selectOption('Brake Repair');
    await dialog.getByRole('textbox').first().fill(vehicle);
    await dialog.getByLabel(book.preferredDate).fill('2027-03-05');
    await dialog.getByLabel(book.preferredTime).selectOption('morning');
    await dialog.getByRole('button', { name: book.confirm }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('My Bookings reads Spanish, with es-US dates and money', async () => {
    await driver.page.goto('/bookings');
    await expect(driver.page.getByRole('heading', { name: bookings.title })).toBeVisible();
    const card = driver.page.getByTestId('booking-card').filter({ hasText: vehicle });
    await expect(card).toBeVisible();
    await expect(card).toContainText(spanishDate);
    // The demo provider's $95.00 visit, its 10% fee and the total, as es-US writes money.
    await expect(card).toContainText(formatters('es').money(104.5));
  });

  await test.step('The provider accepts it on a Spanish phone', async () => {
    const provider = await spanishPhone(browser, demoAccounts.mechanic);
    await provider.page.goto('/bookings');
    await expect(provider.page.getByRole('heading', { name: bookings.title })).toBeVisible();
    const request = provider.page.locator('article, [data-testid]').filter({ hasText: vehicle });
    await request.getByRole('button', { name: bookings.accept }).first().click();
    await expect(request.getByRole('button', { name: bookings.accept })).toHaveCount(0);
    await provider.context.close();
  });

  await test.step('English chosen on the account sticks after signing out and in', async () => {
    const me = (await (await driver.page.request.get('/api/auth/session')).json()) as {
      user: { id: string; email: string };
    };
    const saved = await driver.page.request.patch(`/api/users/${me.user.id}`, {
      data: { language: 'en' },
      headers: { origin: new URL(driver.page.url()).origin },
    });
    expect(saved.status()).toBe(200);
    await driver.page.request.post('/api/auth/logout', {
      headers: { origin: new URL(driver.page.url()).origin },
    });
    await driver.page.goto('/');
    await expect(driver.page.locator('html')).toHaveAttribute('lang', /^(en|es)-US$/);
    const back = await driver.page.request.post('/api/auth/login', {
      data: { email: me.user.email, password: 'long enough password' },
    });
    expect(back.status()).toBe(200);
    await driver.page.goto('/bookings');
    await expect(driver.page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(driver.page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  });
  await driver.context.close();
});

test('the pseudo-locale finds no product string outside the catalogs on the journey', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page, context } = await spanishPhone(browser, undefined, true);
  const check = async (where: string, on: Page = page) => {
    await expect(on.locator('main#main')).toBeVisible();
    await expect.poll(() => untranslated(on), { message: where }).toEqual([]);
  };
  await page.goto('/');
  await check('landing');
  await page.getByRole('tab', { name: pseudo(auth.signUpTab) }).click();
  await expect(page.getByRole('tab', { name: pseudo(auth.signUpTab) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await check('sign-up');
  await registerDriver(page);
  await page.goto('/home');
  const card = page.getByTestId('provider-card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await check('search');
  await card
    .getByRole('button', {
      name: new RegExp(`${pseudo(providers.bookNow)}|${pseudo(providers.requestService)}`),
    })
    .click();
  await expect(page.getByRole('dialog', { name: pseudo(book.title) })).toBeVisible();
  await check('booking dialog');
  await page.keyboard.press('Escape');
  await page.goto('/bookings');
  await check('my bookings');

  const provider = await spanishPhone(browser, demoAccounts.mechanic, true);
  await provider.page.goto('/bookings');
  await expect(
    provider.page.getByRole('button', { name: pseudo(bookings.accept) }).first(),
  ).toBeVisible();
  await check('the provider’s requests', provider.page);
  await provider.context.close();
  await context.close();
});
