import { DALLAS, expect, expectToast, scrollToEnd, test, uniqueAccount } from './fixtures.ts';
import { DEMO_PASSWORD, demoAccounts } from '../src/core/demo-accounts.ts';

test.use({ geolocation: DALLAS, permissions: ['geolocation'] });

test('a driver edits the profile, keeps a fleet and picks a vehicle when booking', async ({
  page,
}) => {
  const account = uniqueAccount();
  const name = page.getByLabel('Full Name');
  await test.step('A new driver opens the profile: fields are locked until Edit Profile', async () => {
    const registered = await page.request.post('/api/auth/register', {
      data: { ...account, role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/profile');

    await expect(name).toHaveValue(account.name);
    await expect(name).toBeDisabled();
    await expect(page.getByTestId('role-label')).toHaveText('Driver');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
  });

  await test.step('A one-letter name and a short phone number are refused; the email is read-only', async () => {
    await name.fill('A');
    await page.getByLabel('Phone Number').fill('123');
    await expect(page.getByLabel('Email Address')).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();
  });

  await test.step('The driver saves a new name, phone and location', async () => {
    await name.fill('Dale Roadrunner');
    await page.getByLabel('Phone Number').fill('(214) 555-0199');
    await page.getByLabel('Location', { exact: true }).fill('Waco, TX');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile Updated');
    await expect(name).toBeDisabled();
    await expect(page.getByRole('heading', { level: 1, name: 'Dale Roadrunner' })).toBeVisible();
  });

  await test.step('Cancel puts the saved values back', async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await name.fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(name).toHaveValue('Dale Roadrunner');
  });

  await test.step('The fleet: add, check the required fields, remove', async () => {
    await expect(page.getByText('No vehicles added')).toBeVisible();
    await page.getByRole('button', { name: 'Add Your First Vehicle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
    await expect(dialog.getByText('Please fill in all required vehicle fields')).toBeVisible();
    await dialog.getByLabel('Year').fill('2021');
    await dialog.getByLabel('Make').fill('Kenworth');
    await dialog.getByLabel('Model').fill('T680');
    await dialog.getByLabel('Tire Size').fill('295/75R22.5');
    await dialog.getByRole('button', { name: 'Save Vehicle' }).click();
    await expectToast(page, 'Vehicle added');
    await expect(page.getByRole('list', { name: 'Vehicles' })).toContainText('2021 Kenworth T680');

    await page.getByRole('button', { name: 'Add Vehicle' }).click();
    const second = page.getByRole('dialog', { name: 'Add Vehicle' });
    await second.getByLabel('Year').fill('2018');
    await second.getByLabel('Make').fill('Volvo');
    await second.getByLabel('Model').fill('VNL 760');
    await second.getByLabel('Tire Size').fill('11R22.5');
    await second.getByRole('button', { name: 'Save Vehicle' }).click();
    await expectToast(page, 'Vehicle added');
    await page.getByRole('button', { name: 'Remove 2018 Volvo VNL 760' }).click();
    await expectToast(page, 'Vehicle removed');
    await expect(page.getByRole('list', { name: 'Vehicles' })).not.toContainText('Volvo');
  });

  await test.step('Booking offers the fleet to fill the vehicle details', async () => {
    await page.goto('/home');
    const bookable = page
      .getByTestId('provider-card')
      .filter({ has: page.getByRole('button', { name: /^Book Now/ }) })
      .first();
    await bookable.getByRole('button', { name: /^Book Now/ }).click();
    const book = page.getByRole('dialog', { name: 'Book Service' });
    await book.getByLabel('My Vehicles').selectOption({ label: '2021 Kenworth T680' });
    await expect(book.getByLabel('Vehicle Details')).toHaveValue(
      '2021 Kenworth T680, 295/75R22.5 tires',
    );
  });
});

test('a mechanic edits the business and services, moves it, and goes offline live on a driver’s search', async ({
  page,
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const { account, name, adminContext, approve } =
    await test.step('A fresh mechanic with a business near downtown Dallas, approved by the admin', async () => {
      const account = uniqueAccount();
      const name = `Test Diesel ${account.username}`;
      expect(
        (
          await page.request.post('/api/auth/register', { data: { ...account, role: 'mechanic' } })
        ).status(),
      ).toBe(201);
      const created = await page.request.post('/api/service-providers', {
        data: {
          businessName: name,
          serviceType: 'mobile_mechanic',
          address: '1500 Marilla St',
          city: 'Dallas',
          state: 'TX',
          zipCode: '75201',
          phone: '(214) 555-0111',
          email: account.email,
          visitFee: 80,
          hourlyRate: 110,
          licenseNumber: 'TX-E2E-1',
          insurancePolicy: 'POL-E2E-1',
        },
      });
      expect(created.status()).toBe(201);
      const providerId = (await created.json()).id as string;
      const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await adminContext.request.post('/api/auth/login', {
        data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
      });
      const approve = async () => {
        const approval = await adminContext.request.patch(`/api/admin/providers/${providerId}`, {
          data: { verification: 'approved' },
        });
        expect(approval.status()).toBe(200);
      };
      await approve();
      return { account, name, adminContext, approve };
    });

  const { driverContext, card, nearDistance } =
    await test.step('A driver in Dallas has the search open', async () => {
      const driverContext = await browser.newContext({
        viewport,
        geolocation: DALLAS,
        permissions: ['geolocation'],
        baseURL: test.info().project.use.baseURL,
      });
      const driver = await driverContext.newPage();
      await driver.request.post('/api/auth/register', {
        data: { ...uniqueAccount(), role: 'driver' },
      });
      await driver.goto(`/home?q=${encodeURIComponent(account.username)}&distance=50`);
      const card = driver.getByTestId('provider-card').filter({ hasText: name });
      await expect(card.getByRole('button', { name: /^Book Now/ })).toBeEnabled();
      const nearDistance = await card.getByTestId('distance').textContent();
      return { driverContext, card, nearDistance };
    });

  await test.step('The mechanic edits services: 24/7 and AAA show as badges', async () => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByLabel('Visit Fee').fill('92.50');
    await page.getByRole('switch', { name: '24/7 Emergency Service' }).click();
    await page.getByRole('switch', { name: 'Accept AAA' }).click();
    await page.getByRole('tab', { name: 'Business' }).click();
    await page.getByLabel('ZIP Code').fill('76201'); // Denton, ~35 miles north
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Business Profile Updated');
    const badges = page.getByTestId('profile-badges');
    await expect(badges.getByText('24/7 Service')).toBeVisible();
    await expect(badges.getByText('AAA Accepted')).toBeVisible();
  });

  await test.step("A verified business's new address waits for review; drivers still see the approved one", async () => {
    await expect(page.getByText('Changes awaiting review')).toBeVisible();
    await expect(card.getByTestId('distance')).toHaveText(nearDistance!);
  });

  await test.step("Once approved, the driver's page follows without a reload: farther away, then offline", async () => {
    await approve();
    await adminContext.close();
    await expect(card.getByTestId('distance')).not.toHaveText(nearDistance!);
    expect(
      Number((await card.getByTestId('distance').textContent())!.replace(' mi', '')),
    ).toBeGreaterThan(25);

    await page.getByRole('radio', { name: 'Offline' }).click();
    await expect(page.getByRole('radio', { name: 'Offline' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(card.getByRole('button', { name: /^Request Service/ })).toBeDisabled();
    await driverContext.close();
  });
});

test('settings are stored and change what the app does; a photo upload shows in the header', async ({
  page,
}) => {
  const account = uniqueAccount();
  await page.request.post('/api/auth/register', { data: { ...account, role: 'driver' } });
  await page.goto('/profile');

  await test.step('The driver turns Location Services off, and it stays off after a reload', async () => {
    const location = page.getByRole('switch', { name: 'Location Services' });
    await expect(page.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
    await expect(location).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email Updates' })).not.toBeChecked();
    await location.click();
    await expect(location).not.toBeChecked();
    await expect(location).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Location Services' })).not.toBeChecked();
  });

  await test.step('With Location Services off the search does not ask for the position by itself', async () => {
    await page.goto('/home');
    await expect(page.getByTestId('count-line')).toHaveText(/^\d+ service providers? found$/);
    await expect(page.getByTestId('distance')).toHaveCount(0);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expectToast(page, 'Location updated', 'Refreshing nearby providers');
    await expect(page.getByTestId('count-line')).toHaveText(/within 25 miles$/);
  });

  await test.step('A new profile photo shows in the header', async () => {
    await page.goto('/profile');
    await page.locator('input[type=file]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    });
    await expectToast(page, 'Photo updated');
    await expect(
      page.getByRole('button', { name: /Account menu/ }).locator('img[src^="/uploads/"]'),
    ).toBeVisible();
  });
});

test('a driver changes the password: a guessable one is refused, other devices are signed out', async ({
  page,
  browser,
}) => {
  const account = uniqueAccount();
  const elsewhere =
    await test.step('A new driver is signed in on this device and another', async () => {
      const registered = await page.request.post('/api/auth/register', {
        data: { ...account, role: 'driver' },
      });
      expect(registered.status()).toBe(201);
      const elsewhere = await browser.newContext();
      const signedIn = await elsewhere.request.post('/api/auth/login', {
        data: { email: account.email, password: account.password },
      });
      expect(signedIn.status()).toBe(200);
      return elsewhere;
    });

  const { form } =
    await test.step('A guessable password and a wrong current password are refused', async () => {
      await page.goto('/profile');
      await scrollToEnd(page);
      const form = page.getByRole('form', { name: 'Change password' });
      const newPassword = form.getByLabel('New Password', { exact: true });
      await form.getByLabel('Current Password').fill('not my password at all');
      await newPassword.fill('password123');
      await expect(form.getByText(/Password strength: (Very weak|Weak)/)).toBeVisible();
      await form.getByLabel('Confirm New Password').fill('password123');
      await form.getByRole('button', { name: 'Change Password' }).click();
      await expect(form.getByText(/too easy to guess/).first()).toBeVisible();

      await newPassword.fill('granite lantern river 47');
      await form.getByLabel('Confirm New Password').fill('granite lantern river 47');
      await form.getByRole('button', { name: 'Change Password' }).click();
      await expect(form.getByText('Your current password is not correct')).toBeVisible();
      return { form };
    });

  await test.step('With the right current password the change goes through and other devices are signed out', async () => {
    await form.getByLabel('Current Password').fill(account.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed');
    expect(await (await elsewhere.request.get('/api/auth/session')).json()).toEqual({ user: null });
    await elsewhere.close();
  });

  await test.step('This device stays signed in', async () => {
    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue(account.name);
  });
});
