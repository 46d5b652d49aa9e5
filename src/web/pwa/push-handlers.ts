// What the service worker does with a push message and a tap on its notification
// (docs/decisions/044-web-push.md): the server sends JSON `{title, body, url, tag, urgent?}`,
// already in the recipient's language.
import { currentLanguage } from '#web/lib/language.ts';

// The worker loads no catalogs (no React, no Lingui): its one text of its own is here.
const NEWS = {
  en: 'Open Truck Finder for the details.',
  es: 'Abra Truck Finder para ver los detalles.',
};

/**
 * The notification options Chromium understands beyond the DOM typings (renotify). The badge is
 * the truck alone, white on transparent: Android draws a badge from its alpha channel only.
 */
type ShownOptions = NotificationOptions & { renotify?: boolean };

/** A window of the app, as `clients.matchAll` gives it. */
export interface AppWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of the worker's global scope these handlers use. */
export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: ShownOptions): Promise<void>;
    getNotifications(filter?: { tag?: string }): Promise<{ close(): void }[]>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<AppWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  urgent?: boolean;
}

/** The message a push carries, or null for one that is not the server's JSON. */
export function parsePush(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag, urgent } = value as Record<string, unknown>;
  if (typeof title !== 'string' || !title || typeof tag !== 'string' || !tag) return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' ? url : '/',
    tag,
    urgent: urgent === true,
  };
}

/**
 * The path a tap opens: only a path of this app, never another origin (a message cannot send
 * the device elsewhere).
 */
export function samePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * Shows a pushed message. A newer message with the same tag replaces the older one on screen and
 * rings again (`renotify`); an urgent one stays until the person acts on it.
 */
export async function showPush(scope: PushScope, text: string | null | undefined) {
  const message = parsePush(text);
  if (!message) {
    // A push must show something (userVisibleOnly): say there is news without inventing it.
    await scope.registration.showNotification('Truck Finder', {
      body: NEWS[currentLanguage()],
      tag: 'truck-finder',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/' },
    });
    return;
  }
  const replaced = (await scope.registration.getNotifications({ tag: message.tag })).length > 0;
  await scope.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    data: { url: samePath(message.url, scope.location.origin) },
    renotify: replaced,
    requireInteraction: message.urgent === true,
  });
}

/**
 * A tap: closes the notification and brings a window of the app to its page (the one already
 * open if there is one), or opens one there.
 */
export async function openPush(
  scope: PushScope,
  notification: { close(): void; data?: unknown },
): Promise<void> {
  notification.close();
  const data = notification.data as { url?: unknown } | null | undefined;
  const path = samePath(data?.url, scope.location.origin);
  const target = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    try {
      await open.focus();
      // navigate() answers null for a window this worker does not control.
      if (await open.navigate(target)) return;
    } catch {
      // A window that cannot be focused or moved: open a new one below.
    }
  }
  await scope.clients.openWindow(target);
}
