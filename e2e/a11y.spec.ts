import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoSideways, scrollToEnd, test } from './fixtures.ts';

async function expectNoSeriousViolations(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
  await expectNoSideways(page);
}

for (const path of ['/', '/register', '/no-such-page', '/login', '/forgot-password', '/home']) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

for (const [who, path] of [
  ['driver', '/profile'],
  ['driver', '/bookings?tab=history'],
  ['mechanic', '/profile?tab=settings'],
  ['mechanic', '/bookings'],
  ['admin', '/admin'],
] as const) {
  test(`no serious or critical accessibility violations on ${path} for a ${who}`, async ({
    page,
  }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { email: `${who}@truckfinder.test`, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(path);
    await expect(page.getByText(/Loading/)).toHaveCount(0);
    // The whole page, as a person scrolling it sees it.
    await scrollToEnd(page);
    await expectNoSeriousViolations(page);
  });
}

test('no serious or critical accessibility violations on a provider’s details page', async ({
  page,
}) => {
  const [provider] = (await (await page.request.get('/api/providers?limit=1')).json()) as {
    id: string;
  }[];
  await page.goto(`/providers/${provider!.id}`);
  await expectNoSeriousViolations(page);
});
