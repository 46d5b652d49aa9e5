import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  DALLAS,
  expect,
  expectNoSideways,
  newProvider,
  openSide,
  subscribeByApi,
  test,
  uniqueAccount,
} from './fixtures.ts';

const run = promisify(execFile);

test('an Enterprise owner creates an API token, a script lists the bookings and sets the availability with it, and the owner sees both', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  const business = await newProvider(browser, 'Api Diesel');
  const owner = await openSide(browser, viewport, DALLAS);
  let bookingId = '';
  let token = '';

  await test.step('A driver books the business', async () => {
    const driver = await browser.newContext({ baseURL });
    const registered = await driver.request.post('/api/auth/register', {
      data: { ...uniqueAccount(), role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    const booked = await driver.request.post('/api/bookings', {
      data: { providerId: business.id, serviceType: 'Brake Repair', preferredTime: 'asap' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    bookingId = ((await booked.json()) as { id: string }).id;
    await driver.close();
  });

  await test.step('The owner, on Enterprise, creates a token in Profile → Business → API', async () => {
    const login = await owner.page.request.post('/api/auth/login', {
      data: { email: business.email, password: business.password },
    });
    expect(login.status()).toBe(200);
    await subscribeByApi(owner.page.request, 'enterprise');
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await owner.page.goto('/profile?tab=business');
    await expect(owner.page.getByRole('textbox', { name: 'Business ID', exact: true })).toHaveValue(
      business.id,
    );
    await owner.page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = owner.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Dispatch sync');
    await dialog.getByRole('checkbox', { name: /bookings:read/ }).check();
    await dialog.getByRole('checkbox', { name: /availability:write/ }).check();
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    const shown = dialog.getByRole('textbox', { name: 'Your new API token' });
    await expect(shown).toHaveValue(/^tf_test_[\w-]{43}$/);
    await expect(dialog.getByText("You won't see it again", { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    token = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(await shown.inputValue());
    await expectNoSideways(owner.page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    const row = owner.page.getByRole('listitem', { name: 'Dispatch sync' });
    await expect(row).toContainText(token.slice(0, 12));
    await expect(row).not.toContainText(token.slice(12));
    await expect(row.getByTestId('api-token-last-used')).toHaveText('Never');
  });

  await test.step('A script lists the bookings and sets the availability with the token', async () => {
    const { stdout } = await run(process.execPath, ['examples/api-client.mjs', 'busy'], {
      env: { ...process.env, TF_URL: baseURL, TF_TOKEN: token, TF_PROVIDER_ID: business.id },
    });
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(lines).toContainEqual(expect.objectContaining({ booking: bookingId }));
    expect(lines.at(-1)).toEqual({ provider: business.id, status: 'busy' });
  });

  await test.step('The owner sees the new availability and when the token was last used', async () => {
    await owner.page.reload();
    await expect(owner.page.getByRole('radio', { name: 'Busy', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const row = owner.page.getByRole('listitem', { name: 'Dispatch sync' });
    await expect(row.getByTestId('api-token-last-used')).toContainText(
      /\d{1,2}:\d{2} (AM|PM) from \S+/,
    );
  });
  expect(owner.problems).toEqual([]);
  await owner.context.close();
});
