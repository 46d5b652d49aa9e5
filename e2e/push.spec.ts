import type { BrowserContext, CDPSession, Worker } from '@playwright/test';
import { startMockPushService } from '../src/server/test/mock-push-server.ts';
import {
  DALLAS,
  expect,
  expectToast,
  expectWorkerInControl,
  findProvider,
  guardPage,
  newProvider,
  openSide,
  scrollToEnd,
  signInOnLanding,
  test,
  uniqueAccount,
} from './fixtures.ts';

/** Where the screenshots of the prompts and the Notifications group go: E2E_SHOTS_DIR to keep them. */
const shot = (name: string) =>
  process.env.E2E_SHOTS_DIR
    ? `${process.env.E2E_SHOTS_DIR}/${name}.png`
    : test.info().outputPath(`${name}.png`);

type MockPushService = Awaited<ReturnType<typeof startMockPushService>>;
let mock: MockPushService;
test.beforeAll(async () => {
  mock = await startMockPushService();
});
test.afterAll(async () => {
  await mock?.close();
});

/**
 * Headless Chromium reaches no real push service: each page of `context` subscribes at the mock
 * push service instead (the server's key, the mock's endpoint and keys), remembered in the page's
 * storage like a browser's subscription. Everything after (the server's encryption and VAPID
 * signature, the mock's check and decryption) is real. Answers the devices subscribed.
 */
async function subscribeAtMock(context: BrowserContext) {
  const devices: { endpoint: string; clientHash: string }[] = [];
  await context.exposeBinding('__tfMockSubscribe', async (_source, key: string) => {
    const device = await mock.subscribe(key);
    devices.push(device);
    return device;
  });
  await context.addInitScript(() => {
    const KEY = 'tf-e2e-push-subscription';
    interface Stored {
      endpoint: string;
      keys: { p256dh: string; auth: string };
      applicationServerKey: string;
    }
    const encode = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes as ArrayBuffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const decode = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
        .buffer;
    const read = (): Stored | null => JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const subscription = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: decode(stored.applicationServerKey) },
      getKey: (name: 'p256dh' | 'auth') => decode(stored.keys[name]),
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const stored = read();
      return (stored ? subscription(stored) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const known = read();
      if (known) return subscription(known) as unknown as PushSubscription;
      const given = options?.applicationServerKey;
      const key = typeof given === 'string' ? given : encode(given as ArrayBuffer);
      const device = await (
        window as unknown as {
          __tfMockSubscribe(key: string): Promise<Omit<Stored, 'applicationServerKey'>>;
        }
      ).__tfMockSubscribe(key);
      const stored = { endpoint: device.endpoint, keys: device.keys, applicationServerKey: key };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return subscription(stored) as unknown as PushSubscription;
    };
  });
  return devices;
}

/**
 * Watches the context's service worker registrations through the DevTools protocol, on a blank
 * page of its own that stays open when the app's pages close.
 */
async function watchRegistrations(context: BrowserContext) {
  const keeper = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(keeper);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated as { registrationId: string; scopeURL: string; isDeleted: boolean }[])
      if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrations };
}

/** The parts of a service worker's scope the steps below use (the DOM typings lack them). */
interface WorkerScope {
  registration: {
    getNotifications(filter: {
      tag: string;
    }): Promise<{ title: string; body: string; data: unknown }[]>;
  };
  clients: object;
  dispatchEvent(event: Event): boolean;
}
declare const NotificationEvent: new (type: string, init: { notification: unknown }) => Event;

const workerOf = async (context: BrowserContext) =>
  context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ??
  (await context.waitForEvent('serviceworker', { timeout: 15_000 }));

/**
 * Taps the notification of `tag`: the worker's own click handler runs on it, and the addresses
 * it asks to open come back. Chromium lets a worker open (or focus) a window only inside a
 * notificationclick it dispatched itself, for a person's tap; nothing in headless Chromium can
 * tap, and a script's event gets no such allowance. So the window the handler asks for is
 * recorded here, and the test opens it as the browser would.
 */
async function tapNotification(worker: Worker, tag: string): Promise<string[]> {
  return worker.evaluate(async (tag) => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications({ tag });
    const event = new NotificationEvent('notificationclick', { notification });
    // A script's event cannot extend its own lifetime: collect what the handler waits for.
    const waits: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => waits.push(p) });
    const opened: string[] = [];
    Object.defineProperty(scope.clients, 'openWindow', {
      configurable: true,
      value: async (url: string) => void opened.push(url),
    });
    try {
      scope.dispatchEvent(event);
      await Promise.all(waits);
    } finally {
      Reflect.deleteProperty(scope.clients, 'openWindow');
    }
    return opened;
  }, tag);
}

/** The notifications the worker shows for `tag`. */
const shownFor = (worker: Worker, tag: string) =>
  worker.evaluate(async (tag) => {
    const scope = self as unknown as WorkerScope;
    return (await scope.registration.getNotifications({ tag })).map((n) => ({
      title: n.title,
      body: n.body,
      data: n.data,
    }));
  }, tag);

