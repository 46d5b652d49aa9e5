import { describe, expect, it, vi } from 'vitest';
import { announceLanguage } from '#web/lib/language.ts';
import {
  openPush,
  parsePush,
  samePath,
  showPush,
  type AppWindow,
  type PushScope,
} from './push-handlers.ts';

const ORIGIN = 'https://truckfinder.example';

function scope({
  shown = [] as { tag?: string }[],
  windows = [] as AppWindow[],
}: { shown?: { tag?: string }[]; windows?: AppWindow[] } = {}) {
  const showNotification = vi.fn(async (title: string, options: NotificationOptions) => {
    shown.push({ tag: options.tag });
    void title;
  });
  const openWindow = vi.fn(async () => null);
  const value: PushScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification,
      getNotifications: async (filter) =>
        shown.filter((n) => n.tag === filter?.tag).map(() => ({ close: () => undefined })),
    },
    clients: { matchAll: async () => windows, openWindow },
  };
  return { value, showNotification, openWindow };
}

const push = (message: object) => JSON.stringify(message);
const booking = {
  title: 'New booking request',
  body: 'Open your bookings to accept or decline.',
  url: '/bookings?booking=b1',
  tag: 'booking-b1',
};

describe('showPush', () => {
  it('shows the title, body, tag and the page to open, with the app icon', async () => {
    const { value, showNotification } = scope();
    await showPush(value, push(booking));
    expect(showNotification).toHaveBeenCalledWith('New booking request', {
      body: 'Open your bookings to accept or decline.',
      tag: 'booking-b1',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/bookings?booking=b1' },
      renotify: false,
      requireInteraction: false,
    });
  });

  it('rings again when a newer message replaces one of the same tag, and keeps an urgent one up', async () => {
    const { value, showNotification } = scope({ shown: [{ tag: 'booking-b1' }] });
    await showPush(value, push({ ...booking, title: 'Urgent booking request', urgent: true }));
    expect(showNotification.mock.calls[0]![1]).toMatchObject({
      tag: 'booking-b1',
      renotify: true,
      requireInteraction: true,
    });
  });

  it('shows a plain notice for a message that is not the server’s JSON (a push must show)', async () => {
    const { value, showNotification } = scope();
    await showPush(value, 'not json');
    expect(showNotification).toHaveBeenCalledWith(
      'Truck Finder',
      expect.objectContaining({ data: { url: '/' } }),
    );
  });

  it('says the plain notice in the language in use', async () => {
    const { value, showNotification } = scope();
    announceLanguage('es');
    try {
      await showPush(value, 'not json');
    } finally {
      announceLanguage('en');
    }
    expect(showNotification.mock.calls[0]![1].body).toBe(
      'Abra Truck Finder para ver los detalles.',
    );
  });

  it('never keeps an address outside the app', async () => {
    const { value, showNotification } = scope();
    await showPush(value, push({ ...booking, url: 'https://evil.example/phish' }));
    expect(showNotification.mock.calls[0]![1].data).toEqual({ url: '/' });
  });
});

describe('parsePush and samePath', () => {
  it('reads only a message with a title and a tag', () => {
    expect(parsePush(push(booking))).toEqual({ ...booking, urgent: false });
    expect(parsePush(push({ body: 'x', tag: 't' }))).toBeNull();
    expect(parsePush(null)).toBeNull();
    expect(parsePush('[1]')).toBeNull();
  });

  it('keeps paths of the app and turns anything else into the start page', () => {
    expect(samePath('/bookings?help=h1', ORIGIN)).toBe('/bookings?help=h1');
    expect(samePath('//evil.example/x', ORIGIN)).toBe('/');
    expect(samePath('https://evil.example/', ORIGIN)).toBe('/');
    expect(samePath('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(samePath(42, ORIGIN)).toBe('/');
  });
});

describe('openPush', () => {
  const notification = (url: unknown) => ({ close: vi.fn(), data: { url } });
  const appWindow = (url: string, navigates = true): AppWindow & { [k: string]: unknown } => ({
    url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => (navigates ? {} : null)),
  });

  it('closes the notification and moves an open window of the app to its page', async () => {
    const open = appWindow(`${ORIGIN}/home`);
    const { value, openWindow } = scope({ windows: [appWindow('https://other.example/'), open] });
    const tapped = notification('/bookings?booking=b1');
    await openPush(value, tapped);
    expect(tapped.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/bookings?booking=b1`);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the page when none of the app is open, or the open one cannot move', async () => {
    const { value, openWindow } = scope();
    await openPush(value, notification('/bookings?help=h1'));
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/bookings?help=h1`);

    const stuck = scope({ windows: [appWindow(`${ORIGIN}/`, false)] });
    await openPush(stuck.value, notification('/bookings?booking=b2'));
    expect(stuck.openWindow).toHaveBeenCalledWith(`${ORIGIN}/bookings?booking=b2`);
  });

  it('opens the start page for an address outside the app', async () => {
    const { value, openWindow } = scope();
    await openPush(value, notification('https://evil.example/'));
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
