import type { Page } from '@playwright/test';
import {
  authenticatorCode,
  expect,
  newAdmin,
  scrollToEnd,
  signInOnLanding,
  signOut,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** The code step after the password, with the code typed and sent. */
async function enterCode(page: Page, code: string) {
  const form = page.getByRole('form', { name: 'Two-step sign-in' });
  await expect(form).toBeVisible();
  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
}

test('an admin sets up two-step sign-in, signs in with a code, and uses a recovery code once', async ({
  page,
  browser,
}) => {
  const account = await newAdmin(browser);
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('The console asks the new admin to set up two-step sign-in first', async () => {
    await page.goto('/');
    await signInOnLanding(page, account.email, account.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await expect(page.getByText('Set up two-step sign-in to use the admin console.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Truck Finder Admin Dashboard' })).toHaveCount(
      0,
    );
  });

  await test.step('The admin scans the code (here: reads the key) and confirms the first code', async () => {
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: test.info().outputPath('enrolment.png'), fullPage: true });
    await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
  });

  await test.step('The ten recovery codes are shown once; then the console opens', async () => {
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    await page.screenshot({ path: test.info().outputPath('recovery-codes.png'), fullPage: true });
    await page.getByRole('button', { name: 'I saved my codes' }).click();
    await expect(page.getByRole('heading', { name: 'Truck Finder Admin Dashboard' })).toBeVisible();
  });

  await test.step('Signed out and in again, the password alone is not enough: the code is asked', async () => {
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await signInOnLanding(page, account.email, account.password);
    await expect(page.getByRole('form', { name: 'Two-step sign-in' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('code-step.png'), fullPage: true });
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ user: null });
    // The code the app shows next (the first one is spent): the server takes ±1 step.
    await enterCode(page, authenticatorCode(secret, 1));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Truck Finder Admin Dashboard' })).toBeVisible();
  });

  await test.step('A recovery code signs in once', async () => {
    await signOut(page);
    await signInOnLanding(page, account.email, account.password);
    await enterCode(page, recoveryCodes[0]!);
    await expect(page.getByRole('heading', { name: 'Truck Finder Admin Dashboard' })).toBeVisible();
  });

  await test.step('The same recovery code is refused the second time', async () => {
    await signOut(page);
    await signInOnLanding(page, account.email, account.password);
    await enterCode(page, recoveryCodes[0]!);
    const form = page.getByRole('form', { name: 'Two-step sign-in' });
    await expect(form.getByRole('alert')).toHaveText(
      'That code is not right. Check your authenticator app and try again.',
    );
    await expect(page).toHaveURL(/\/$/);
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ user: null });
  });
});

test('a driver turns two-step sign-in on in Settings → Security, and off with the password', async ({
  page,
}) => {
  const account = uniqueAccount();
  const registered = await page.request.post('/api/auth/register', { data: account });
  expect(registered.status()).toBe(201);
  await page.goto('/profile');
  await scrollToEnd(page);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  await section.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await section.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(
    section.getByText('Two-step sign-in is on. 10 of 10 recovery codes left.'),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('settings-on.png') });
  await section.getByLabel('Password to turn it off').fill(account.password);
  await section.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await expect(section.getByRole('button', { name: 'Set up two-step sign-in' })).toBeVisible();
});