test('a provider turns on push, closes the app, and a pushed booking or help request opens that item', async ({
  page,
  context,
  browser,
  viewport,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const business = await newProvider(browser, 'Push Diesel');
  await context.grantPermissions(['notifications'], { origin });
  const devices = await subscribeAtMock(context);
  const { cdp, registrations } = await watchRegistrations(context);

  await test.step('The provider signs in; the service worker takes charge', async () => {
    await page.goto('/');
    await signInOnLanding(page, business.email, business.password);
    await expect(page).toHaveURL(/\/home/);
    await expectWorkerInControl(page);
    await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
    expect(devices, 'no subscription before the provider asks').toEqual([]);
  });

  await test.step('Settings shows the device is off, and nothing asks on page load', async () => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await scrollToEnd(page);
    const group = page.getByRole('group', { name: 'Notifications' });
    await expect(group.getByRole('switch', { name: 'Notify me on this device' })).not.toBeChecked();
    await expect(group.getByRole('switch', { name: 'Notify me on this device' })).toBeEnabled();
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: shot('push-settings-off') });
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);
  });

  await test.step('Going available offers job requests on the device; Turn on subscribes', async () => {
    await page.goto('/profile');
    const availability = page.getByRole('radiogroup', { name: 'Availability' });
    await availability.getByRole('radio', { name: 'Offline' }).click();
    await expect(availability.getByRole('radio', { name: 'Offline' })).toBeChecked();
    await expect(page.getByTestId('push-prompt')).toHaveCount(0);
    await availability.getByRole('radio', { name: 'Available' }).click();
    const prompt = page.getByRole('region', { name: 'Get job requests when the app is closed?' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toBeFocused();
    await page.screenshot({ path: shot('push-prompt-provider') });
    await prompt.getByRole('button', { name: 'Turn on' }).click();
    await expectToast(page, 'Notifications on', 'This device will be told.');
    await expect(prompt).toBeHidden();
    expect(devices).toHaveLength(1);
  });

  await test.step('Settings shows the device is on', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await scrollToEnd(page);
    const group = page.getByRole('group', { name: 'Notifications' });
    await expect(group.getByRole('switch', { name: 'Notify me on this device' })).toBeChecked();
    await expect(group).toContainText('even when the app is closed');
    await group.scrollIntoViewIfNeeded();
    await group.screenshot({ path: shot('push-settings-on') });
  });

  await test.step('The provider closes the app', async () => {
    await page.close();
  });

  const { bookingId, vehicle } =
    await test.step('A driver books the provider, and is offered updates on the device', async () => {
      const driver = await openSide(browser, viewport, DALLAS);
      await driver.context.grantPermissions(['notifications'], { origin });
      const registered = await driver.page.request.post('/api/auth/register', {
        data: { ...uniqueAccount(), role: 'driver' },
      });
      expect(registered.status()).toBe(201);
      const vehicle = `2020 Kenworth T680 #${Date.now().toString(36)}`;
      const card = await findProvider(driver.page, business.businessName);
      await card.getByRole('button', { name: /^Book Now/ }).click();
      const dialog = driver.page.getByRole('dialog', { name: 'Book Service' });
      await dialog.getByLabel('Service Type').selectOption('Brake Repair');
      await dialog.getByLabel('Vehicle Details').fill(vehicle);
      await dialog.getByLabel('Preferred Time').selectOption('asap');
      await dialog.getByLabel('In a parking area or lot').check();
      const created = driver.page.waitForResponse(
        (r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const bookingId = ((await response.json()) as { id: string }).id;
      const prompt = driver.page.getByRole('region', {
        name: 'Get told when your mechanic accepts and is on the way?',
      });
      await expect(prompt).toBeVisible();
      await driver.page.screenshot({ path: shot('push-prompt-driver') });
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await expect(prompt).toBeHidden();
      expect(
        await driver.page.evaluate(() => localStorage.getItem('tf-push-prompt-driver-booked')),
      ).toMatch(/^\d+$/);
      expect(driver.problems).toEqual([]);
      await driver.context.close();
      return { bookingId, vehicle };
    });

  const text = await test.step('The server sends an encrypted push to the device', async () => {
    const [device] = devices;
    await expect
      .poll(async () => (await mock.messages(device!.clientHash)).length, { timeout: 15_000 })
      .toBe(1);
    const [text] = await mock.messages(device!.clientHash);
    expect(JSON.parse(text!)).toMatchObject({
      title: 'New booking request',
      url: `/bookings?booking=${bookingId}`,
      tag: `booking-${bookingId}`,
    });
    return text!;
  });

  const tag = `booking-${bookingId}`;
  await test.step('The service worker receives it and shows the notification', async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: text,
    });
    const worker = await workerOf(context);
    await expect
      .poll(() => shownFor(worker, tag), { timeout: 15_000 })
      .toEqual([
        {
          title: 'New booking request',
          body: 'Open your bookings to accept or decline.',
          data: { url: `/bookings?booking=${bookingId}` },
        },
      ]);
  });

  await test.step('A tap opens the app at that booking, focused', async () => {
    const worker = await workerOf(context);
    const asked = await tapNotification(worker, tag);
    expect(asked).toEqual([`${origin}/bookings?booking=${bookingId}`]);
    const booking = await context.newPage();
    const problems: string[] = [];
    await guardPage(booking, problems);
    await booking.goto(asked[0]!);
    await expect(booking).toHaveURL(`${origin}/bookings?booking=${bookingId}`);
    const card = booking.locator(`#booking-${bookingId}`);
    await expect(card).toBeFocused();
    await expect(card).toHaveAttribute('aria-current', 'true');
    await expect(card).toContainText(vehicle);
    await expect(card).toBeInViewport();
    await booking.screenshot({ path: shot('push-opened-booking') });
    expect(
      await worker.evaluate(
        async (tag) =>
          (await (self as unknown as WorkerScope).registration.getNotifications({ tag })).length,
        tag,
      ),
      'the tapped notification is closed',
    ).toBe(0);
    expect(problems).toEqual([]);
  });

  await test.step('A help request pushed to the provider opens that request, focused', async () => {
    const driver = await browser.newContext({ baseURL });
    const registered = await driver.request.post('/api/auth/register', {
      data: { ...uniqueAccount(), role: 'driver' },
    });
    expect(registered.status()).toBe(201);
    const asked = await driver.request.post('/api/help-requests', {
      data: {
        serviceType: 'Brake Repair',
        vehicleDetails: '2018 Volvo VNL',
        location: 'Commerce St, Dallas',
        truckLocation: 'parking',
        ...DALLAS,
        providerIds: [business.id],
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const helpId = ((await asked.json()) as { id: string }).id;
    await driver.close();

    const [device] = devices;
    await expect
      .poll(async () => (await mock.messages(device!.clientHash)).length, { timeout: 15_000 })
      .toBe(2);
    const text = (await mock.messages(device!.clientHash))[1]!;
    expect(JSON.parse(text)).toMatchObject({
      url: `/bookings?help=${helpId}`,
      tag: `help-request-${helpId}`,
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data: text,
    });
    const worker = await workerOf(context);
    const helpTag = `help-request-${helpId}`;
    await expect
      .poll(async () => (await shownFor(worker, helpTag)).map((n) => n.data), { timeout: 15_000 })
      .toEqual([{ url: `/bookings?help=${helpId}` }]);
    expect(await tapNotification(worker, helpTag)).toEqual([`${origin}/bookings?help=${helpId}`]);
    const page = await context.newPage();
    const problems: string[] = [];
    await guardPage(page, problems);
    await page.goto(`/bookings?help=${helpId}`);
    const card = page.locator(`#help-${helpId}`);
    await expect(card).toBeFocused();
    await expect(card).toHaveAttribute('aria-current', 'true');
    await expect(card).toContainText('Brake Repair');
    await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
    await page.screenshot({ path: shot('push-opened-help-request') });
    expect(problems).toEqual([]);
  });
});

test('the device switch says why it cannot work: blocked by the browser, or an iPhone browser tab', async ({
  browser,
  viewport,
  baseURL,
}) => {
  const cases = [
    {
      name: 'blocked',
      // What a browser answers once the person chose Block for the site.
      init: () => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }),
      userAgent: undefined,
      says: 'Notifications are blocked for this site. Allow them in the browser’s site settings',
    },
    {
      name: 'iphone',
      // Safari on iOS has no push outside a web app added to the Home Screen.
      init: () => Reflect.deleteProperty(window, 'PushManager'),
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      says: 'add Truck Finder to your Home Screen first (iOS 16.4+)',
    },
  ];
  for (const { name, init, userAgent, says } of cases)
    await test.step(`${name}: the switch is off, disabled, and says what to do`, async () => {
      const context = await browser.newContext({ viewport, baseURL, userAgent });
      try {
        await context.addInitScript(init);
        const page = await context.newPage();
        const problems: string[] = [];
        await guardPage(page, problems);
        const registered = await page.request.post('/api/auth/register', {
          data: { ...uniqueAccount(), role: 'driver' },
        });
        expect(registered.status()).toBe(201);
        await page.goto('/profile');
        await scrollToEnd(page);
        const group = page.getByRole('group', { name: 'Notifications' });
        const control = group.getByRole('switch', { name: 'Notify me on this device' });
        await expect(group).toContainText(says);
        await expect(control).toBeDisabled();
        await expect(control).not.toBeChecked();
        await group.scrollIntoViewIfNeeded();
        await group.screenshot({ path: shot(`push-settings-${name}`) });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
