import { expect, expectWorkerInControl, test } from './fixtures.ts';

test('the app is installable: a manifest with icons and a service worker', async ({ page }) => {
  await page.goto('/');
  await test.step('The manifest names the app and lists icons that load', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: 'Truck Finder',
      short_name: 'Truck Finder',
      display: 'standalone',
      start_url: '/',
    });
    expect(manifest.theme_color).toBeTruthy();
    expect(manifest.background_color).toBeTruthy();
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons)
      expect((await page.request.get(icon.src)).status()).toBe(200);
  });

  await test.step('A service worker covers the whole app', async () => {
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
  });
});

test('the app opens offline with a clear notice', async ({ page, context }) => {
  await test.step('The service worker takes control of the page', async () => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Wait until the worker controls the page, so the shell comes from its cache.
    await page.reload();
    await expectWorkerInControl(page);
  });

  await test.step('Offline, a screen still opens and says the app is offline', async () => {
    await context.setOffline(true);
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Join Truck Finder' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  });

  await test.step('Back online, the notice goes away', async () => {
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  });
});
