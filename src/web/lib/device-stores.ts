/** The databases the app keeps on the device (IndexedDB), by what they hold. */
export const deviceStores = {
  /** Answers kept for offline use (lib/offline-cache.ts). */
  answers: 'truck-finder-cache',
  /** Bookings made offline, waiting to be sent (features/bookings/offline/outbox.ts). */
  outbox: 'truck-finder-outbox',
} as const;

/**
 * Whether the device may hold any of these stores. Browsers that can list their databases say
 * for sure, so a first visit loads no storage code to forget what it never kept; the others may.
 */
export async function deviceMayKeep(names: readonly string[]): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    const existing = new Set((await indexedDB.databases()).map((database) => database.name));
    return names.some((name) => existing.has(name));
  } catch {
    return true;
  }
}
