// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '#web/test/settle.ts';
import { PUSH_ACCOUNTS_KEY, restorePush } from './push-device.ts';
import { PushDeviceSwitch } from './push-device-switch.tsx';

const USER = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
// The server's VAPID key (a P-256 point, base64url) and what a browser hands back.
const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

const keyBuffer = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): { endpoint: string; expirationTime: null; keys: typeof KEYS };
  unsubscribe: ReturnType<typeof vi.fn>;
}

let permission: NotificationPermission;
/** What the person answers when the browser asks. */
let answer: NotificationPermission;
let subscription: FakeSubscription | null;
let requests: { url: string; method: string; body: unknown }[];
let requestPermission: ReturnType<typeof vi.fn>;
let subscribe: ReturnType<typeof vi.fn>;

function newSubscription(): FakeSubscription {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: keyBuffer(PUBLIC_KEY) },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  };
}

function supportPush() {
  requestPermission = vi.fn(async () => (permission = answer));
  const notification = Object.defineProperties(function Notification() {}, {
    permission: { get: () => permission },
    requestPermission: { value: requestPermission },
  });
  // jsdom's window is not the test's global object: the code reads both.
  for (const target of [globalThis, window]) {
    Object.defineProperty(target, 'Notification', { configurable: true, value: notification });
    Object.defineProperty(target, 'PushManager', {
      configurable: true,
      value: function PushManager() {},
    });
  }
  subscribe = vi.fn(async () => (subscription = newSubscription()));
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
}

beforeEach(() => {
  localStorage.clear();
  permission = 'default';
  answer = 'granted';
  subscription = null;
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    if (url === '/api/push/public-key')
      return new Response(JSON.stringify({ publicKey: PUBLIC_KEY }), { status: 200 });
    if (init.method === 'DELETE') return new Response(null, { status: 204 });
    return new Response(
      JSON.stringify({ id: USER, endpoint: ENDPOINT, createdAt: new Date(0).toISOString() }),
      { status: 201 },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  for (const target of [globalThis, window]) {
    Reflect.deleteProperty(target, 'Notification');
    Reflect.deleteProperty(target, 'PushManager');
  }
});

const control = () => screen.getByRole('switch', { name: 'Notify me on this device' });
const hint = () => document.getElementById('push-device-hint')!.textContent;
const show = async (until: () => boolean = () => true) => {
  render(<PushDeviceSwitch userId={USER} />);
  await settle(null, until);
};

describe('PushDeviceSwitch', () => {
  it('says why it cannot work in a browser without push, and for iPhone what to do', async () => {
    await show(() => hint() !== 'Working…' && control().hasAttribute('disabled'));
    expect(hint()).toBe('This browser cannot receive notifications while the app is closed.');

    cleanup();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
    );
    await show();
    expect(hint()).toContain('add Truck Finder to your Home Screen first (iOS 16.4+)');
    expect(control()).toHaveProperty('disabled', true);
    vi.restoreAllMocks();
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    supportPush();
    permission = 'denied';
    await show(() => hint()!.startsWith('Notifications are blocked'));
    expect(hint()).toContain('Allow them in the browser’s site settings');
    expect(control()).toHaveProperty('disabled', true);
  });

  it('is off until pressed, then asks the browser, subscribes with the server’s key and tells the server', async () => {
    supportPush();
    await show(() => !control().hasAttribute('disabled'));
    expect(control().getAttribute('aria-checked')).toBe('false');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(requests).toEqual([]);

    fireEvent.click(control());
    expect(hint()).toBe('Working…');
    await settle(null, () => control().getAttribute('aria-checked') === 'true');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(keyBuffer(PUBLIC_KEY)),
    });
    expect(requests.at(-1)).toEqual({
      url: '/api/push/subscriptions',
      method: 'POST',
      body: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
    });
    expect(hint()).toContain('On: new jobs and booking updates reach this device');
    expect(JSON.parse(localStorage.getItem(PUSH_ACCOUNTS_KEY)!)).toEqual([USER]);
  });

  it('stays off when the person refuses the browser’s question, and says so', async () => {
    supportPush();
    await show(() => !control().hasAttribute('disabled'));
    answer = 'denied';
    fireEvent.click(control());
    await settle(null, () => hint()!.startsWith('Notifications are blocked'));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).not.toHaveBeenCalled();
    expect(control().getAttribute('aria-checked')).toBe('false');
  });

  it('turns off: the server forgets the device, then the browser drops it', async () => {
    supportPush();
    permission = 'granted';
    subscription = newSubscription();
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify([USER]));
    await show(() => control().getAttribute('aria-checked') === 'true');
    const held = subscription;
    fireEvent.click(control());
    await settle(null, () => control().getAttribute('aria-checked') === 'false');
    expect(requests.at(-1)).toEqual({
      url: '/api/push/subscriptions',
      method: 'DELETE',
      body: { endpoint: ENDPOINT },
    });
    expect(held.unsubscribe).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(PUSH_ACCOUNTS_KEY)!)).toEqual([]);
  });

  it('shows off for another account on a browser someone else turned on', async () => {
    supportPush();
    permission = 'granted';
    subscription = newSubscription();
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify(['someone-else']));
    await show(() => !control().hasAttribute('disabled'));
    expect(control().getAttribute('aria-checked')).toBe('false');
  });
});

describe('restorePush, after a sign-in', () => {
  it('posts the device again for an account that turned push on here, without asking', async () => {
    supportPush();
    permission = 'granted';
    subscription = newSubscription();
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify([USER]));
    expect(await restorePush(USER)).toBe(true);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests.at(-1)).toEqual({
      url: '/api/push/subscriptions',
      method: 'POST',
      body: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
    });
  });

  it('subscribes anew when the server’s key changed, and drops the old subscription', async () => {
    supportPush();
    permission = 'granted';
    const old = newSubscription();
    old.options.applicationServerKey = keyBuffer(`B${'Q'.repeat(86)}`);
    subscription = old;
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify([USER]));
    expect(await restorePush(USER)).toBe(true);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing for another account, or once the permission is gone', async () => {
    supportPush();
    permission = 'granted';
    subscription = newSubscription();
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify(['someone-else']));
    expect(await restorePush(USER)).toBe(false);
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify([USER]));
    permission = 'default';
    expect(await restorePush(USER)).toBe(false);
    expect(requests).toEqual([]);
  });
});
