import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectNoSideways,
  expectToast,
  subscribeByApi,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** A new mechanic with a business, signed in on `page`. */
async function newProvider(page: Page) {
  const account = uniqueAccount();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...account, role: 'mechanic' },
  });
  expect(registered.status()).toBe(201);
  // The plan's own notifications would pop up over the toasts these tests read (one shows at a
  // time); the bell still counts them.
  const { user } = await registered.json();
  const quiet = await page.request.patch(`/api/users/${user.id}`, {
    data: { settings: { pushNotifications: false } },
  });
  expect(quiet.status()).toBe(200);
  const created = await page.request.post('/api/service-providers', {
    data: {
      businessName: `Billing Diesel ${account.username}`,
      serviceType: 'mobile_mechanic',
      address: '1500 Marilla St',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      phone: '(214) 555-0111',
      email: account.email,
      visitFee: 80,
      hourlyRate: 110,
      licenseNumber: 'TX-E2E-2',
      insurancePolicy: 'POL-E2E-2',
    },
  });
  expect(created.status()).toBe(201);
  return account;
}

async function signIn(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return (await login.json()).user as { id: string };
}

/** Types a card into the test gateway's form, as a user would. */
/**
 * A new driver signed in on `driver` with a job of the demo mechanic (signed in on `mechanic`),
 * moved to completed at `actualCost` through the API. Returns the job's vehicle, unique per call.
 */
async function completedJob(
  driver: APIRequestContext,
  mechanic: APIRequestContext,
  model: string,
  actualCost: number,
) {
  const registered = await driver.post('/api/auth/register', {
    data: { ...uniqueAccount(), role: 'driver' },
  });
  expect(registered.status()).toBe(201);
  const mechanicUser = await signIn(mechanic, 'mechanic@truckfinder.test');
  const provider = await (
    await mechanic.get(`/api/service-providers/by-user/${mechanicUser.id}`)
  ).json();
  const vehicle = `${model} #${Date.now().toString(36)}`;
  const booked = await driver.post('/api/bookings', {
    data: { providerId: provider.id, serviceType: 'Brake Repair', vehicleDetails: vehicle },
  });
  expect(booked.status()).toBe(201);
  const bookingId = (await booked.json()).id as string;
  for (const data of [
    { status: 'confirmed' },
    { status: 'in_progress' },
    { status: 'completed', actualCost },
  ]) {
    const moved = await mechanic.patch(`/api/bookings/${bookingId}`, { data });
    expect(moved.status(), JSON.stringify(data)).toBe(200);
  }
  return vehicle;
}

