import type { Page } from '@playwright/test';
import {
  DALLAS,
  expect,
  expectToast,
  findProvider,
  MECHANIC_START as FAR,
  newProvider,
  openSide,
  signInOnLanding,
  subscribeByApi,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** A point closer to the driver than where the demo mechanic starts. */
const NEAR = { latitude: 32.79, longitude: -96.81 };

const reviewCount = async (page: Page, name: string) => {
  const card = page.getByTestId('provider-card').filter({ hasText: name });
  const text = await card.getByTestId('review-count').textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? 'NaN');
};

test('a driver books, the provider accepts, works and completes it live, and the rating follows', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const business = await newProvider(browser, 'Live Track Diesel');
  const driver = await openSide(browser, viewport, DALLAS);
  const provider = await openSide(browser, viewport, FAR);
  const vehicle = `2019 Peterbilt 579 #${Date.now().toString(36)}`;

  await test.step('The provider watches their incoming requests', async () => {
    await provider.page.goto('/');
    await signInOnLanding(provider.page, business.email, business.password);
    await expect(provider.page).toHaveURL(/\/home/);
    // Real-time tracking comes with Premium (core/billing/plan-features.ts).
    await subscribeByApi(provider.page.request, 'premium');
    await provider.page
      .getByRole('link', { name: /Bookings/ })
      .first()
      .click();
    await expect(provider.page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  });

  const { reviewsBefore } =
    await test.step('A new driver finds the provider near Dallas and books it', async () => {
      const account = uniqueAccount();
      const registered = await driver.page.request.post('/api/auth/register', {
        data: { ...account, role: 'driver' },
      });
      expect(registered.status()).toBe(201);
      const card = await findProvider(driver.page, business.businessName);
      const reviewsBefore = await reviewCount(driver.page, business.businessName);
      await card.getByRole('button', { name: /^Book Now/ }).click();

      const dialog = driver.page.getByRole('dialog', { name: 'Book Service' });
      await expect(dialog).toBeVisible();
      const confirm = dialog.getByRole('button', { name: 'Confirm Booking' });
      await expect(confirm).toBeDisabled();
      await expect(dialog.getByText('$95.00')).toBeVisible();
      await expect(dialog.getByText('$9.50')).toBeVisible();
      await expect(dialog.getByText('$104.50')).toBeVisible();
      await dialog.getByLabel('Service Type').selectOption('Brake Repair');
      await dialog.getByLabel('Vehicle Details').fill(vehicle);
      await dialog.getByLabel('Preferred Time').selectOption('asap');
      await dialog.getByLabel('In a parking area or lot').check();
      await expect(dialog.getByLabel('Location')).toHaveValue(/My location/);
      await confirm.click();
      await expectToast(driver.page, 'Booking submitted!', 'Your service request has been sent.');
      await expect(dialog).toBeHidden();
      return { reviewsBefore };
    });

  const { request } =
    await test.step("The request appears on the provider's page without a reload, and they accept it", async () => {
      const request = provider.page
        .getByTestId('provider-booking-card')
        .filter({ hasText: vehicle });
      await expect(request).toBeVisible();
      await expect(request.getByTestId('booking-status')).toHaveText('Pending');
      await request.getByRole('button', { name: 'Accept' }).click();
      await expect(request.getByTestId('booking-status')).toHaveText('Confirmed');
      return { request };
    });

  const { booking } =
    await test.step("The driver's My Bookings turns Confirmed by itself", async () => {
      await driver.page
        .getByRole('link', { name: /Bookings/ })
        .first()
        .click();
      const booking = driver.page.getByTestId('booking-card').filter({ hasText: vehicle });
      await expect(booking.getByTestId('booking-status')).toHaveText('Confirmed');
      await expect(booking.getByText('Total Cost')).toBeVisible();
      return { booking };
    });

  const { marker, summary, farText } =
    await test.step("The provider starts the job; their position reaches the driver's map and then moves", async () => {
      await request.getByRole('button', { name: 'Start Job' }).click();
      await expect(request.getByTestId('booking-status')).toHaveText('In Progress');
      await expect(request.getByText(/Sharing your location/)).toBeVisible();
      await expect(booking.getByTestId('booking-status')).toHaveText('In Progress');
      const marker = booking.locator('.tracking-marker');
      await expect(marker).toHaveAttribute('data-position', '32.83000,-96.86000');
      const summary = booking.getByTestId('tracking-summary');
      await expect(summary).toHaveText(/mi away · about \d+ min/);
      const farText = await summary.textContent();

      return { marker, summary, farText };
    });

  const dispatcher =
    await test.step('The driver shares a tracking link; a dispatcher opens it signed out', async () => {
      await booking.getByRole('button', { name: 'Share tracking' }).click();
      const link = booking.getByLabel('Tracking link');
      await expect(link).toHaveValue(/\/track\/[\w-]{43}$/);
      await expect(booking.getByText(/Shared: 1 link works/)).toBeVisible();
      const links = booking.getByRole('list', { name: 'Links of this job' });
      await expect(links.getByRole('listitem')).toHaveCount(1);
      await expect(links.getByText(/^You \(driver\),/)).toBeVisible();
      await expect(links.getByText(/^Works until /)).toBeVisible();
      await booking.screenshot({ path: test.info().outputPath('job-share-links.png') });

      const dispatcher = await openSide(browser, viewport, DALLAS);
      await dispatcher.page.goto(await link.inputValue());
      await expect(dispatcher.page.getByRole('heading', { name: 'Live tracking' })).toBeVisible();
      await expect(
        dispatcher.page.getByRole('heading', { name: business.businessName }),
      ).toBeVisible();
      await expect(dispatcher.page.getByTestId('track-status')).toHaveText('In Progress');
      await expect(dispatcher.page.locator('.tracking-marker')).toHaveAttribute(
        'data-position',
        '32.83000,-96.86000',
      );
      await expect(dispatcher.page.getByText(vehicle)).toHaveCount(0);
      // Whole miles and 5-minute steps: a few polls cannot place the truck.
      await expect(dispatcher.page.getByTestId('tracking-summary')).toHaveText(
        /^About \d+ mi away · about \d*[05] min$/,
      );
      await dispatcher.page.screenshot({ path: test.info().outputPath('track-page.png') });
      await provider.context.setGeolocation(NEAR);
      return dispatcher;
    });

  await test.step("The marker and the distance follow the provider, on the driver's and the dispatcher's maps", async () => {
    // Positions are sent at most every 10 seconds.
    await expect(marker).toHaveAttribute('data-position', '32.79000,-96.81000', {
      timeout: 20_000,
    });
    await expect(summary).not.toHaveText(farText!);
    // The shared page asks again every few seconds.
    await expect(dispatcher.page.locator('.tracking-marker')).toHaveAttribute(
      'data-position',
      '32.79000,-96.81000',
      { timeout: 15_000 },
    );
  });

  await test.step("The provider completes the job with its actual cost; the driver's history asks to pay it", async () => {
    await request.getByRole('button', { name: 'Complete Job' }).click();
    const complete = provider.page.getByRole('dialog', { name: 'Complete Job' });
    await complete.getByLabel('Actual Cost (USD)').fill('185.50');
    await complete.getByRole('button', { name: 'Complete Job' }).click();
    await expect(complete).toBeHidden();

    await driver.page.getByRole('tab', { name: /History/ }).click();
    await expect(booking.getByTestId('booking-status')).toHaveText('Completed');
    await expect(booking.getByText('$185.50', { exact: true })).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Pay $204.05' })).toBeVisible();
    await expect(dispatcher.page.getByTestId('track-status')).toHaveText('Completed', {
      timeout: 15_000,
    });
  });

  await test.step('The driver rates the job 5 stars from Rate Services on the profile', async () => {
    await driver.page.goto('/profile');
    await driver.page.getByRole('link', { name: 'Rate Services' }).click();
    await expect(driver.page.getByText('Completed jobs waiting for your rating.')).toBeVisible();
    await booking.getByRole('button', { name: 'Rate Service' }).click();
    const rate = driver.page.getByRole('dialog', { name: 'Rate Service' });
    await rate.getByRole('radio', { name: '5 stars' }).click();
    await rate.getByLabel('Comment (optional)').fill('Fixed the air brakes at 2 a.m. Legend.');
    await rate.getByRole('button', { name: 'Submit Review' }).click();
    await expect(rate).toBeHidden();
    await expect(booking).toBeHidden();
    await expect(driver.page.getByText('No jobs waiting for a rating')).toBeVisible();
  });

  await test.step("The search page shows the provider's new review count", async () => {
    await findProvider(driver.page, business.businessName);
    await expect
      .poll(() => reviewCount(driver.page, business.businessName))
      .toBeGreaterThan(reviewsBefore);

    expect(driver.problems, 'driver console').toEqual([]);
    expect(provider.problems, 'provider console').toEqual([]);
    expect(dispatcher.problems, 'dispatcher console').toEqual([]);
    await driver.context.close();
    await provider.context.close();
    await dispatcher.context.close();
  });
});

