import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { deviceStores } from './device-stores.ts';

/**
 * The answers a driver needs without a connection, kept on the device: who is signed in, their
 * bookings, the last searches and the providers opened. Restored only when the server cannot be
 * reached at start, and marked stale so they are read again as soon as it can. Signing in or out
 * forgets them. See docs/decisions/029-bookings-offline.md.
 */
const STORE = 'queries';
const KEY = 'last';
const SAVE_DELAY_MS = 1000;
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** Searches kept (their lists and their summaries), the newest. */
const SEARCHES_KEPT = 3;

interface Saved {
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

const database = () =>
  openDB(deviceStores.answers, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });

const isSearch = (query: Query) =>
  query.queryKey[0] === 'providers' &&
  (query.queryKey[1] === 'search' || query.queryKey[1] === 'summary');

const isKept = (query: Query) =>
  query.state.status === 'success' &&
  ['auth', 'bookings', 'providers'].includes(String(query.queryKey[0]));

function keptQueries(queryClient: QueryClient) {
  const newest = (kind: 'search' | 'summary') =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: ['providers', kind], predicate: isKept })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, SEARCHES_KEPT);
  const searches = new Set([...newest('search'), ...newest('summary')]);
  return (query: Query) => isKept(query) && (!isSearch(query) || searches.has(query));
}

async function save(queryClient: QueryClient) {
  const state = dehydrate(queryClient, { shouldDehydrateQuery: keptQueries(queryClient) });
  const saved: Saved = { savedAt: Date.now(), state };
  await (await database()).put(STORE, saved, KEY);
}

/** Keeps the cache's answers on the device as they change; returns the stop function. */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(queryClient).catch(() => undefined), SAVE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') saveSoon();
  });
  // This starts once the page is idle, often after its first answers arrived: keep those too.
  // Answers restored from the device are marked stale until read again, and are kept already.
  const answered = (query: Query) => isKept(query) && !query.state.isInvalidated;
  if (queryClient.getQueryCache().findAll({ predicate: answered }).length > 0) saveSoon();
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Puts the kept answers back into the cache; returns whether there were any. */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<boolean> {
  const saved = (await (await database()).get(STORE, KEY)) as Saved | undefined;
  if (!saved || Date.now() - saved.savedAt > MAX_AGE_MS) return false;
  hydrate(queryClient, saved.state);
  // Read again whenever the server can be reached (reconnecting, a page opening).
  await queryClient.invalidateQueries({ refetchType: 'none' });
  return true;
}

/** Forgets the kept answers: another account, or none, is signed in now. */
export async function forgetOfflineCache(): Promise<void> {
  await (await database()).delete(STORE, KEY);
}
