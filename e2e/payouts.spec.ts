import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectNoSideways,
  expectToast,
  newProvider,
  test,
  uniqueAccount,
} from './fixtures.ts';

async function signIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
}

/** Moves the test gateway's clock on (Stripe's test clocks): funds fall due, payouts run. */
async function advanceClock(admin: APIRequestContext, days: number) {
  const moved = await admin.post('/api/test-gateway/clock', { data: { advanceDays: days } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/**
 * The signed-in owner's payouts set up through the API, as the test gateway's onboarding page
 * sends them (the first journey goes through the page itself).
 */
async function setUpPayouts(owner: APIRequestContext) {
  const link = await owner.post('/api/payouts/account');
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const account = new URL(url).searchParams.get('account');
  const onboarded = await owner.post(`/api/test-gateway/accounts/${account}/onboard`, {
    data: {
      firstName: 'Rosa',
      lastName: 'Garza',
      dob: '1979-02-03',
      idNumber: '000000000',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      tosAccepted: true,
    },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  // Back from onboarding, the owner's screen reads the account. Its `account.updated` webhook may
  // still be on its way (another change's delivery run can hold it), and this read does not wait.
  const state = await owner.get('/api/payouts/account');
  expect(((await state.json()) as { status: string }).status).toBe('payouts_enabled');
}

/** A new driver's job with `providerId`, done at `actualCost`; answers the booking's id. */
async function completedJob(
  driver: APIRequestContext,
  mechanic: APIRequestContext,
  providerId: string,
  vehicle: string,
  actualCost: number,
) {
  const registered = await driver.post('/api/auth/register', {
    data: { ...uniqueAccount(), role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  const booked = await driver.post('/api/bookings', {
    data: { providerId, serviceType: 'Brake Repair', vehicleDetails: vehicle },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: string }).id;
  for (const data of [
    { status: 'confirmed' },
    { status: 'in_progress' },
    { status: 'completed', actualCost },
  ]) {
    const moved = await mechanic.patch(`/api/bookings/${bookingId}`, { data });
    expect(moved.status(), JSON.stringify(data)).toBe(200);
  }
  return bookingId;
}

/** The driver pays the job on `page` with a new 4242 card from the booking history. */
async function payByCard(page: Page, vehicle: string, amount: string, businessName: string) {
  await page.goto('/bookings?tab=history');
  const job = page.getByTestId('booking-card').filter({ hasText: vehicle });
  await job.getByRole('button', { name: `Pay ${amount}` }).click();
  const pay = page.getByRole('dialog', { name: 'Pay for this job' });
  await expect(pay.getByRole('radio', { name: 'A new card' })).toBeChecked();
  await pay.getByLabel('Card Number').fill('4242424242424242');
  await pay.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: `Pay ${amount}` }).click();
  await expectToast(page, 'Payment Successful', `You paid ${amount} to ${businessName}.`);
  await expect(job.getByTestId('paid-badge')).toHaveText('Paid · Card');
  return job;
}

/** The balance's figure under `label` on the payouts card. */
const balance = (page: Page, label: string) =>
  page
    .getByTestId('payouts-card')
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')
    .first();

// The journey moves the test gateway's clock, shared by the whole server: it runs alone, with a
// business of its own, so no other journey's payouts are in its figures.
test('a mechanic sets up payouts, is paid by card, and sees the money pending, available, then paid out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shots = test.info().outputPath.bind(test.info());
  const baseURL = test.info().project.use.baseURL;
  const business = await newProvider(browser, 'Payout Diesel');
  await signIn(page.request, business.email, business.password);
  const card = page.getByTestId('payouts-card');

  await test.step('Payouts are not set up: Business → Payouts says so', async () => {
    await page.goto('/profile?tab=business');
    await expect(card.getByTestId('payout-status')).toHaveText('Not started');
    await page.screenshot({ path: shots('payouts-not-started.png'), fullPage: true });
  });

  await test.step('The mechanic sets up payouts with the test bank details', async () => {
    await card.getByRole('button', { name: 'Set up payouts' }).click();
    await expect(page).toHaveURL(/\/profile\?tab=business&payouts=onboarding&account=acct_/);
    await expect(page.getByText('Test mode — no real bank account is connected')).toBeVisible();
    await expectNoSideways(page);
    await page.screenshot({ path: shots('payouts-onboarding.png'), fullPage: true });
    await page.getByLabel('First name').fill('Dale');
    await page.getByLabel('Last name').fill('Trucker');
    await page.getByLabel('Date of birth').fill('1980-04-12');
    await page.getByLabel('ID number (SSN)').fill('000000000');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Accept the terms to continue')).toBeVisible();
    await page.getByLabel(/I accept the payout terms/).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page).toHaveURL(/\/profile\?tab=business$/);
    await expectToast(page, 'Payout details saved');
    await expect(card.getByTestId('payout-status')).toHaveText('Payouts enabled');
    await expect(card.getByText('Bank account •••• 6789')).toBeVisible();
    await expect(balance(page, 'Available')).toHaveText('$0.00');
  });

  const driver = await browser.newContext({ baseURL });
  const mechanicApi = page.request;
  const vehicle = `2020 Peterbilt 579 #${Date.now().toString(36)}`;
  await test.step('A driver books the business; the job is done at $200.00', () =>
    completedJob(driver.request, mechanicApi, business.id, vehicle, 200));

  await test.step('The driver pays the job by card: $200.00 and the 10 % fee', async () => {
    await payByCard(await driver.newPage(), vehicle, '$220.00', business.businessName);
  });

  await test.step('The mechanic sees the $200.00 share pending', async () => {
    await page.reload();
    await expect(balance(page, 'Pending')).toHaveText('$200.00');
    await expect(balance(page, 'Available')).toHaveText('$0.00');
  });

  const admin = await browser.newContext({ baseURL });
  await signIn(admin.request, 'admin@truckfinder.test');
  await test.step('Two days on (the test clock), the money is available', async () => {
    await advanceClock(admin.request, 2);
    await page.reload();
    await expect(balance(page, 'Pending')).toHaveText('$0.00');
    await expect(balance(page, 'Available')).toHaveText('$200.00');
  });

  await test.step('A payout day on, it is paid out to the bank, with the job in it', async () => {
    await advanceClock(admin.request, 1);
    await page.reload();
    const payout = card.getByTestId('payout').first();
    await expect(payout).toContainText('$200.00');
    await expect(payout).toContainText(/On its way|Paid/);
    await advanceClock(admin.request, 1);
    await page.reload();
    await expect(payout).toContainText('Paid');
    await expect(balance(page, 'Available')).toHaveText('$0.00');
    await expect(balance(page, 'Paid out')).toHaveText('$200.00');
    await payout.locator('summary').click();
    await expect(payout.getByRole('list', { name: 'Jobs in this payout' })).toContainText(
      'Brake Repair',
    );
    await expectNoSideways(page);
    await page.screenshot({ path: shots('payouts-paid-out.png'), fullPage: true });
  });
  await driver.close();
  await admin.close();
});

test('a provider without payouts is paid in cash only; once set up, is paid by card and refunds part of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shots = test.info().outputPath.bind(test.info());
  const baseURL = test.info().project.use.baseURL;
  const business = await newProvider(browser, 'Refund Diesel');
  await signIn(page.request, business.email, business.password);
  const driver = await browser.newContext({ baseURL });
  const driverPage = await driver.newPage();
  const vehicle = `2018 Freightliner Cascadia #${Date.now().toString(36)}`;
  const bookingId = await test.step('A job of the business is done at $100.00', () =>
    completedJob(driver.request, page.request, business.id, vehicle, 100));
  const mechanicJob = page.getByTestId('provider-booking-card').filter({ hasText: vehicle });

  await test.step('Without payouts, the driver can pay in cash only and the mechanic is told what to do', async () => {
    await driverPage.goto('/bookings?tab=history');
    const job = driverPage.getByTestId('booking-card').filter({ hasText: vehicle });
    await job.getByRole('button', { name: 'Pay $110.00' }).click();
    const pay = driverPage.getByRole('dialog', { name: 'Pay for this job' });
    await expect(pay.getByTestId('cards-unavailable')).toHaveText(
      `Card payments aren't available for ${business.businessName} yet — pay in cash.`,
    );
    await expect(pay.getByRole('radio')).toHaveCount(0);
    await expect(pay.getByRole('button', { name: 'Record cash payment of $110.00' })).toBeVisible();
    await driverPage.keyboard.press('Escape');

    await page.goto('/bookings?tab=history');
    await expect(
      mechanicJob.getByRole('link', { name: 'Set up payouts to get paid by card' }),
    ).toHaveAttribute('href', '/profile?tab=business');
  });

  await test.step('With payouts set up, the driver pays by card', async () => {
    await setUpPayouts(page.request);
    await payByCard(driverPage, vehicle, '$110.00', business.businessName);
    await page.reload();
    await expect(mechanicJob.getByTestId('payouts-hint')).toBeHidden();
  });

  await test.step('The mechanic refunds $30.00 of it, with a reason', async () => {
    await mechanicJob.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this payment?' });
    await expect(dialog.getByLabel('Amount to refund ($)')).toHaveValue('110.00');
    await dialog.getByLabel('Amount to refund ($)').fill('30');
    await dialog.getByLabel('Reason').fill('One brake chamber was not replaced');
    await expectNoSideways(page);
    await page.screenshot({ path: shots('refund-dialog.png') });
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expectToast(page, 'Refunded $30.00');
    await expect(mechanicJob.getByTestId('refunded-badge')).toHaveText('Refunded $30.00');
  });

  await test.step('The driver sees the refund on the job and on the receipt', async () => {
    await driverPage.reload();
    const job = driverPage.getByTestId('booking-card').filter({ hasText: vehicle });
    await expect(job.getByTestId('refunded-badge')).toHaveText('Refunded $30.00');
    const bookings = (await (await driver.request.get('/api/bookings')).json()) as {
      id: string;
      payment: { id: string } | null;
    }[];
    const paymentId = bookings.find((booking) => booking.id === bookingId)?.payment?.id;
    expect(paymentId).toBeTruthy();
    await driverPage.goto(`/receipts/${paymentId}`);
    const refunds = driverPage.getByRole('region', { name: 'Refunds' });
    await expect(refunds).toContainText('$30.00');
    await expect(refunds).toContainText('One brake chamber was not replaced');
    await expect(driverPage.getByText('Platform fee (10%)')).toBeVisible();
    await expectNoSideways(driverPage);
    await driverPage.screenshot({ path: shots('receipt-refund.png'), fullPage: true });
  });
  await driver.close();
});
