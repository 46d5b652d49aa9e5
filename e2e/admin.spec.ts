import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectToast,
  providerApplication,
  signInOnLanding,
  test,
  uniqueAccount,
} from './fixtures.ts';

const ADMIN = 'admin@truckfinder.test';

/**
 * A provider application sent from its own browser context (applying signs the applicant in, and
 * the page stays the admin's). Answers the business name and the provider id.
 */
async function apply(baseURL: string | undefined, label: string) {
  const account = uniqueAccount();
  const businessName = `${label} ${account.username}`;
  const applicant = await playwrightRequest.newContext({ baseURL });
  const response = await applicant.post('/api/provider-applications', {
    data: { ...providerApplication(account, businessName, 90), contactName: 'Rosa Ramirez' },
  });
  expect(response.status()).toBe(201);
  const { provider } = (await response.json()) as { provider: { id: string } };
  await applicant.dispose();
  return { businessName, id: provider.id, account };
}

async function signInAsAdmin(page: Page) {
  const login = await page.request.post('/api/auth/login', {
    data: { email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
}

/** The row (desktop table) or the card (phone) that shows `text`: whichever is on screen. */
const shown = (page: Page, kind: 'provider' | 'booking', text: string): Locator =>
  page
    .getByTestId(new RegExp(`^${kind}-(row|card)$`))
    .filter({ hasText: text })
    .filter({ visible: true });

test('the admin signs in, lands on /admin and sees the marketplace at a glance', async ({
  page,
}) => {
  await test.step('The admin signs in and lands on the Admin Dashboard', async () => {
    await page.goto('/');
    await signInOnLanding(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Truck Finder Admin Dashboard' }),
    ).toBeVisible();
  });

  await test.step('Four cards show providers, bookings, revenue and pending reviews', async () => {
    const cards = page.getByTestId('stat-card');
    await expect(cards).toHaveCount(4);
    for (const title of [
      'Active Providers',
      "Today's Bookings",
      'Revenue (10%)',
      'Pending Reviews',
    ])
      await expect(cards.filter({ has: page.getByRole('heading', { name: title }) })).toBeVisible();
    await expect(
      cards.filter({ has: page.getByRole('heading', { name: 'Revenue (10%)' }) }),
    ).toContainText(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    await expect(page.getByTestId('subscription-revenue')).toHaveText(
      /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
    );
  });

  await test.step('The chart has a name, draws on a canvas and is tabled for screen readers', async () => {
    await expect(page.getByRole('figure', { name: 'Bookings and revenue per day' })).toBeVisible();
    await expect(page.getByTestId('daily-chart').locator('canvas')).toBeVisible();
    await expect(page.getByRole('table', { name: /per day, last 30 days/ })).toBeAttached();
  });

  await test.step('The Providers tab is the one open', async () => {
    await expect(page.getByRole('tab', { name: 'Providers', selected: true })).toBeVisible();
  });

  await test.step('The status filter narrows the rows', async () => {
    // Each row's status select lists every status: the badge's description tells them apart.
    const rows = page.getByTestId(/^provider-(row|card)$/).filter({ visible: true });
    await expect(rows.getByTitle('Ready to accept new bookings').first()).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('offline');
    await expect(rows.getByTitle('Ready to accept new bookings')).toHaveCount(0);
    await expect(rows.first().getByTitle('Not accepting bookings')).toBeVisible();
  });

  await test.step('Tabs live in the address, so a link opens the right one', async () => {
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await page.getByLabel('Role').selectOption('admin');
    await expect(page.getByText(/^Showing \d+ of \d+ users$/)).toBeVisible();
    await page.goto('/admin?tab=verification');
    await expect(page.getByRole('tab', { name: /Verification/, selected: true })).toBeVisible();
  });
});

test('the admin approves one application, finds it, and rejects another with a reason', async ({
  page,
  baseURL,
}) => {
  const { approved, rejected } = await test.step('Two businesses apply to join', async () => {
    const approved = await apply(baseURL, 'Approve Diesel');
    const rejected = await apply(baseURL, 'Reject Diesel');
    return { approved, rejected };
  });

  await test.step('The admin checks the license, insurance and email and approves the first', async () => {
    await signInAsAdmin(page);
    await page.goto('/admin?tab=verification');

    const card = page
      .getByTestId('application-card')
      .filter({ has: page.getByRole('heading', { name: approved.businessName }) });
    await expect(card).toContainText(`TX-E2E-${approved.account.username}`);
    await expect(card).toContainText('POL-E2E-77');
    await expect(card).toContainText(approved.account.email);
    await card.getByRole('button', { name: `Approve ${approved.businessName}` }).click();
    await expectToast(page, 'Provider Approved', `${approved.businessName} now appears in search.`);
    await expect(card).toHaveCount(0);
  });

  await test.step('Found by the providers search, and now public', async () => {
    await page.getByRole('tab', { name: 'Providers' }).click();
    await page.getByLabel('Search providers').fill(approved.businessName);
    const row = shown(page, 'provider', approved.businessName);
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: `View ${approved.businessName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/providers/${approved.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: approved.businessName }),
    ).toBeVisible();
  });

  await test.step('A rejection needs a reason', async () => {
    await page.goto('/admin?tab=verification');
    await page.getByRole('button', { name: `Reject ${rejected.businessName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reject ${rejected.businessName}?` });
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible();
    await dialog.getByLabel('Reason for rejection').fill('Insurance policy could not be verified');
    await dialog.getByRole('button', { name: 'Reject Application' }).click();
    await expectToast(page, 'Application Rejected');
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: rejected.businessName, exact: true }),
    ).toHaveCount(0);
    const decision = (await (
      await page.request.get(
        `/api/admin/providers?search=${encodeURIComponent(rejected.businessName)}`,
      )
    ).json()) as { providers: { verification: string; verificationReason: string | null }[] };
    expect(decision.providers[0]).toMatchObject({
      verification: 'rejected',
      verificationReason: 'Insurance policy could not be verified',
    });
  });

  await test.step('The audit log shows the decision and its reason', async () => {
    await page.goto('/admin?tab=audit');
    await page.getByLabel('Action').selectOption('provider.verification');
    await expect(
      page.getByText('Insurance policy could not be verified').filter({ visible: true }).first(),
    ).toBeVisible();
  });
});

test("the admin changes a provider's status and overrides a booking with a reason", async ({
  page,
  baseURL,
}) => {
  const business = await test.step('A new business applies and the admin approves it', async () => {
    const business = await apply(baseURL, 'Status Diesel');
    await signInAsAdmin(page);
    const approve = await page.request.patch(`/api/admin/providers/${business.id}`, {
      data: { verification: 'approved' },
    });
    expect(approve.status()).toBe(200);
    return business;
  });

  const driver =
    await test.step('A driver books the new provider, from their own browser context', async () => {
      const driver = uniqueAccount();
      const driverContext = await playwrightRequest.newContext({ baseURL });
      expect(
        (
          await driverContext.post('/api/auth/register', { data: { ...driver, role: 'driver' } })
        ).status(),
      ).toBe(201);
      const booked = await driverContext.post('/api/bookings', {
        data: {
          providerId: business.id,
          serviceType: 'Brake Repair',
          description: 'Air brake leak on the trailer',
          preferredTime: 'asap',
        },
      });
      expect(booked.status()).toBe(201);
      await driverContext.dispose();
      return driver;
    });

  await test.step('The admin marks the provider Busy', async () => {
    await page.goto('/admin');
    await page.getByLabel('Search providers').fill(business.businessName);
    const row = shown(page, 'provider', business.businessName);
    await expect(row).toHaveCount(1);
    await row
      .getByRole('combobox', { name: `Status of ${business.businessName}` })
      .selectOption('busy');
    await expectToast(page, 'Status Updated', `${business.businessName} is now Busy.`);
    await expect(row.getByTitle('Currently working on a job')).toBeVisible();
  });

  await test.step('The Bookings tab offers the bookings and payments as CSV', async () => {
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await expect(page).toHaveURL(/tab=bookings/);
    await expect(page.getByRole('link', { name: 'Bookings CSV' })).toHaveAttribute(
      'href',
      /\/api\/admin\/export\/bookings\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    await expect(page.getByRole('link', { name: 'Payments CSV' })).toHaveAttribute(
      'download',
      /.csv$/,
    );
  });

  const booking =
    await test.step('The admin cancels the pending booking, giving a reason', async () => {
      const booking = shown(page, 'booking', driver.email);
      await expect(booking).toHaveCount(1);
      await expect(booking.getByText('Pending', { exact: true })).toBeVisible();
      await booking.getByRole('button', { name: /^Change status of booking/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Booking Status' });
      await dialog.getByLabel('New Status').selectOption('cancelled');
      await dialog.getByRole('button', { name: 'Change Status' }).click();
      await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Driver called support: the truck was towed away');
      await dialog.getByRole('button', { name: 'Change Status' }).click();
      await expectToast(page, 'Booking Updated', 'The booking is now Cancelled.');
      await expect(booking.getByText('Cancelled', { exact: true })).toBeVisible();
      return booking;
    });

  await test.step("The driver's email leads to the driver in the users tab", async () => {
    await booking.getByRole('link', { name: driver.email }).click();
    await expect(page).toHaveURL(/tab=users/);
    await expect(page.getByLabel('Search users')).toHaveValue(driver.email);
    await expect(page.getByText('Showing 1 of 1 users')).toBeVisible();
  });

  await test.step('The audit log shows the override and its reason', async () => {
    await page.goto('/admin?tab=audit');
    await page.getByLabel('Action').selectOption('booking.status');
    await expect(
      page
        .getByText('Driver called support: the truck was towed away')
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
  });
});

test('the admin adds a provider; the owner sets a password from the emailed link and signs in', async ({
  page,
}) => {
  const owner = uniqueAccount();
  const businessName = `Added Towing ${owner.username}`;
  await test.step('The admin adds a towing business in Denver', async () => {
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Add Provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Provider' });
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expect(dialog.getByText('Business name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Enter a 5-digit ZIP code')).toBeVisible();

    await dialog.getByLabel('Business Name').fill(businessName);
    await dialog.getByLabel('Service Type').selectOption('towing');
    // Far from the demo's Dallas and Houston, so the search journeys running alongside never see it.
    await dialog.getByLabel('Street Address').fill('1700 Lincoln St');
    await dialog.getByLabel('City').fill('Denver');
    await dialog.getByLabel('State').fill('CO');
    await dialog.getByLabel('ZIP Code').fill('80202');
    await dialog.getByLabel('Visit Fee ($)').fill('120');
    await dialog.getByLabel('Hourly Rate ($)').fill('150');
    await dialog.getByLabel('Owner Name').fill(owner.name);
    await dialog.getByLabel('Owner Email').fill(owner.email);
    await dialog.getByLabel('Phone').fill(owner.phone);
    await dialog.getByRole('button', { name: 'Add Provider' }).click();
    await expectToast(
      page,
      'Provider Added',
      `${businessName} is live. We emailed ${owner.email} a link to set their password.`,
    );
    await expect(dialog).toHaveCount(0);
  });

  const { link } = await test.step('The email is in the outbox', async () => {
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByLabel('Recipient').fill(owner.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const message = page.getByTestId('outbox-message');
    await expect(message).toHaveCount(1);
    await expect(message).toContainText(`To ${owner.email}`);
    await expect(message).toContainText('/reset-password?token=');

    const mails = (await (
      await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(owner.email)}`)
    ).json()) as { text: string }[];
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mails[0]!.text)![0];
    return { link };
  });

  await test.step('The owner, in a browser of their own, sets a password from the link and signs in', async () => {
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('owner password 2026');
    await page.getByLabel('Confirm New Password').fill('owner password 2026');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Password changed');
    await expect(page).toHaveURL(/\/login$/);
    await signInOnLanding(page, owner.email, 'owner password 2026');
    await expect(page).toHaveURL(/\/home$/);
    const me = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { email: string; role: string };
    };
    expect(me.user).toMatchObject({ email: owner.email, role: 'mechanic' });
  });
});

test('drivers are sent away from /admin and the API refuses them', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'driver@truckfinder.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/home$/);
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
});
