import { haversineMiles } from '../../../core/geo.ts';
import type { ProviderChange } from '../../events/event-bus.ts';

/** Where a cached answer searched: its circle, or null for a search without a position. */
export interface SearchArea {
  latitude: number;
  longitude: number;
  radius: number;
}

/** What is kept of an answer: its JSON text and headers, and its compressed bodies once asked. */
export interface CachedAnswer {
  body: string;
  headers: Record<string, string>;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

interface Entry {
  answer: CachedAnswer;
  area: SearchArea | null;
  expiresAt: number;
  bytes: number;
}

/** A place this close outside a circle still drops its answers (rounding of the stored places). */
const EDGE_MILES = 0.01;
/** Changes remembered for answers being computed while they happen. */
const RECENT_CHANGES = 64;

export const affects = (change: ProviderChange, area: SearchArea | null): boolean =>
  change === 'all' ||
  area === null ||
  change.some(
    ([latitude, longitude]) =>
      haversineMiles(area, { latitude, longitude }) <= area.radius + EDGE_MILES,
  );

/**
 * Search answers kept for `ttlMs`, dropped at once when a provider inside their circle changes
 * (and every answer without a circle on any change). An answer computed while a change it could
 * reflect happened is not kept: `ticket()` before the query, `store(…, ticket, …)` after it.
 * Least recently used answers leave first when the cache holds `maxBytes`.
 */
export function createSearchCache(options: {
  ttlMs: number;
  maxBytes: number;
  now?: () => number;
  /** Resolves once every change committed before the call has been heard (the event bus's). */
  caughtUp?: () => Promise<void>;
}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  const recent: { generation: number; change: ProviderChange }[] = [];

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const shrink = () => {
    for (const [key, entry] of entries) {
      if (bytes <= options.maxBytes) break;
      remove(key, entry);
    }
  };

  const lookup = (key: string): CachedAnswer | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key, entry);
      return undefined;
    }
    // Map order is insertion order: moving the entry to the end keeps it least recently used last.
    entries.delete(key);
    entries.set(key, entry);
    return entry.answer;
  };

  return {
    get enabled() {
      return options.ttlMs > 0;
    },
    get size() {
      return entries.size;
    },
    lookup,
    /**
     * The kept answer, once every change committed before this call has been heard: an answer
     * is never older than what the database held when the request came, on any app server. No
     * answer while that cannot be known (the LISTEN connection is lost).
     */
    async fresh(key: string): Promise<CachedAnswer | undefined> {
      if (!entries.has(key)) return undefined;
      try {
        await options.caughtUp?.();
      } catch {
        return undefined;
      }
      return lookup(key);
    },
    ticket: () => generation,
    /** Keeps the answer unless a change since `ticket` could have made it stale; says whether. */
    store(key: string, ticket: number, area: SearchArea | null, answer: CachedAnswer): boolean {
      if (options.ttlMs <= 0) return false;
      if (ticket !== generation) {
        const missed = generation - ticket;
        const since = recent.slice(-missed);
        if (since.length < missed || since.some((r) => affects(r.change, area))) return false;
      }
      const previous = entries.get(key);
      if (previous) remove(key, previous);
      const entry = {
        answer,
        area,
        expiresAt: now() + options.ttlMs,
        bytes: answer.body.length + key.length,
      };
      entries.set(key, entry);
      bytes += entry.bytes;
      shrink();
      return true;
    },
    /** The compressed body is kept with the answer once made, and counted in its size. */
    keepEncoded(key: string, encoding: 'br' | 'gzip', body: Buffer) {
      const entry = entries.get(key);
      if (!entry || entry.answer.encoded[encoding]) return;
      entry.answer.encoded[encoding] = body;
      entry.bytes += body.length;
      bytes += body.length;
      shrink();
    },
    dropAffected(change: ProviderChange) {
      generation += 1;
      recent.push({ generation, change });
      if (recent.length > RECENT_CHANGES) recent.shift();
      for (const [key, entry] of entries) if (affects(change, entry.area)) remove(key, entry);
    },
    /** Drops everything: changes may have been missed (the database connection was lost). */
    clear() {
      generation += RECENT_CHANGES + 1;
      recent.length = 0;
      entries.clear();
      bytes = 0;
    },
  };
}

export type SearchCache = ReturnType<typeof createSearchCache>;
