import {
  bookDemoProvider,
  DALLAS,
  DEMO_PROVIDER,
  driverSearchingOnline,
  expect,
  expectToast,
  MECHANIC_START,
  openSide,
  signInOnLanding,
  test,
} from './fixtures.ts';

const QUEUED = "Queued — it will be sent when you're back online";

test('with no signal a booking is queued on the device, can be cancelled, and is sent once when the signal returns', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const driver = await openSide(browser, viewport, DALLAS);
  const { page, context } = driver;
  const tag = Date.now().toString(36);
  const cancelled = `2018 Mack Anthem #${tag}`;
  const sent = `2021 Freightliner Cascadia #${tag}`;

  await test.step('A driver searches near Dallas while the signal lasts', async () => {
    await driverSearchingOnline(page);
  });

  await test.step('Offline, the search results stay readable after a reload', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(
      page.getByTestId('provider-card').filter({ hasText: DEMO_PROVIDER }),
    ).toBeVisible();
  });

  await test.step('Two requests made offline are queued; one is cancelled before it leaves', async () => {
    await bookDemoProvider(page, cancelled);
    await expectToast(page, QUEUED, `Your request to ${DEMO_PROVIDER} is saved on this device.`);
    await bookDemoProvider(page, sent);
    await page
      .getByRole('link', { name: /Bookings/ })
      .first()
      .click();
    const waiting = page.getByRole('region', { name: /Waiting to send \(2\)/ });
    await expect(waiting).toBeVisible();
    await expect(
      page.getByText("You are offline. Your bookings will show when you're back online."),
    ).toBeVisible();
    const first = waiting.getByTestId('queued-booking').filter({ hasText: cancelled });
    await expect(first.getByText('Queued', { exact: true })).toBeVisible();
    await first.getByRole('button', { name: 'Cancel request' }).click();
    await expect(page.getByRole('region', { name: /Waiting to send \(1\)/ })).toBeVisible();
  });

  await test.step('The queue survives a reload', async () => {
    await page.reload();
    await expect(page.getByTestId('queued-booking').filter({ hasText: sent })).toBeVisible();
  });

  await test.step('Back online, the request is sent and shows among the bookings', async () => {
    await context.setOffline(false);
    await expectToast(
      page,
      'Booking submitted!',
      `Your queued request to ${DEMO_PROVIDER} has been sent.`,
    );
    await expect(page.getByTestId('queued-booking')).toHaveCount(0);
    const booking = page.getByTestId('booking-card').filter({ hasText: sent });
    await expect(booking.getByTestId('booking-status')).toHaveText('Pending');
  });

  await test.step('The provider received exactly one booking, and none for the cancelled request', async () => {
    const provider = await openSide(browser, viewport, MECHANIC_START);
    await provider.page.goto('/');
    await signInOnLanding(provider.page, 'mechanic@truckfinder.test');
    await expect(provider.page).toHaveURL(/\/home$/);
    await provider.page.goto('/bookings');
    await expect(
      provider.page.getByTestId('provider-booking-card').filter({ hasText: sent }),
    ).toHaveCount(1);
    await expect(
      provider.page.getByTestId('provider-booking-card').filter({ hasText: cancelled }),
    ).toHaveCount(0);
    const all = (await (await provider.page.request.get('/api/bookings')).json()) as {
      vehicleDetails: string | null;
    }[];
    expect(all.filter((b) => b.vehicleDetails === sent)).toHaveLength(1);
    expect(all.filter((b) => b.vehicleDetails === cancelled)).toHaveLength(0);
    expect(provider.problems, 'provider console').toEqual([]);
    await provider.context.close();
  });

  expect(driver.problems, 'driver console').toEqual([]);
  await context.close();
});
