import { request as apiRequest } from '@playwright/test';
import {
  bookDemoProvider,
  DALLAS,
  DEMO_PASSWORD,
  driverSearchingOnline,
  expect,
  expectToast,
  findProvider,
  onDevice,
  openSide,
  signOut,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** Whether the server still takes a session cookie. */
async function sessionAlive(baseURL: string, cookie: string) {
  const client = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  const answer = await client.get('/api/auth/session');
  const { user } = (await answer.json()) as { user: unknown };
  await client.dispose();
  return user !== null;
}

test('on a shared phone with no signal, Sign Out forgets the driver at once and ends the session when the signal returns', async ({
  browser,
  viewport,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const driver = await openSide(browser, viewport, DALLAS);
  const { page, context } = driver;
  const vehicle = `2020 Volvo VNL #${Date.now().toString(36)}`;

  const cookie =
    await test.step('A driver signs in and searches while the signal lasts', async () => {
      await driverSearchingOnline(page);
      const session = (await context.cookies()).find((c) => c.name === 'tf_session')!;
      return `${session.name}=${session.value}`;
    });

  await test.step('Offline, a booking is queued on the device', async () => {
    await context.setOffline(true);
    await bookDemoProvider(page, vehicle);
    await expect.poll(async () => (await onDevice(page)).queued).toBe(1);
  });

  await test.step('Still offline, Sign Out signs the phone out at once and forgets the driver', async () => {
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(
      page,
      'Signed out on this device',
      'Truck Finder is told as soon as you are back online.',
    );
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    // Nothing of the driver's is kept; the signed-out page may keep its own empty session.
    await expect
      .poll(async () => {
        const { keptUsers, keptSearches, queued, signOutWaiting } = await onDevice(page);
        return { keptUsers, keptSearches, queued, signOutWaiting };
      })
      .toEqual({ keptUsers: [], keptSearches: [], queued: 0, signOutWaiting: true });
    await page.screenshot({ path: test.info().outputPath('signed-out-offline.png') });
    // The session itself still works until the server hears of it.
    expect(await sessionAlive(baseURL!, cookie)).toBe(true);
  });

  await test.step('A reload while offline shows nobody signed in and nothing of theirs', async () => {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await page.goto('/bookings');
    await expect(page.getByText(vehicle)).toHaveCount(0);
  });

  await test.step('Back online, the logout reaches the server: the old session opens nothing', async () => {
    await context.setOffline(false);
    await expect.poll(() => sessionAlive(baseURL!, cookie), { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await onDevice(page)).signOutWaiting).toBe(false);
    await page.goto('/');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('The queued booking was never sent', async () => {
    const provider = await browser.newContext({ baseURL });
    const signedIn = await provider.request.post('/api/auth/login', {
      data: { email: 'mechanic@truckfinder.test', password: DEMO_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const all = (await (await provider.request.get('/api/bookings')).json()) as {
      vehicleDetails: string | null;
    }[];
    expect(all.filter((b) => b.vehicleDetails === vehicle)).toHaveLength(0);
    await provider.close();
  });

  expect(driver.problems, 'driver console').toEqual([]);
  await context.close();
});

test('signed out everywhere from another device, the phone forgets the driver by itself', async ({
  browser,
  viewport,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const driver = await openSide(browser, viewport, DALLAS);
  const { page, context } = driver;
  const account = uniqueAccount();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...account, role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  await findProvider(page);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  const laptop = await browser.newContext({ baseURL });
  const signedIn = await laptop.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  expect((await laptop.request.post('/api/auth/sign-out-everywhere')).status()).toBe(204);
  await laptop.close();

  // The phone's event stream finds the session gone at its next heartbeat (25 s), says
  // `signed-out`, and the page forgets the account.
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0, {
    timeout: 40_000,
  });
  await expect
    .poll(async () => {
      const { keptUsers, keptSearches } = await onDevice(page);
      return { keptUsers, keptSearches };
    })
    .toEqual({ keptUsers: [], keptSearches: [] });
  expect(driver.problems, 'driver console').toEqual([]);
  await context.close();
});
