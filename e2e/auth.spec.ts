import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectToast,
  holdLocationRequests,
  signInOnLanding,
  signOut,
  test,
  uniqueAccount,
} from './fixtures.ts';

async function signUpOnLanding(
  page: Page,
  account: ReturnType<typeof uniqueAccount>,
  role: 'Driver' | 'Mechanic',
) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByText(role, { exact: true }).click();
  await form.getByLabel('Username *').fill(account.username);
  await form.getByLabel('Full Name *').fill(account.name);
  await form.getByLabel('Email *').fill(account.email);
  await form.getByLabel('Phone *').fill(account.phone);
  await form.getByLabel('Password *').fill(account.password);
  await form.getByLabel('Location').fill('Dallas, TX');
  await form.getByRole('button', { name: 'Create Account' }).click();
}

test('a driver signs up on the landing page, lands signed in, and signs out', async ({ page }) => {
  const account = uniqueAccount();
  await test.step('The driver signs up on the landing page and lands on Home as a driver', async () => {
    await holdLocationRequests(page);
    await page.goto('/');
    await signUpOnLanding(page, account, 'Driver');
    await expectToast(page, 'Account created!', `Welcome to Truck Finder, ${account.name}!`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('role-badge')).toHaveText('Driver');
  });

  await test.step('The driver is still signed in after a reload', async () => {
    await page.reload();
    await expect(page.getByTestId('role-badge')).toHaveText('Driver');
  });

  await test.step('The driver signs out and is back on the landing page', async () => {
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveCount(0);
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ user: null });
  });
});

test('a mechanic signs up on the landing page and gets the mechanic role', async ({ page }) => {
  await page.goto('/');
  await signUpOnLanding(page, uniqueAccount(), 'Mechanic');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Mechanic');
});

test('signing in sends a driver to /home and an admin to /admin', async ({ page }) => {
  await test.step('The driver signs in, lands on Home and signs out', async () => {
    await holdLocationRequests(page);
    await page.goto('/');
    await signInOnLanding(page, 'driver@truckfinder.test');
    await expectToast(page, 'Welcome back!', 'Logged in as Marcus Johnson');
    await expect(page).toHaveURL(/\/home$/);
    await signOut(page);
  });

  await test.step('The admin signs in and lands on the Admin Dashboard', async () => {
    await signInOnLanding(page, 'admin@truckfinder.test');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Truck Finder Admin Dashboard' })).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveText('Admin');
  });
});

test('the landing forms show their error toasts', async ({ page }) => {
  await test.step('Signing in with empty fields asks for them', async () => {
    await page.goto('/');
    await page
      .getByRole('form', { name: 'Sign in' })
      .getByRole('button', { name: 'Sign In' })
      .click();
    await expectToast(page, 'Missing information', 'Please fill in all fields');
  });

  await test.step('A wrong password is refused and the visitor stays on the landing page', async () => {
    await signInOnLanding(page, 'driver@truckfinder.test', 'not the password');
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('Signing up with empty fields asks for them', async () => {
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page
      .getByRole('form', { name: 'Sign up' })
      .getByRole('button', { name: 'Create Account' })
      .click();
    await expectToast(page, 'Missing information', 'Please fill in all required fields');
  });

  await test.step('Signing up with an email already in use is refused', async () => {
    await signUpOnLanding(page, { ...uniqueAccount(), email: 'driver@truckfinder.test' }, 'Driver');
    await expectToast(
      page,
      'Registration failed',
      'User already exists with this email or username',
    );
  });
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/');
  const password = page
    .getByRole('form', { name: 'Sign in' })
    .getByLabel('Password', { exact: true });
  await password.fill(DEMO_PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a signed-out visitor to a private page signs in and returns there', async ({ page }) => {
  await page.goto('/bookings');
  await expect(page).toHaveURL(/\/\?next=%2Fbookings$/);
  await signInOnLanding(page, 'driver@truckfinder.test');
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
});

test('a signed-in visitor to / sees a way into the app instead of the forms', async ({ page }) => {
  await page.goto('/');
  await signInOnLanding(page, 'driver@truckfinder.test');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Marcus Johnson' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Find Services' }).last().click();
  await expect(page).toHaveURL(/\/home$/);
});

test('/login is a real sign-in screen', async ({ page }) => {
  await page.goto('/login');
  await signInOnLanding(page, 'mechanic@truckfinder.test');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Mechanic');
});
