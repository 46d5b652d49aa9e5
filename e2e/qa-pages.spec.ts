import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from '../src/core/demo-accounts.ts';
import { expect, expectNoSideways, test } from './fixtures.ts';

// One after another: the last test counts what the others left behind.
test.describe.configure({ mode: 'serial' });

const signInAsAdmin = async (page: Page) =>
  expect(
    (
      await page.request.post('/api/auth/login', {
        data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
      })
    ).status(),
  ).toBe(200);

const statuses = (scope: Locator) =>
  scope
    .locator('li[data-testid^="check-"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));

/** Waits until the `count` checks in `scope` have all run, then expects every one passed. */
async function expectAllPassed(scope: Locator, count: number, timeout = 60_000) {
  await expect
    .poll(async () => (await statuses(scope)).filter((s) => s === 'passed' || s === 'failed'), {
      timeout,
    })
    .toHaveLength(count);
  const failed = scope.locator('li[data-testid^="check-"][data-status="failed"]');
  expect(await failed.allInnerTexts(), 'failed checks').toEqual([]);
}

async function open(page: Page, path: string, heading: string) {
  await signInAsAdmin(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectNoSideways(page);
}

test('Profile Management Testing Suite: the six updates pass on a test driver', async ({
  page,
}) => {
  await open(page, '/test-profile', 'Profile Management Testing Suite');
  await page.getByRole('button', { name: 'Run All Tests' }).click();
  await expectAllPassed(page.locator('main'), 6);
  await expectNoSideways(page);
});

test('Profile Management Demo: five steps, then Reset Demo', async ({ page }) => {
  await open(page, '/complete-demo', 'Profile Management Demo');
  await page.getByRole('button', { name: 'Start Demo' }).click();
  await expectAllPassed(page.getByRole('list', { name: 'Demo steps' }), 5);
  await page.getByRole('button', { name: 'Reset Demo' }).click();
  await expect
    .poll(() => statuses(page.getByRole('list', { name: 'Demo steps' })))
    .toEqual(Array(5).fill('pending'));
});

test('Driver Profile Test: a test driver fleet, and the manual checks', async ({ page }) => {
  await test.step('A test driver with no vehicles is sent to Add Vehicle', async () => {
    await open(page, '/driver-profile-test', 'Driver Profile Test');
    await page.getByRole('button', { name: 'Create test driver' }).click();
    await expect(page.getByText('No vehicles added')).toBeVisible();
    await page.getByRole('button', { name: 'Add Your First Vehicle' }).click();
    await expect(page.getByRole('tab', { name: 'Add Vehicle' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  await test.step('Every manual check passes', async () => {
    await page.getByRole('tab', { name: 'Manual Testing' }).click();
    await page.getByRole('button', { name: 'Run All Tests' }).click();
    const manual = page.getByRole('tabpanel', { name: 'Manual Testing' });
    await expectAllPassed(manual, await manual.locator('li[data-testid^="check-"]').count());
  });

  await test.step('The test driver is deleted', async () => {
    await page.getByRole('button', { name: 'Delete test driver' }).click();
    await expect(page.getByRole('button', { name: 'Create test driver' })).toBeVisible();
  });
});

test('Platform Demo: the five sections read the live API', async ({ page }) => {
  await open(page, '/demo', 'Platform Demo');
  for (const section of ['Overview', 'Authentication', 'Providers', 'Profile', 'Search'])
    await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Search Dallas again' }).click();
  await expect(page.getByText(/providers within 25 miles/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as demo driver' }).click();
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
});

test('Auth Test: automated and validation checks pass, admin sign-up refused', async ({ page }) => {
  await open(page, '/auth-test', 'Authentication Test');
  for (const tab of ['Automated Tests', 'Validation Tests']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await panel.getByRole('button', { name: 'Run All Tests' }).click();
    await expectAllPassed(panel, await panel.locator('li[data-testid^="check-"]').count());
  }
});

test('Admin Test: cards, users and the admin API checks', async ({ page }) => {
  await open(page, '/admin-test', 'Admin Test');
  await expect(page.getByText('Total Users')).toBeVisible();
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByText(/Showing \d+ of \d+ users/)).toBeVisible();
  await page.getByRole('tab', { name: 'Manual Testing' }).click();
  const panel = page.getByRole('region', { name: 'Manual Testing' });
  await panel.getByRole('button', { name: 'Run All Tests' }).click();
  await expectAllPassed(panel, await panel.locator('li[data-testid^="check-"]').count());
  await test.step('The admin actions toggle a provider and confirm a booking, then undo both', async () => {
    const actions = page.getByRole('region', { name: 'Admin Actions' });
    await actions.getByRole('button', { name: 'Run Admin Actions' }).click();
    await expectAllPassed(actions, 2);
    await expect(actions.getByTestId('check-action-provider-status')).toContainText(
      'available → busy → available',
    );
    await expect(actions.getByTestId('check-action-booking-confirm')).toContainText(
      'pending → confirmed',
    );
    await expect(actions.getByTestId('admin-actions-undo')).toHaveText(
      'Undone: provider back to available, booking back to pending, test booking cancelled by its driver, 2 test accounts deleted.',
    );
  });
});

test('Location Test: every test location answers as expected', async ({ page }) => {
  await open(page, '/location-test', 'Location Test');
  await page.getByRole('tab', { name: 'Test Locations' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Test Locations' });
  await panel.getByRole('button', { name: 'Test all locations' }).click();
  await expectAllPassed(panel, 12, 90_000);
  await page.getByRole('tab', { name: 'Interactive Search' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('tab', { name: 'Distance Analysis' }).click();
  await expect(page.getByTestId('distance-summary')).toHaveText(/^(\d+) of \1 passed, 0 failed$/);
  await expectNoSideways(page);
});

test('Availability Test: the status cycle hears each live event and restores', async ({ page }) => {
  await open(page, '/availability-test', 'Availability Test');
  await expect(page.getByTestId('events-connection')).toHaveText('Stream connected');
  await page.getByRole('button', { name: 'Run status cycle' }).click();
  await expectAllPassed(page.getByRole('list', { name: 'Status cycle' }), 5);
});

test('Payment and Subscription Test: a test mechanic subscribes, upgrades and cancels', async ({
  page,
}) => {
  await open(page, '/payment-test', 'Payment and Subscription Test');
  await expect(page.getByTestId('test-mode-note')).toBeVisible();
  await expect(page.getByTestId('plan-premium')).toContainText('Most Popular');
  await page.getByRole('tab', { name: 'Testing' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Testing' });
  await panel.getByRole('button', { name: 'Run All Tests' }).click();
  await expectAllPassed(panel, await panel.locator('li[data-testid^="check-"]').count(), 90_000);
  await expectNoSideways(page);
});

test('Stripe Checkout Test: session, payment, signed webhook, then success', async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, '/stripe-test', 'Stripe Checkout Test');
  await page.getByRole('button', { name: 'Start Checkout' }).click();
  await expect(page).toHaveURL(/\/stripe-test\?session_id=[^&]+&status=success/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('checkout-result')).toContainText('Payment successful');
});

test('Payment Reminder Calendar: 35 days, and the reminder test really sends', async ({ page }) => {
  await test.step('The reminder test sends and every check passes', async () => {
    await open(page, '/calendar-test', 'Payment Reminder Calendar');
    await page.getByRole('tab', { name: 'Manual Testing' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Manual Testing' });
    await panel.getByRole('button', { name: 'Run Reminder Test' }).click();
    await expectAllPassed(panel, await panel.locator('li[data-testid^="check-"]').count(), 90_000);
  });

  await test.step('A test mechanic with reminders fills the 35-day calendar', async () => {
    await page.getByRole('button', { name: 'Create a test mechanic with reminders' }).click();
    await page.getByRole('tab', { name: 'Calendar View' }).click();
    await expect(page.getByTestId('calendar-cell')).toHaveCount(35);
    await page.getByRole('tab', { name: 'Active Reminders' }).click();
    await expect(page.getByRole('button', { name: /Send Test Reminder/ }).first()).toBeVisible();
  });

  await test.step('The test mechanic is deleted', async () => {
    await page.getByRole('button', { name: 'Delete test mechanic' }).click();
    await expect(
      page.getByRole('button', { name: 'Create a test mechanic with reminders' }),
    ).toBeVisible();
  });
});

test('Complete Test Suite: 40 passed and 0 failed, summary copied as JSON', async ({
  page,
  context,
}) => {
  await test.step('Run All ends with 40 passed, none failed or pending', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/complete-test-suite', 'Complete Test Suite');
    await page.getByTestId('suite-run-all').click();
    await expect(page.getByTestId('suite-count-passed')).toContainText('40', { timeout: 120_000 });
    await expect(page.getByTestId('suite-count-failed')).toContainText('0');
    await expect(page.getByTestId('suite-count-pending')).toContainText('0');
  });

  await test.step('The summary copied as JSON says the same', async () => {
    await page.getByTestId('suite-copy-json').click();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      totals: { total: number; passed: number; failed: number };
    };
    expect(copied.totals).toMatchObject({ total: 40, passed: 40, failed: 0 });
  });
});

test.describe('a failing endpoint', () => {
  test.use({ expectedConsoleErrors: [/status of 500/] });

  test('turns red exactly the suite tests that call it, with the real status and message', async ({
    page,
  }) => {
    await test.step('The suite runs with the reminder settings answering 500', async () => {
      await page.route('**/api/reminder-settings/**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Reminder settings are down for the test' }),
        }),
      );
      await open(page, '/complete-test-suite', 'Complete Test Suite');
      await page.getByTestId('suite-run-all').click();
      await expect(page.getByTestId('suite-overview')).toHaveAttribute('data-state', 'finished', {
        timeout: 120_000,
      });
    });

    await test.step('Only the calendar settings check fails, with the status and message', async () => {
      const failed = page.locator('li[data-testid^="check-"][data-status="failed"]');
      await expect(failed).toHaveCount(1);
      await expect(failed).toHaveAttribute('data-testid', 'check-calendar-settings');
      await expect(failed).toContainText('HTTP 500 Reminder settings are down for the test');
      await expect(page.getByTestId('suite-count-passed')).toContainText('39');
    });
  });
});

/** Counts, through the operator's API, what test runs may have left in the database. */
async function leftovers(request: APIRequestContext) {
  const users = await request.get('/api/admin/users?search=qa-test-&pageSize=100');
  const named = await request.get('/api/admin/users?search=QA%20Test&pageSize=100');
  const providers = await request.get('/api/admin/providers?search=QA%20test&pageSize=100');
  const bookings: { description: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await (
      await request.get(`/api/admin/bookings?pageSize=100&page=${page}`)
    ).json()) as { bookings: { description: string }[]; total: number };
    bookings.push(...answer.bookings);
    if (answer.bookings.length === 0 || bookings.length >= answer.total) break;
  }
  return {
    accounts: ((await users.json()) as { total: number }).total,
    namedAccounts: ((await named.json()) as { total: number }).total,
    businesses: ((await providers.json()) as { total: number }).total,
    bookings: bookings.filter((b) => b.description.startsWith('QA test')).length,
  };
}

test('after every run, no test data is left in the database', async ({ page }) => {
  await signInAsAdmin(page);
  // A page closed mid-run deletes its test account as it goes (keepalive): give that a moment.
  await expect
    .poll(() => leftovers(page.request), { timeout: 10_000 })
    .toEqual({
      accounts: 0,
      namedAccounts: 0,
      businesses: 0,
      bookings: 0,
    });
});
