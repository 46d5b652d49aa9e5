import type { Page } from '@playwright/test';
import {
  DALLAS,
  DEMO_PROVIDER,
  expect,
  MECHANIC_START,
  openSide,
  signInOnLanding,
  test,
  uniqueAccount,
  type Side,
} from './fixtures.ts';

const OTHER_PROVIDER = 'Big D Diesel Roadside';
const THIRD_PROVIDER = 'Metroplex Fleet Mechanics';

/** A provider signed in on My Bookings, where requests for help arrive. */
async function providerOnBookings(side: Side, email: string) {
  await side.page.goto('/');
  await signInOnLanding(side.page, email);
  await expect(side.page).toHaveURL(/\/home/);
  await side.page.goto('/bookings');
  await expect(side.page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
}

const askedCard = (page: Page, vehicle: string) =>
  page.getByTestId('asked-help').filter({ hasText: vehicle });

test('a driver asks three Dallas providers at once; two accept together and exactly one gets the job', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  const driver = await openSide(browser, viewport, DALLAS);
  const first = await openSide(browser, viewport, MECHANIC_START);
  const second = await openSide(browser, viewport, MECHANIC_START);
  const vehicle = `2022 Kenworth W990 #${Date.now().toString(36)}`;

  await test.step('Two providers watch their bookings', async () => {
    await providerOnBookings(first, 'mechanic@truckfinder.test');
    await providerOnBookings(second, 'owner@big-d-diesel-roadside.truckfinder.test');
  });

  await test.step('The driver asks three providers picked from the list', async () => {
    const registered = await driver.page.request.post('/api/auth/register', {
      data: { ...uniqueAccount(), role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    await driver.page.goto('/home');
    await expect(driver.page.getByTestId('provider-card').first()).toBeVisible();
    await driver.page.getByRole('button', { name: 'Request help from nearby' }).click();
    const dialog = driver.page.getByRole('dialog', { name: 'Request help from nearby' });
    await dialog.getByLabel('Service Type').selectOption('Brake Repair');
    await dialog.getByLabel('Vehicle Details').fill(vehicle);
    await dialog.getByLabel('On the shoulder').check();
    for (const name of [DEMO_PROVIDER, OTHER_PROVIDER, THIRD_PROVIDER])
      await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
    await expect(dialog.getByText('3 of 5 chosen.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Ask for help' }).click();
    await expect(driver.page).toHaveURL(/\/bookings/);
    const request = driver.page.getByTestId('help-request').first();
    await expect(request.getByTestId('help-progress')).toHaveText('3 providers asked');
  });

  await test.step('Both providers see the request live, flagged as beside traffic', async () => {
    for (const side of [first, second]) {
      const card = askedCard(side.page, vehicle);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('urgency')).toHaveText(
        'Truck on the shoulder: beside moving traffic',
      );
    }
  });

  await test.step('They accept at the same moment: one gets the job, the other is told', async () => {
    await Promise.all(
      [first, second].map((side) =>
        askedCard(side.page, vehicle).getByRole('button', { name: 'Accept' }).click(),
      ),
    );
    const won = (side: Side) =>
      askedCard(side.page, vehicle).getByText('You took this job: it is among your bookings.');
    await expect
      .poll(async () => (await won(first).count()) + (await won(second).count()), {
        timeout: 15_000,
      })
      .toBe(1);
    const loser = (await won(first).count()) ? second : first;
    // The newest request on the loser's list, now without the truck's details.
    const lost = loser.page.getByTestId('asked-help').first();
    await expect(lost.getByText('Another provider took this job.')).toBeVisible();
    await expect(lost.getByText(vehicle)).toHaveCount(0);
  });

  await test.step('The driver sees who accepted and one confirmed booking', async () => {
    const request = driver.page.getByTestId('help-request').first();
    await expect(request.getByTestId('help-progress')).toHaveText(/accepted: see the job below/);
    const booking = driver.page.getByTestId('booking-card').filter({ hasText: vehicle });
    await expect(booking).toHaveCount(1);
    await expect(booking.getByTestId('booking-status')).toHaveText('Confirmed');
    const all = (await (await driver.page.request.get('/api/bookings')).json()) as {
      vehicleDetails: string | null;
    }[];
    expect(all.filter((b) => b.vehicleDetails === vehicle)).toHaveLength(1);
  });

  for (const side of [driver, first, second]) {
    expect(side.problems, 'console').toEqual([]);
    await side.context.close();
  }
});
