import { readFileSync } from 'node:fs';
import { expect, signInOnLanding, test } from './fixtures.ts';

test('the navigation fits the screen: a bottom bar on a phone, a top bar on a desktop', async ({
  page,
  isMobile,
}) => {
  await test.step('The driver signs in and lands on Home', async () => {
    await page.goto('/');
    await signInOnLanding(page, 'driver@truckfinder.test');
    await expect(page).toHaveURL(/\/home$/);
  });
  const bottom = page.getByRole('navigation', { name: 'Main mobile' });
  const top = page.getByRole('navigation', { name: 'Main', exact: true });
  if (isMobile) {
    await test.step('On a phone, a bottom bar links Home, Search, Bookings and Profile', async () => {
      await expect(bottom).toBeVisible();
      await expect(top).toBeHidden();
      for (const label of ['Home', 'Search', 'Bookings', 'Profile'])
        await expect(bottom.getByRole('link', { name: label })).toBeVisible();
      await expect(bottom.getByRole('link', { name: 'Home' })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    await test.step('The bottom bar marks the screen the driver moves to', async () => {
      await bottom.getByRole('link', { name: 'Bookings' }).click();
      await expect(page).toHaveURL(/\/bookings$/);
      await expect(bottom.getByRole('link', { name: 'Bookings' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await bottom.getByRole('link', { name: 'Home' }).click();
      await expect(bottom.getByRole('link', { name: 'Home' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });
  } else {
    await test.step('On a desktop, a top bar marks Find Services', async () => {
      await expect(top).toBeVisible();
      await expect(bottom).toBeHidden();
      await expect(top.getByRole('link', { name: 'Find Services' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    await test.step('The top bar marks Profile once the driver opens it', async () => {
      await top.getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(top.getByRole('link', { name: 'Profile' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(top.getByRole('link', { name: 'Find Services' })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
    });
  }
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the footer links lead to real Privacy, Terms and Support pages', async ({ page }) => {
  for (const [link, heading] of [
    ['Privacy', 'Privacy Policy'],
    ['Terms', 'Terms of Service'],
    ['Support', 'Support'],
  ]) {
    await page.goto('/');
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('every screen of the route table opens', async ({ page }) => {
  for (const path of [
    '/home',
    '/search',
    '/register',
    '/login',
    '/forgot-password',
    '/demo',
    '/stripe-test',
    '/complete-test-suite',
    '/admin-test',
  ]) {
    await test.step(`${path} opens, no wider than the screen`, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
      // Nothing may be wider than the screen: a phone must never scroll sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('a page whose file cannot be fetched', () => {
  // Without the service worker, whose precache would answer for the blocked file.
  test.use({
    serviceWorkers: 'block',
    expectedConsoleErrors: [/dynamically imported module|net::ERR_FAILED/],
  });

  test('shows an error under the app frame; another page and Try Again recover', async ({
    page,
  }) => {
    // Chunks are named by their hash (decision 051): the build's manifest says which is the page's.
    const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string }
    >;
    const privacyFile = manifest['pages/info/privacy-page.tsx']!.file;
    const privacyChunk = (url: URL) => url.pathname === `/${privacyFile}`;
    await page.route(privacyChunk, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Privacy', exact: true }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
    await expect(failed).toContainText(
      'It did not finish loading. Check your connection and try again.',
    );

    // The header stayed: it leads on, and the page there shows.
    await page.getByRole('link', { name: 'Truck Finder' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(failed).toHaveCount(0);

    await page.goto('/privacy');
    await expect(failed).toBeVisible();
    await page.unroute(privacyChunk);
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});
