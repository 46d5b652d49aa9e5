import type { Page } from '@playwright/test';
import { demoAccounts } from '../src/core/demo-accounts.ts';
import authEs from '../src/web/features/auth/locales/auth.es.ts';
import { expect, expectToast, guardPage, signInOnLanding, test } from './fixtures.ts';

// The landing page the build pre-renders (docs/decisions/070-landing-page-pre-rendered.md).

const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** The app's own scripts the page has asked for. */
function appScripts(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (
      request.resourceType() === 'script' &&
      new URL(request.url()).pathname.startsWith('/assets/')
    )
      asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** Keeps the app's entry script from arriving until `release()`: the visitor acts first. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_ENTRY, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the landing page shows whole before any of the app’s code, which loads at the first touch', async ({
  page,
}) => {
  const asked = appScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: 'Truck Finder' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main mobile' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);

  const entry = page.waitForRequest(APP_ENTRY);
  await form.getByLabel('Email').tap();
  await entry;
  await expect.poll(() => asked.length).toBeGreaterThan(2);
});

test('a visitor who types and presses Sign In before the app has arrived is signed in once it has', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  await signInOnLanding(page, demoAccounts.driver);
  // The press is held: nothing happens yet, and what was typed stays.
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(
    demoAccounts.driver,
  );
  release();
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'Welcome back!', 'Logged in as Marcus Johnson');
});

test('the Sign Up tab pressed before the app has arrived opens once it has, and the keyboard sends the form', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  release();
  await expect(page.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Sign In' }).click();

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(demoAccounts.mechanic);
  await form.getByLabel('Password', { exact: true }).fill('truckfinder-demo');
  await form.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/home$/);
});

test('in Spanish for a Spanish browser and for a device that chose Spanish', async ({
  browser,
}) => {
  const spanishBrowser = await browser.newContext({ locale: 'es-US' });
  const spanish = await spanishBrowser.newPage();
  const problems: string[] = [];
  await guardPage(spanish, problems);
  const asked = appScripts(spanish);
  await spanish.goto('/', { waitUntil: 'networkidle' });
  await expect(spanish.getByText(authEs.tagline)).toBeVisible();
  await expect(spanish.locator('html')).toHaveAttribute('lang', 'es-US');
  expect(asked).toEqual([]);
  await spanishBrowser.close();

  const chose = await browser.newContext({ locale: 'en-US' });
  const page = await chose.newPage();
  await guardPage(page, problems);
  await page.goto('/');
  await page.getByRole('button', { name: 'Show the app in Español' }).click();
  await expect(page.getByText(authEs.tagline)).toBeVisible();
  // The next visit: the server sends the Spanish page (the choice is in a cookie too).
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'es');
  await expect(page.getByRole('tab', { name: authEs.signInTab })).toBeVisible();
  // A choice kept before the cookie: the app starts at once and shows the page in it.
  await chose.clearCookies();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await expect(page.getByText(authEs.tagline)).toBeVisible();
  await chose.close();
  expect(problems, 'console errors and page errors').toEqual([]);
});

test('a device whose language cookie says Spanish gets the Spanish page, and the app takes it over as it is', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addCookies([
    { name: 'tf-language', value: 'es', url: test.info().project.use.baseURL! },
  ]);
  const page = await context.newPage();
  const problems: string[] = [];
  await guardPage(page, problems);
  const release = await holdTheApp(page);
  await page.goto('/');
  const form = page.getByRole('form', { name: authEs.signInForm });
  await form.getByLabel(authEs.email).fill(demoAccounts.driver);
  await form.getByLabel(authEs.password, { exact: true }).fill('truckfinder-demo');
  await form.getByRole('button', { name: authEs.signInButton }).click();
  release();
  await expect(page).toHaveURL(/\/home$/);
  await context.close();
  expect(problems, 'console errors and page errors').toEqual([]);
});

test('when the app’s code cannot be loaded the page loads itself again once, then lets the form go, by POST', async ({
  page,
}) => {
  await page.route(APP_ENTRY, (route) => route.fulfill({ status: 404, body: 'gone' }));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').tap();
  await expect.poll(() => loads).toBe(2);
  await form.getByLabel('Email').fill(demoAccounts.driver);
  await form.getByLabel('Password', { exact: true }).fill('truckfinder-demo');
  const sent = page.waitForRequest((request) => request.method() === 'POST');
  await form.getByRole('button', { name: 'Sign In' }).click();
  expect((await sent).url()).toMatch(/\/$/);
  await expect.poll(() => loads).toBe(3);
  expect(page.url()).not.toContain('password');
  expect(page.url()).not.toContain('truckfinder.test');
});
