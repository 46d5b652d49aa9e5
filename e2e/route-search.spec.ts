import type { Page } from '@playwright/test';
import { DALLAS, expect, test } from './fixtures.ts';

const places = async (page: Page) =>
  (await page.getByTestId('route-place').allTextContents()).map((text) => {
    const match = /^mile (\d+) ahead · ([\d.]+) mi off route$/.exec(text.trim());
    expect(match, text).not.toBeNull();
    return { along: Number(match![1]), off: Number(match![2]) };
  });

async function searchTo(page: Page, destination: string) {
  await page.goto('/home');
  await page.getByRole('radio', { name: 'Along my route' }).click();
  await page.getByLabel('Destination').fill(destination);
  await page.getByRole('button', { name: 'Search along route' }).click();
  await expect(page.getByTestId('route-summary')).toBeVisible();
}

test.describe('search along the route, the driver in Dallas', () => {
  test.use({ geolocation: DALLAS, permissions: ['geolocation'] });

  test('lists providers in their order along a road route and draws the route', async ({
    page,
  }) => {
    await test.step('The driver searches towards Waco', async () => {
      await searchTo(page, 'Waco, TX');
      await expect(page.getByTestId('route-straight')).toHaveCount(0);
    });

    await test.step('Providers come nearest along the route first, each within 5 miles of it', async () => {
      const list = await places(page);
      expect(list.length).toBeGreaterThan(0);
      expect(list.map((p) => p.along)).toEqual([...list.map((p) => p.along)].sort((a, b) => a - b));
      for (const p of list) expect(p.off).toBeLessThanOrEqual(5);
    });

    await test.step('The map draws the route', async () => {
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(page.locator('path[data-testid="route-line"]')).toBeVisible();
    });
  });

  test('a wider corridor finds at least as many providers', async ({ page }) => {
    await searchTo(page, 'Waco, TX');
    const narrow = (await places(page)).length;
    const slider = page.getByRole('slider', { name: 'Distance from the route' });
    await slider.focus();
    for (let i = 0; i < 20; i++) await slider.press('ArrowRight');
    await expect(page.getByTestId('route-corridor')).toHaveText('Within 25 mi of the route');
    await page.getByRole('button', { name: 'Search along route' }).click();
    await expect(async () => {
      const wide = await places(page);
      expect(wide.length).toBeGreaterThanOrEqual(narrow);
      for (const p of wide) expect(p.off).toBeLessThanOrEqual(25);
    }).toPass();
  });

  test('says so when the route is a straight line', async ({ page }) => {
    // The e2e routing service answers garbage for destinations west of 100° W.
    await searchTo(page, 'Lubbock, TX');
    await expect(page.getByTestId('route-straight')).toHaveText(
      'Straight-line corridor: no road routing on this server',
    );
  });
});
