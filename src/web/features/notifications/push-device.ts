// This device's Web Push subscription (docs/decisions/044-web-push.md): the browser subscribes
// at its push service with the server's VAPID key and the server is told the endpoint. The
// server keeps it per session, so sign-out ends it there and the next sign-in posts it again.
import { api } from '#web/api/client.ts';

/** Why this browser cannot receive push messages, or null when it can. */
export type PushUnsupported = 'ios-home-screen' | 'browser' | null;

/** Where this device stands: what the "Notify me on this device" switch shows. */
export type PushDeviceState = 'unsupported' | 'blocked' | 'off' | 'on';

/**
 * The accounts that turned push on in this browser, so that a sign-in posts the device again
 * for them (the server forgot it at sign-out) and never for someone who did not ask.
 */
export const PUSH_ACCOUNTS_KEY = 'tf-push-accounts';

function accounts(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(PUSH_ACCOUNTS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function remember(userId: string, on: boolean) {
  const others = accounts().filter((id) => id !== userId);
  try {
    localStorage.setItem(PUSH_ACCOUNTS_KEY, JSON.stringify(on ? [...others, userId] : others));
  } catch {
    // Private mode without storage: the switch still works for this visit.
  }
}

export const turnedOnHere = (userId: string) => accounts().includes(userId);

const isIos = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** Safari on iOS offers push only to a web app added to the Home Screen (iOS 16.4 and later). */
export function pushUnsupported(): PushUnsupported {
  const supported =
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  if (supported) return null;
  return typeof navigator !== 'undefined' && isIos() ? 'ios-home-screen' : 'browser';
}

export const pushPermission = (): NotificationPermission =>
  pushUnsupported() ? 'denied' : Notification.permission;

/** The browser's subscription, if it has one; never asks for anything. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

function base64url(bytes: ArrayBuffer | null): string {
  if (!bytes) return '';
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const text = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Tells the server this subscription is the signed-in user's device (an upsert). */
export async function postSubscription(subscription: PushSubscription) {
  const json = subscription.toJSON();
  await api.post('/push/subscriptions', {
    body: {
      endpoint: json.endpoint ?? subscription.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/**
 * The browser's subscription for the server's current key: the one it has, or a new one. A
 * subscription made with another key is dropped first (push services refuse the new signature).
 * Subscribing needs the notification permission: call it only after the person asked for it.
 */
async function subscription(): Promise<PushSubscription> {
  const { publicKey } = await api.get('/push/public-key');
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (base64url(existing.options.applicationServerKey) === publicKey) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

/**
 * Turns push on for `userId` on this device: asks the browser's permission (only ever from a
 * button the person pressed), subscribes and tells the server. Answers where the device stands.
 */
export async function turnOnPush(userId: string): Promise<PushDeviceState> {
  if (pushUnsupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  await postSubscription(await subscription());
  remember(userId, true);
  return 'on';
}

/** Turns push off on this device: the server forgets it, then the browser drops it. */
export async function turnOffPush(userId: string): Promise<PushDeviceState> {
  remember(userId, false);
  if (pushUnsupported()) return 'unsupported';
  const existing = await currentSubscription();
  if (existing) {
    try {
      await api.delete('/push/subscriptions', { body: { endpoint: existing.endpoint } });
    } catch (error) {
      // Already gone at the server (a sign-out elsewhere ended the session's devices).
      if (!(error instanceof Error && 'status' in error && error.status === 404)) throw error;
    }
    await existing.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/** Where this device stands for `userId`, without asking anything. */
export async function pushDeviceState(userId: string): Promise<PushDeviceState> {
  if (pushUnsupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted' || !turnedOnHere(userId)) return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/**
 * After a sign-in: the server dropped this device at the last sign-out, so a user who turned
 * push on here gets it back without being asked again (the permission is already granted).
 */
export async function restorePush(userId: string): Promise<boolean> {
  if (pushUnsupported() || Notification.permission !== 'granted' || !turnedOnHere(userId))
    return false;
  await postSubscription(await subscription());
  return true;
}
