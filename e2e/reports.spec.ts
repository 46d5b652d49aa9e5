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

test('an owner sees the upgrade line and the statements, then on Enterprise the report and its CSV', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL!;
  const business = await newProvider(browser, 'Report Diesel');
  const owner = await openSide(browser, viewport, DALLAS);

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
    await driver.close();
  });

  await test.step('Without Enterprise: the plan line, Upgrade, and the monthly statements', async () => {
    const login = await owner.page.request.post('/api/auth/login', {
      data: { email: business.email, password: business.password },
    });
    expect(login.status()).toBe(200);
    await owner.page.goto('/reports');
    await expect(owner.page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(
      owner.page.getByText(
        'Custom reporting is part of the Enterprise plan. Upgrade in Profile → Billing.',
      ),
    ).toBeVisible();
    await expect(owner.page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/profile?tab=billing',
    );
    const statements = owner.page.getByRole('region', { name: 'Monthly statements' });
    await expect(statements.getByRole('link', { name: /^Download PDF/ })).toHaveCount(12);
    await expectNoSideways(owner.page);
  });

  await test.step('On Enterprise: the last 30 days show the job, and the CSV downloads', async () => {
    await subscribeByApi(owner.page.request, 'enterprise');
    await owner.page.reload();
    const jobsTile = owner.page
      .locator('dl > div')
      .filter({ has: owner.page.getByRole('term').getByText('Jobs', { exact: true }) });
    await expect(jobsTile.getByRole('definition').first()).toHaveText('1');
    await expect(owner.page.getByRole('heading', { name: 'Jobs per period' })).toBeVisible();
    const csv = owner.page.getByRole('link', { name: 'Download CSV' });
    const href = await csv.getAttribute('href');
    expect(href).toMatch(/^\/api\/reports\?/);
    const response = await owner.page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Period start,Period end,Jobs,/);
    expect(lines.at(-1)).toMatch(/^Total,,1,/);
    const download = owner.page.waitForEvent('download');
    await csv.click();
    expect((await download).suggestedFilename()).toMatch(/^truck-finder-report-.*\.csv$/);
    await expectNoSideways(owner.page);
  });

  expect(owner.problems).toEqual([]);
  await owner.context.close();
});
