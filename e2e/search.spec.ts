import type { Page } from '@playwright/test';
import {
  DALLAS,
  expect,
  expectToast,
  listedProviders,
  revealCard,
  signInOnLanding,
  test,
} from './fixtures.ts';

const cards = (page: Page) => page.getByTestId('provider-card');
const countLine = (page: Page) => page.getByTestId('count-line');

test.describe('with the driver in Dallas', () => {
  test.use({ geolocation: DALLAS, permissions: ['geolocation'] });

  test('lists nearby providers with distances, available first', async ({ page }) => {
    await test.step('The driver opens Home and the location is detected', async () => {
      await page.goto('/home');
      await expectToast(page, 'Location detected', 'Now showing nearby service providers');
      await expect(countLine(page)).toHaveText(/^\d+ service providers? within 25 miles$/);
    });

    await test.step('Every provider listed is within 25 miles, an available one first', async () => {
      await expect(cards(page).first()).toBeVisible();
      const distances = await page.getByTestId('distance').allTextContents();
      expect(distances.length).toBeGreaterThan(3);
      for (const d of distances) expect(Number(d.replace(' mi', ''))).toBeLessThanOrEqual(25);
      await expect(cards(page).first().getByText('Available', { exact: true })).toBeVisible();
    });

    await test.step('The list says when it was updated, and a card has a Call link', async () => {
      await expect(page.getByTestId('updated-ago')).toHaveText(
        /Updated (just now|\d+ seconds ago)/,
      );
      await expect(
        cards(page)
          .first()
          .getByRole('link', { name: /^Call / }),
      ).toHaveAttribute('href', /^tel:\d{10}$/);
    });
  });

  test('filters change the list and the badge, and live in the URL', async ({ page }) => {
    const before = await test.step('The driver turns on Accepts AAA and 4.5+ stars', async () => {
      await page.goto('/home');
      await expect(cards(page).first()).toBeVisible();
      const before = await listedProviders(page);
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('switch', { name: 'Accepts AAA' }).click();
      await page.getByRole('radio', { name: '4.5+' }).click();
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('filter-count')).toHaveText('2');
      await expect(page).toHaveURL(/acceptsAAA=true/);
      await expect(page).toHaveURL(/rating=4.5/);
      return before;
    });

    await test.step('Only AAA providers rated 4.5 or more are listed', async () => {
      await expect.poll(() => listedProviders(page)).toBeLessThan(before);
      // Each filter answers on its own, and other tests' reviews move ratings live: wait for the
      // list that both filters give.
      await expect
        .poll(async () =>
          (await cards(page).getByTestId('rating').allTextContents()).every(
            (r) => Number(r) >= 4.5,
          ),
        )
        .toBe(true);
      for (const card of await cards(page).all())
        await expect(card.getByText('AAA', { exact: true })).toBeVisible();
    });

    await test.step('The filters and the list stay the same after a reload', async () => {
      const filtered = await listedProviders(page);
      await page.reload();
      await expect(page.getByTestId('filter-count')).toHaveText('2');
      await expect.poll(() => listedProviders(page)).toBe(filtered);
    });
  });

  test('tabs filter by type with counts', async ({ page }) => {
    await page.goto('/home');
    await expect(cards(page).first()).toBeVisible();
    const towing = page.getByRole('tab', { name: /^Towing \(\d+\)$/ });
    const n = Number(/\((\d+)\)/.exec((await towing.textContent()) ?? '')![1]);
    await towing.click();
    await expect.poll(() => listedProviders(page)).toBe(n);
    for (const card of await cards(page).all())
      await expect(card.getByText('Towing Service')).toBeVisible();
    await expect(page).toHaveURL(/tab=towing/);
  });

  test('the map opens with a marker per provider and shows the card of a tapped marker', async ({
    page,
  }) => {
    await test.step('The map shows a marker per provider and the driver’s position', async () => {
      await page.goto('/home');
      await expect(cards(page).first()).toBeVisible();
      const count = await listedProviders(page);
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(page.getByTestId('provider-map')).toBeVisible();
      await expect(page.locator('[data-provider-id]')).toHaveCount(count);
      await expect(
        page
          .getByRole('button', { name: 'Your position' })
          .or(page.locator('[aria-label="Your position"]')),
      ).toHaveCount(1);
    });

    await test.step('Tapping a marker shows that provider’s card alone', async () => {
      // Markers can sit under others or under "You are here" (journeys running beside this one
      // add providers in Dallas), so the tap goes to the marker itself, not to a point.
      await page.locator('[data-provider-id]').first().dispatchEvent('click');
      await expect(cards(page)).toHaveCount(1);
    });
  });

  test('a card opens the provider details', async ({ page }) => {
    await page.goto('/home');
    const first = cards(page).first();
    const name = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/providers\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent reviews' })).toBeVisible();
    await expect(page.getByText('Specialties')).toBeVisible();
    await expect(page.getByText('Certifications')).toBeVisible();
  });

  test('Clear Filters restores the list after an empty search', async ({ page }) => {
    await page.goto('/home');
    await expect(cards(page).first()).toBeVisible();
    const count = await listedProviders(page);
    await page
      .getByRole('searchbox', { name: 'Search providers' })
      .fill('no such provider anywhere');
    await expect(page.getByText('No services found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => listedProviders(page)).toBe(count);
    await expect(page.getByRole('searchbox', { name: 'Search providers' })).toHaveValue('');
  });

  test('the location button updates the position', async ({ page }) => {
    await page.goto('/home');
    await expectToast(page, 'Location detected');
    await page.getByRole('button', { name: 'Update my location' }).click();
    await expectToast(page, 'Location updated', 'Refreshing nearby providers');
  });

  test('a signed-out driver who books signs in and comes back to the booking', async ({ page }) => {
    const name =
      await test.step('A signed-out driver taps Book Now and is asked to sign in', async () => {
        await page.goto('/home');
        const bookable = cards(page)
          .filter({ has: page.getByRole('button', { name: /^Book Now/ }) })
          .first();
        const name = (await bookable.getByRole('heading').textContent())!;
        await bookable.getByRole('button', { name: /^Book Now/ }).click();
        await expectToast(page, 'Sign in to book');
        await expect(page).toHaveURL(/\/\?next=/);
        return name;
      });

    await test.step('Once signed in, the driver is back with that provider’s booking open', async () => {
      await signInOnLanding(page, 'driver@truckfinder.test');
      await expect(page).toHaveURL(/\/home\?book=[0-9a-f-]{36}$/);
      const dialog = page.getByRole('dialog', { name: 'Book Service' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(`Request service from ${name}.`)).toBeVisible();
    });
  });
});

test('with location denied, every provider is listed without distances', async ({ page }) => {
  await page.goto('/search');
  await expectToast(page, 'Location access denied', 'Showing all available providers');
  // Every approved provider: the 26 demo ones, and any a parallel test has just approved.
  await expect(countLine(page)).toHaveText(/^\d+ service providers found$/);
  const listed = Number((await countLine(page).textContent())!.split(' ')[0]);
  expect(listed).toBeGreaterThanOrEqual(26);
  await expect.poll(() => listedProviders(page)).toBe(listed);
  await expect(page.getByTestId('distance')).toHaveCount(0);
  // Offline providers come last: scrolled to, as the list renders the cards near the viewport.
  const offline = (await revealCard(page, 'Offline')).first();
  await expect(offline.getByRole('button', { name: /Request Service/ })).toBeDisabled();
});