test('an ASAP booking asks where the truck is; on the shoulder the driver gets safety steps and the provider an urgent request', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const driver = await openSide(browser, viewport, DALLAS);
  const vehicle = `2020 Volvo VNL #${Date.now().toString(36)}`;

  await test.step('The driver asks for Emergency Service and says the truck is on the shoulder', async () => {
    const registered = await driver.page.request.post('/api/auth/register', {
      data: { ...uniqueAccount(), role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    const card = await findProvider(driver.page);
    await card.getByRole('button', { name: /^Book Now/ }).click();
    const dialog = driver.page.getByRole('dialog', { name: 'Book Service' });
    await dialog.getByLabel('Service Type').selectOption('Emergency Service');
    await dialog.getByLabel('Vehicle Details').fill(vehicle);
    const question = dialog.getByRole('group', { name: 'Where is the truck?' });
    await expect(question).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(dialog.getByText('Tell us where the truck is')).toBeVisible();
    await question.getByLabel('On the shoulder').check();

    const safety = dialog.getByRole('region', { name: 'Stay safe while help is on the way' });
    await expect(safety).toBeVisible();
    await expect(safety.getByRole('listitem').first()).toHaveText(
      'Turn on your hazard lights now.',
    );
    await expect(safety.getByRole('link', { name: 'Call 911' })).toHaveAttribute('href', 'tel:911');
    await expect(safety.getByRole('button', { name: 'Get towed to a safe place' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(driver.page, 'Booking submitted!', 'Your service request has been sent.');
  });

  await test.step('The provider sees the request flagged as urgent', async () => {
    const provider = await openSide(browser, viewport, FAR);
    await provider.page.goto('/');
    await signInOnLanding(provider.page, 'mechanic@truckfinder.test');
    await expect(provider.page).toHaveURL(/\/home/);
    await provider.page.goto('/bookings');
    const request = provider.page.getByTestId('provider-booking-card').filter({ hasText: vehicle });
    await expect(request.getByTestId('urgency')).toHaveText(
      'Truck on the shoulder: beside moving traffic',
    );
    await expect(request.getByRole('link', { name: 'Map: truck on the shoulder' })).toBeVisible();
    expect(provider.problems, 'provider console').toEqual([]);
    await provider.context.close();
  });

  expect(driver.problems, 'driver console').toEqual([]);
  await driver.context.close();
});
