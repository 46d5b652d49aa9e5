import type { APIRequestContext, Browser } from '@playwright/test';
import {
  DALLAS,
  DEMO_PASSWORD,
  expect,
  expectNoSideways,
  expectToast,
  MECHANIC_START as FAR,
  newProvider,
  openSide,
  subscribeByApi,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** A point closer to the driver than where the technician starts. */
const NEAR = { latitude: 32.79, longitude: -96.81 };
const at = (place: { latitude: number; longitude: number }) =>
  `${place.latitude.toFixed(5)},${place.longitude.toFixed(5)}`;

/** The invitation link mailed to `email`, read from the outbox by the demo admin. */
async function invitationLink(browser: Browser, email: string) {
  const admin = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const login = await admin.request.post('/api/auth/login', {
      data: { email: 'admin@truckfinder.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const outbox = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
        const mails = (await outbox.json()) as { text: string }[];
        link = /https?:\/\/\S+\/join\?token=[\w-]+/.exec(mails[0]?.text ?? '')?.[0];
        return link;
      })
      .toBeTruthy();
    return new URL(link!).pathname + new URL(link!).search;
  } finally {
    await admin.close();
  }
}

/** A member who joins through the API with the token of `link`. */
async function joinByApi(request: APIRequestContext, link: string, name: string) {
  const token = new URL(link, 'http://x').searchParams.get('token');
  const joined = await request.post('/api/team/invites/accept', {
    data: { token, name, phone: '(214) 555-0143', password: 'correct horse battery staple' },
  });
  expect(joined.status(), await joined.text()).toBe(201);
}

test('an Enterprise owner invites a technician, a dispatcher assigns a job, and the technician is followed on the driver’s map and the fleet map', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(150_000);
  const shots = test.info().outputPath.bind(test.info());
  const business = await newProvider(browser, 'Crew Diesel');
  const owner = await openSide(browser, viewport, DALLAS);
  const technician = await openSide(browser, viewport, FAR);
  const dispatcher = await openSide(browser, viewport, DALLAS);
  const driver = await openSide(browser, viewport, DALLAS);
  const tag = Date.now().toString(36);
  const technicianEmail = `terry.${tag}@example.com`;
  const vehicle = `2020 Volvo VNL #${tag}`;

  await test.step('The owner, on Enterprise, invites a technician from Profile → Team', async () => {
    const login = await owner.page.request.post('/api/auth/login', {
      data: { email: business.email, password: business.password },
    });
    expect(login.status()).toBe(200);
    await subscribeByApi(owner.page.request, 'enterprise');
    await owner.page.goto('/profile?tab=team');
    await owner.page.getByRole('textbox', { name: 'Email', exact: true }).fill(technicianEmail);
    await owner.page.getByRole('radio', { name: /Technician/ }).check();
    await owner.page.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(owner.page, 'Invitation Sent');
    await expect(owner.page.getByText(technicianEmail, { exact: true })).toBeVisible();
    await expectNoSideways(owner.page);
    await owner.page.screenshot({ path: shots('team-invited.png'), fullPage: true });
  });

  const technicianId =
    await test.step('The technician opens the link, makes the account and is signed in', async () => {
      await technician.page.goto(await invitationLink(browser, technicianEmail));
      await expect(technician.page.getByText(business.businessName)).toBeVisible();
      await technician.page.getByLabel('Full Name').fill('Terry Wrench');
      await technician.page.getByLabel('Phone').fill('(214) 555-0142');
      await technician.page
        .getByLabel('Password', { exact: true })
        .fill('correct horse battery staple');
      await technician.page.screenshot({ path: shots('join.png'), fullPage: true });
      await technician.page.getByRole('button', { name: 'Create Account and Join' }).click();
      await expect(technician.page).toHaveURL(/\/bookings/);
      const me = await technician.page.request.get('/api/auth/me');
      const user = (await me.json()) as { id: string; role: string };
      expect(user.role).toBe('technician');
      return user.id;
    });

  await test.step('A dispatcher joins the same way', async () => {
    const email = `dana.${tag}@example.com`;
    const invited = await owner.page.request.post('/api/team/invites', {
      data: { email, role: 'dispatcher' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    await joinByApi(dispatcher.page.request, await invitationLink(browser, email), 'Dana Dispatch');
  });

  const bookingId = await test.step('A driver books the business; it is accepted', async () => {
    const account = uniqueAccount();
    const registered = await driver.page.request.post('/api/auth/register', {
      data: { ...account, role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    const booked = await driver.page.request.post('/api/bookings', {
      data: {
        providerId: business.id,
        serviceType: 'Brake Repair',
        vehicleDetails: vehicle,
        preferredTime: 'asap',
        truckLocation: 'parking',
        location: 'Pilot Travel Center, Dallas, TX',
        ...DALLAS,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const accepted = await dispatcher.page.request.patch(`/api/bookings/${id}`, {
      data: { status: 'confirmed' },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return id;
  });

  await test.step('The dispatcher assigns the job to the technician on /fleet', async () => {
    await dispatcher.page.goto('/fleet');
    const card = dispatcher.page.locator(`li[data-job="${bookingId}"]`);
    await expect(card).toContainText('Unassigned');
    await card.getByRole('button', { name: /^Assign / }).click();
    await dispatcher.page.getByRole('menuitem', { name: 'Terry W.' }).click();
    await expect(card).toContainText('Terry W.');
    await dispatcher.page.screenshot({ path: shots('fleet-assigned.png'), fullPage: true });
  });

  const job = technician.page.getByTestId('provider-booking-card').filter({ hasText: vehicle });
  await test.step('The technician sees the job and starts it; the driver sees who comes', async () => {
    await technician.page.reload();
    await expect(job).toBeVisible();
    await expect(job.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await job.getByRole('button', { name: 'Start Job' }).click();
    await expect(job.getByTestId('booking-status')).toHaveText('In Progress');
    await expect(job.getByText(/Sharing your location/)).toBeVisible();
    await technician.page.screenshot({ path: shots('technician-job.png'), fullPage: true });
  });

  const booking = driver.page.getByTestId('booking-card').filter({ hasText: vehicle });
  const fleetMarker = dispatcher.page.locator(`.fleet-marker[data-technician="${technicianId}"]`);
  await test.step("The technician's marker is on the driver's map and the fleet map", async () => {
    await driver.page.goto('/bookings');
    await expect(booking.getByText(/Terry/)).toBeVisible();
    await expect(booking.locator('.tracking-marker')).toHaveAttribute('data-position', at(FAR));
    await expect(fleetMarker).toHaveAttribute('data-position', at(FAR));
    await driver.page.screenshot({ path: shots('driver-tracking.png'), fullPage: true });
  });

  await test.step('The technician drives closer: both markers move', async () => {
    await technician.context.setGeolocation(NEAR);
    // Positions are sent at most every 10 seconds.
    await expect(booking.locator('.tracking-marker')).toHaveAttribute('data-position', at(NEAR), {
      timeout: 25_000,
    });
    await expect(fleetMarker).toHaveAttribute('data-position', at(NEAR), { timeout: 15_000 });
    await dispatcher.page.screenshot({ path: shots('fleet-live.png'), fullPage: true });
  });

  for (const [name, side] of Object.entries({ owner, technician, dispatcher, driver })) {
    expect(side.problems, `${name} console`).toEqual([]);
    await side.context.close();
  }
});
