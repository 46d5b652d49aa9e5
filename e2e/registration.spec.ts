import type { Page } from '@playwright/test';
import { expect, expectToast, holdLocationRequests, test, uniqueAccount } from './fixtures.ts';

const driverForm = (page: Page) => page.getByRole('form', { name: 'Driver registration' });
const providerForm = (page: Page) =>
  page.getByRole('form', { name: 'Service provider application' });

test('/register has both tabs and a way to sign in', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Join Truck Finder' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Driver' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Service Provider' })).toBeVisible();
  await page.getByRole('link', { name: 'Already have an account? Sign in here' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the driver form shows every validation message next to its field', async ({ page }) => {
  const form = driverForm(page);
  await test.step('Sending the empty driver form shows each message next to its field', async () => {
    await page.goto('/register');
    await form.getByRole('button', { name: 'Create Driver Account' }).click();
    for (const message of [
      'Full name must be at least 2 characters',
      'Please enter a valid email address',
      'Phone number must be at least 10 digits',
      'Please select your vehicle type',
      'Commercial license number is required',
      'Password must be at least 8 characters',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('Two different passwords are caught', async () => {
    await form.getByLabel('Password', { exact: true }).fill('long enough password');
    await form.getByLabel('Confirm Password').fill('something else');
    await form.getByRole('button', { name: 'Create Driver Account' }).click();
    await expect(form.getByText("Passwords don't match", { exact: true })).toBeVisible();
  });
});

test('a driver creates an account from /register', async ({ page }) => {
  const account = uniqueAccount();
  await test.step('The driver fills the driver form', async () => {
    await holdLocationRequests(page);
    await page.goto('/register');
    const form = driverForm(page);
    await form.getByLabel('Full Name').fill(account.name);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Phone').fill(account.phone);
    await form.getByLabel('Company (Optional)').fill('Red River Freight');
    await form.getByLabel('Vehicle Type').selectOption('box_truck');
    await form.getByLabel('CDL Number').fill('TX-CDL-998877');
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByLabel('Confirm Password').fill(account.password);
    await form.getByRole('button', { name: 'Create Driver Account' }).click();
  });

  await test.step('The new driver lands signed in, with what they typed stored', async () => {
    await expectToast(
      page,
      'Registration Successful!',
      'Your driver account has been created. You can now log in.',
    );
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('role-badge')).toHaveText('Driver');
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({
      email: account.email,
      company: 'Red River Freight',
      cdlNumber: 'TX-CDL-998877',
      vehicleInfo: { vehicleType: 'box_truck' },
    });
  });
});

test('a server error is shown on the driver form', async ({ page }) => {
  const form = driverForm(page);
  await test.step('The driver fills the form with an email that is already taken', async () => {
    await page.goto('/register');
    await form.getByLabel('Full Name').fill('Copy Cat');
    await form.getByLabel('Email').fill('driver@truckfinder.test');
    await form.getByLabel('Phone').fill('2145550100');
    await form.getByLabel('Vehicle Type').selectOption('rv');
    await form.getByLabel('CDL Number').fill('X1');
    await form.getByLabel('Password', { exact: true }).fill('long enough password');
    await form.getByLabel('Confirm Password').fill('long enough password');
    await form.getByRole('button', { name: 'Create Driver Account' }).click();
  });

  await test.step("The server's refusal shows in a toast and on the form, which stays open", async () => {
    await expectToast(
      page,
      'Registration Failed',
      'There was an error creating your account. Please try again.',
    );
    await expect(
      form
        .getByRole('alert')
        .filter({ hasText: 'User already exists with this email or username' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});

test('the provider form shows every validation message next to its field', async ({ page }) => {
  const form = providerForm(page);
  await test.step('Sending the empty provider application shows each message next to its field', async () => {
    await page.goto('/register');
    await page.getByRole('tab', { name: 'Service Provider' }).click();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Business name must be at least 2 characters',
      'Contact name must be at least 2 characters',
      'Please enter a valid email address',
      'Phone number must be at least 10 digits',
      'Please select your service type',
      'Business address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Visit fee is required',
      'Hourly rate is required',
      'Business license number is required',
      'Insurance policy number is required',
      'Password must be at least 8 characters',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
  });

  await test.step('Two different passwords are caught', async () => {
    await form.getByLabel('Password', { exact: true }).fill('long enough password');
    await form.getByLabel('Confirm Password').fill('different');
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await expect(form.getByText("Passwords don't match", { exact: true })).toBeVisible();
  });
});

test('a provider applies from /register and awaits verification', async ({ page }) => {
  const account = uniqueAccount();
  await test.step('The provider fills the application', async () => {
    await page.goto('/register');
    await page.getByRole('tab', { name: 'Service Provider' }).click();
    const form = providerForm(page);
    await form.getByLabel('Business Name').fill('Trinity River Tire Service');
    await form.getByLabel('Contact Name').fill('Rosa Diaz');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Phone').fill('(214) 555-0166');
    await form.getByLabel('Service Type').selectOption('tire_shop');
    await form.getByLabel('Business Address').fill('2400 Singleton Blvd');
    await form.getByLabel('City').fill('Dallas');
    await form.getByLabel('State').fill('TX');
    await form.getByLabel('ZIP Code').fill('75212');
    await form.getByLabel('Visit Fee ($)').fill('75');
    await form.getByLabel('Hourly Rate ($)').fill('95.50');
    await form
      .getByLabel('Specialties (Optional, comma separated)')
      .fill('Tire Repair, Road Service');
    await form.getByRole('switch', { name: 'Accept AAA members' }).click();
    await form.getByLabel('Business License Number').fill('TX-BL-1234');
    await form.getByLabel('Insurance Policy Number').fill('INS-5678');
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByLabel('Confirm Password').fill(account.password);
    await form.getByRole('button', { name: 'Submit Application' }).click();
  });

  await test.step('The new provider lands signed in as a mechanic awaiting verification', async () => {
    await expectToast(
      page,
      'Registration Submitted!',
      "Your service provider application has been submitted for review. We'll contact you within 24 hours.",
    );
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('role-badge')).toHaveText('Mechanic');
  });
});
