import { request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, uniqueAccount } from './fixtures.ts';

const EMAIL_BANNER = 'Confirm your email address to get notification emails.';

test('a new driver confirms the email by the link from the outbox, and its banner goes', async ({
  page,
  baseURL,
}) => {
  const account = uniqueAccount();
  await test.step('A new driver sees the banner asking to confirm the email', async () => {
    const signup = await page.request.post('/api/auth/register', {
      data: { ...account, role: 'driver' },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/bookings');
    const banner = page.getByRole('region', { name: 'Confirm your contacts' });
    await expect(banner.getByText(EMAIL_BANNER)).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Send again' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Enter code' })).toBeVisible();
  });

  const link =
    await test.step('The admin finds the link mailed at sign-up in the outbox', async () => {
      const admin = await playwrightRequest.newContext({ baseURL });
      await admin.post('/api/auth/login', {
        data: { email: 'admin@truckfinder.test', password: DEMO_PASSWORD },
      });
      // The link is mailed just after the sign-up's answer.
      let text = '';
      await expect
        .poll(
          async () => {
            const outbox = await admin.get(
              `/api/admin/outbox?to=${encodeURIComponent(account.email)}`,
            );
            const mails = (await outbox.json()) as { subject: string; text: string }[];
            text = mails.find((m) => m.subject === 'Confirm your Truck Finder email')?.text ?? '';
            return text.length > 0;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await admin.dispose();
      return /https?:\/\/\S+\/confirm-contact\?token=[\w-]+/.exec(text)![0];
    });

  await test.step('Opening the link confirms the address', async () => {
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(
      page.getByRole('status').filter({ hasText: `${account.email} is confirmed` }),
    ).toBeVisible();
  });

  await test.step('The email banner is gone; the phone one stays until its code', async () => {
    await page.goto('/bookings');
    const banner = page.getByRole('region', { name: 'Confirm your contacts' });
    await expect(banner.getByText('Confirm your phone number to get text messages.')).toBeVisible();
    await expect(page.getByText(EMAIL_BANNER)).toHaveCount(0);
  });

  await test.step('The link works only once', async () => {
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(
      page.getByRole('alert').filter({ hasText: 'invalid, used or expired' }),
    ).toBeVisible();
  });
});
