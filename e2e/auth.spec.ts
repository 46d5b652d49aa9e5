import { expect, expectToast, signOut, test, uniqueAccount } from './fixtures.ts';

test('a driver signs up on the landing page, lands signed in, and signs out', async ({ page }) => {
  const account = uniqueAccount();
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Username *').fill(account.username);
  await form.getByLabel('Full Name *').fill(account.name);
  await form.getByLabel('Email *').fill(account.email);
  await form.getByLabel('Phone *').fill(account.phone);
  await form.getByLabel('Password *').fill(account.password);
  await form.getByLabel('Location').fill('Dallas, TX');
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Account created!', `Welcome to Truck Finder, ${account.name}!`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Driver');

  await page.reload();
  await expect(page.getByTestId('role-badge')).toHaveText('Driver');

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByTestId('role-badge')).toHaveCount(0);
  const session = await page.request.get('/api/auth/session');
  expect(await session.json()).toEqual({ user: null });
});