async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getFullYear() + 2) % 100}`);
  await page.getByLabel('CVC').fill('123');
}

test('the demo mechanic upgrades from Premium to Enterprise, prorated, and sees the charge', async ({
  page,
}) => {
  const current = page.getByTestId('current-plan');
  await test.step('The demo mechanic sees an active Premium plan', async () => {
    await signIn(page.request, 'mechanic@truckfinder.test');
    await page.goto('/profile?tab=subscription');

    await expect(current.getByRole('heading', { name: 'Premium' })).toBeVisible();
    await expect(current.getByTestId('subscription-status')).toHaveText('Active');
    await expect(current.getByText('Next Billing Date')).toBeVisible();
  });

  await test.step('The mechanic switches to Enterprise, paying the prorated difference', async () => {
    await current.getByRole('button', { name: 'Upgrade to Enterprise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Enterprise?' });
    await expect(dialog.getByText(/\$120\.00\/month more, prorated/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Switch to Enterprise' }).click();
    await expectToast(page, 'Plan Changed', 'You are now on the Enterprise plan.');
    await expect(current.getByRole('heading', { name: 'Enterprise' })).toBeVisible();
    await expect(current.getByText('$199.99')).toBeVisible();
  });

  await test.step('The prorated charge is in the payment history, completed', async () => {
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const proration = page.getByRole('link', { name: /Plan change \(prorated\)/ }).first();
    await expect(proration).toBeVisible();
    await expect(proration.getByText('Completed')).toBeVisible();
  });
});

test('a new provider is declined, then subscribes with a good card, finds the receipt, and cancels', async ({
  page,
}) => {
  await test.step('A new provider picks the Basic plan', async () => {
    await newProvider(page);
    await page.goto('/profile?tab=subscription');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByTestId('plan-premium').getByText('Most Popular')).toBeVisible();
    await page.getByRole('button', { name: 'Choose Basic, $29.99 per month' }).click();
    await expect(page.getByRole('heading', { name: 'Subscribe to Basic' })).toBeVisible();
  });

  await test.step('Bad input is caught in the page before anything is sent', async () => {
    await page.getByRole('button', { name: 'Pay $29.99 and Subscribe' }).click();
    await expect(page.getByText('Enter the card number')).toBeVisible();
    await page.getByLabel('Card Number').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Pay $29.99 and Subscribe' }).click();
    await expect(page.getByText('Your card number is incorrect.')).toBeVisible();
  });

  const { current } =
    await test.step('A declined card: the specified failure toast, and the form stays for another card', async () => {
      await enterCard(page, '4000000000000002');
      await page.getByRole('button', { name: 'Pay $29.99 and Subscribe' }).click();
      await expectToast(page, 'Payment Failed', 'Your card was declined.');
      await expect(page.getByRole('heading', { name: 'Subscribe to Basic' })).toBeVisible();

      await enterCard(page, '4242424242424242');
      await page.getByRole('button', { name: 'Pay $29.99 and Subscribe' }).click();
      await expectToast(page, 'Payment Successful', 'You are now subscribed!');
      await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
      const current = page.getByTestId('current-plan');
      await expect(current.getByRole('heading', { name: 'Basic' })).toBeVisible();
      await expect(current.getByTestId('subscription-status')).toHaveText('Active');
      await expect(current.getByTestId('plan-allowance')).toHaveText(
        'Bookings this month: 5 of 5 left',
      );
      return { current };
    });

  await test.step('A one-word business name wraps instead of widening the page', async () => {
    await expectNoSideways(page);
  });

  await test.step('The payment is in the history, with its receipt', async () => {
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const attempts = page.getByRole('link', { name: /Basic plan — first month/ });
    const declined = attempts.filter({ hasText: 'Visa •••• 0002' });
    await expect(declined.getByText('Your card was declined.')).toBeVisible();
    await expect(declined.getByText('Failed')).toBeVisible();
    const row = attempts.filter({ hasText: 'Visa •••• 4242' });
    await expect(row.getByText('$29.99')).toBeVisible();
    await expect(row.getByText('Completed')).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(/\/receipts\//);
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(page.getByText('$29.99').first()).toBeVisible();
    await page.goBack();
  });

  await test.step('Cancelling keeps the plan to the end of the month paid for', async () => {
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await current.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Cancel Subscription' })
      .click();
    await expectToast(
      page,
      'Subscription Cancelled',
      'Your subscription has been cancelled successfully.',
    );
    await expect(current.getByTestId('subscription-status')).toHaveText('Cancelled');
    await expect(current.getByText('Ends on')).toBeVisible();
    await expect(current.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();
    await expect(current.getByRole('button', { name: 'Cancel Subscription' })).toBeHidden();
  });
});

test('a card that asks for authentication subscribes once the bank step is completed', async ({
  page,
}) => {
  await test.step('A new provider pays for Premium with a card that asks for authentication', async () => {
    await newProvider(page);
    await page.goto('/profile?tab=subscription');
    await page.getByRole('button', { name: 'Choose Premium, $79.99 per month' }).click();
    await page.getByRole('button', { name: /Use test card 4000 0025 0000 3155/ }).click();
    await page.getByRole('button', { name: 'Pay $79.99 and Subscribe' }).click();
  });

  // Failing the bank's step fails the payment; completing it on a retry subscribes.
  const bank = page.getByRole('dialog', { name: 'Authenticate this payment' });
  await test.step("Failing the bank's step fails the payment", async () => {
    await bank.getByRole('button', { name: 'Fail authentication' }).click();
    await expectToast(page, 'Payment Failed');
  });

  await test.step("Completing the bank's step on a retry subscribes to Premium", async () => {
    await page.getByRole('button', { name: 'Pay $79.99 and Subscribe' }).click();
    await bank.getByRole('button', { name: 'Complete authentication' }).click();
    await expectToast(page, 'Payment Successful', 'You are now subscribed!');
    await expect(
      page.getByTestId('current-plan').getByRole('heading', { name: 'Premium' }),
    ).toBeVisible();
  });
});

test('a driver saves a card and pays a completed job with it', async ({ page, browser }) => {
  const vehicle =
    await test.step('A job with the demo mechanic, done and priced through the API', async () => {
      const mechanic = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const vehicle = await completedJob(page.request, mechanic.request, '2021 Volvo VNL', 240.25);
      await mechanic.close();
      return vehicle;
    });

  await test.step('The driver saves a card on Payment Methods', async () => {
    await page.goto('/payment-methods');
    await expect(page.getByText('No saved cards')).toBeVisible();
    await page.getByRole('button', { name: 'Add Card' }).click();
    const add = page.getByRole('dialog', { name: 'Add Card' });
    await enterCard(add.page(), '4242424242424242');
    await add.getByRole('button', { name: 'Save Card' }).click();
    await expectToast(page, 'Card Saved');
    await expect(page.getByTestId('saved-card').getByText('Default')).toBeVisible();
  });

  await test.step('…and pays the job with it from the history', async () => {
    await page.goto('/bookings?tab=history');
    const booking = page.getByTestId('booking-card').filter({ hasText: vehicle });
    await booking.getByRole('button', { name: 'Pay $264.28' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay for this job' });
    await expect(pay.getByRole('radio', { name: /4242 \(default\)/ })).toBeChecked();
    await pay.getByRole('button', { name: 'Pay $264.28' }).click();
    await expectToast(
      page,
      'Payment Successful',
      `You paid $264.28 to Lone Star Mobile Truck Repair.`,
    );
    await expect(booking.getByTestId('paid-badge')).toHaveText('Paid · Card');
    await expect(booking.getByRole('button', { name: /^Pay / })).toBeHidden();
  });
});

test('Cash is confirmed by the provider; a dispute is settled in the admin console', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shots = test.info().outputPath.bind(test.info());
  const baseURL = test.info().project.use.baseURL;
  const mechanic = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  const vehicle = await test.step('A job with the demo mechanic, done through the API', () =>
    completedJob(page.request, mechanic.request, '2019 Kenworth T680', 180));

  const driverCard = page.getByTestId('booking-card').filter({ hasText: vehicle });
  await test.step('The driver records cash: it waits for the provider, with no second Pay', async () => {
    await page.goto('/bookings?tab=history');
    await driverCard.getByRole('button', { name: 'Pay $198.00' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay for this job' });
    await pay.getByText('I paid the provider in cash').click();
    await pay.getByRole('button', { name: 'Record cash payment of $198.00' }).click();
    await expectToast(
      page,
      'Cash Payment Recorded',
      'Lone Star Mobile Truck Repair will confirm they received $198.00 in cash.',
    );
    await expect(driverCard.getByTestId('cash-status')).toContainText(
      'Waiting for the provider to confirm',
    );
    await expect(driverCard.getByTestId('paid-badge')).toBeHidden();
    await expect(driverCard.getByRole('button', { name: /^Pay / })).toBeHidden();
    await driverCard.screenshot({ path: shots('driver-cash-awaiting.png') });
  });

  const mechanicPage = await mechanic.newPage();
  await test.step('The provider disputes it from the job, with a reason', async () => {
    await mechanicPage.goto('/bookings?tab=history');
    const job = mechanicPage.getByTestId('provider-booking-card').filter({ hasText: vehicle });
    const ask = job.getByTestId('cash-confirmation');
    await expect(ask).toContainText('says they paid $198.00 in cash');
    await expect(ask.getByRole('button', { name: 'Confirm Cash Received' })).toBeVisible();
    await job.screenshot({ path: shots('provider-cash-confirmation.png') });
    await ask.getByRole('button', { name: 'Dispute' }).click();
    const dialog = mechanicPage.getByRole('dialog', { name: 'Dispute this cash payment?' });
    await dialog.getByRole('button', { name: 'Dispute Payment' }).click();
    await expect(dialog.getByText(/Say what was wrong/)).toBeVisible();
    await dialog.getByLabel('What was wrong').fill('Nothing was handed over');
    await mechanicPage.screenshot({ path: shots('provider-dispute-dialog.png') });
    await dialog.getByRole('button', { name: 'Dispute Payment' }).click();
    await expect(job.getByTestId('cash-status')).toContainText('You disputed this $198.00');
  });

  await test.step('The admin settles it as paid in the Disputes tab', async () => {
    await signIn(admin.request, 'admin@truckfinder.test');
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin?tab=disputes');
    const dispute = adminPage
      .getByTestId('dispute-card')
      .filter({ hasText: 'Nothing was handed over' });
    await expect(dispute).toContainText('$198.00 cash');
    await adminPage.screenshot({ path: shots('admin-cash-disputes.png'), fullPage: true });
    await dispute.getByRole('button', { name: 'Count as Paid' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Count this cash payment as paid?' });
    await confirm.getByLabel('Reason').fill('Driver showed a signed cash slip');
    await confirm.getByRole('button', { name: 'Count as Paid' }).click();
    await expectToast(adminPage, 'Dispute settled');
    await expect(dispute).toBeHidden();
  });

  await test.step('The job now counts as paid for the driver', async () => {
    await page.reload();
    await expect(driverCard.getByTestId('paid-badge')).toHaveText('Paid · Cash');
    await expect(driverCard.getByTestId('cash-status')).toBeHidden();
    await expectNoSideways(page);
  });
  await mechanic.close();
  await admin.close();
});

test('a downgrade waits for the end of the paid period, and can be taken back', async ({
  page,
}) => {
  await newProvider(page);
  await subscribeByApi(page.request, 'enterprise');
  const current = page.getByTestId('current-plan');
  const renewal = await test.step('The provider on Enterprise asks for Basic', async () => {
    await page.goto('/profile?tab=subscription');
    await expect(current.getByRole('heading', { name: 'Enterprise' })).toBeVisible();
    const renewal = (await current
      .getByText('Next Billing Date')
      .locator('..')
      .locator('dd')
      .textContent())!;
    await current.getByRole('button', { name: 'Downgrade to Basic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to Basic?' });
    await expect(
      dialog.getByText(
        `$170.00/month less from ${renewal}: your Enterprise plan stays until then and nothing is refunded, then $29.99/month.`,
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Switch to Basic' }).click();
    await expectToast(page, 'Plan Change Scheduled', `Changes to Basic on ${renewal}.`);
    return renewal;
  });

  await test.step('Enterprise stays until the renewal date, which says what comes next', async () => {
    await expect(current.getByRole('heading', { name: 'Enterprise' })).toBeVisible();
    await expect(current.getByText('$199.99')).toBeVisible();
    const scheduled = current.getByTestId('scheduled-change');
    await expect(scheduled.getByText(`Changes to Basic on ${renewal}`)).toBeVisible();
    await expect(current.getByRole('button', { name: `Basic from ${renewal}` })).toBeDisabled();
    await scheduled.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('downgrade-scheduled.png') });
    await expectNoSideways(page);
  });

  await test.step('Nothing was refunded', async () => {
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(page.getByRole('link', { name: /Enterprise plan — first month/ })).toBeVisible();
    await expect(page.getByText('Refunded')).toBeHidden();
    await page.getByRole('tab', { name: 'Subscription' }).click();
  });

  await test.step('Keeping Enterprise drops the waiting change', async () => {
    await current.getByRole('button', { name: 'Keep Enterprise' }).click();
    await expectToast(page, 'Plan Kept', 'Your Enterprise plan renews as it is.');
    await expect(current.getByTestId('scheduled-change')).toBeHidden();
    await expect(current.getByRole('button', { name: 'Downgrade to Basic' })).toBeEnabled();
  });
});

test('where the server takes no card payments, the billing screens say so', async ({
  page,
  browser,
}) => {
  // A public server without Stripe keys answers payments "off" (payments-mode.api.test.ts proves
  // the server's side: every card call answers 503); here the screens read that answer.
  await page.route('**/api/meta', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), payments: 'off' } });
  });
  const notice = page.getByTestId('payments-off');

  await test.step('Billing offers no plan to buy', async () => {
    await newProvider(page);
    await page.goto('/profile?tab=subscription');
    await expect(notice.getByText('Payments are not set up on this server')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('payments-off-billing.png') });
    await page.getByRole('tab', { name: 'Billing Info' }).click();
    await expect(page.getByText('Payments are not set up on this server')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Payment Method' })).toBeHidden();
  });

  await test.step('Payment Methods saves no card', async () => {
    await page.goto('/payment-methods');
    await expect(notice.getByText('Payments are not set up on this server')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Card' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('payments-off-cards.png') });
  });

  await test.step("A completed job's payment offers cash only", async () => {
    const driver = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const mechanic = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const vehicle = await completedJob(driver.request, mechanic.request, '2020 Kenworth T680', 180);
    await mechanic.close();

    const driverPage = await driver.newPage();
    await driverPage.route('**/api/meta', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({
        response: answer,
        json: { ...(await answer.json()), payments: 'off' },
      });
    });
    await driverPage.goto('/bookings?tab=history');
    const booking = driverPage.getByTestId('booking-card').filter({ hasText: vehicle });
    await booking.getByRole('button', { name: 'Pay $198.00' }).click();
    const pay = driverPage.getByRole('dialog', { name: 'Pay for this job' });
    await expect(pay.getByText('Payments are not set up on this server')).toBeVisible();
    await expect(pay.getByRole('button', { name: 'Record cash payment of $198.00' })).toBeVisible();
    await expect(pay.getByRole('radio')).toHaveCount(0);
    await expect(pay.getByLabel('Card Number')).toHaveCount(0);
    await driverPage.screenshot({ path: test.info().outputPath('payments-off-job.png') });
    await driver.close();
  });
});
