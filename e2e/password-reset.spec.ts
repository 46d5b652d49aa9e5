import { request as playwrightRequest } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectToast,
  signInOnLanding,
  test,
  uniqueAccount,
} from './fixtures.ts';

test('forgot password: the link from the outbox sets a new password', async ({ page, baseURL }) => {
  const account = uniqueAccount();
  await test.step('A signed-out driver asks for a reset link on Forgot Password', async () => {
    const signup = await page.request.post('/api/auth/register', {
      data: { ...account, role: 'driver' },
    });
    expect(signup.status()).toBe(201);
    await page.request.post('/api/auth/logout');

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText(/Email test mode/)).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'If an account exists for that email' }),
    ).toBeVisible();
  });

  const link =
    await test.step('The admin reads the outbox, where email goes when no SMTP server is configured', async () => {
      const admin = await playwrightRequest.newContext({ baseURL });
      await admin.post('/api/auth/login', {
        data: { email: 'admin@truckfinder.test', password: DEMO_PASSWORD },
      });
      // The email is written just after the answer, which never waits for it.
      let mails: { subject: string; text: string }[] = [];
      await expect
        .poll(async () => {
          const outbox = await admin.get(
            `/api/admin/outbox?to=${encodeURIComponent(account.email)}`,
          );
          // The link that confirms the address, mailed at sign-up, is not the one looked for.
          mails = ((await outbox.json()) as { subject: string; text: string }[]).filter(
            (mail) => mail.subject !== 'Confirm your Truck Finder email',
          );
          return mails.length;
        })
        .toBe(1);
      await admin.dispose();
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mails[0]!.text)![0];
      return link;
    });

  await test.step('The link in the email sets a new password', async () => {
    await page.goto(link);
    // The token leaves the address bar (and the history) at once; the page keeps it for the submit.
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New Password', { exact: true }).fill('my new password 42');
    await page.getByLabel('Confirm New Password').fill('my new password 42');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Password changed');
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('The old password is refused and the new one signs in', async () => {
    await signInOnLanding(page, account.email, account.password);
    await expectToast(page, 'Login failed', 'Invalid email or password');
    await signInOnLanding(page, account.email, 'my new password 42');
    await expect(page).toHaveURL(/\/home$/);
  });

  await test.step('The link works only once', async () => {
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('another password 43');
    await page.getByLabel('Confirm New Password').fill('another password 43');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired' }),
    ).toBeVisible();
  });
});
