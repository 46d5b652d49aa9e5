import type { Transaction } from '../client.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** A small deterministic generator, so every fresh database gets the same demo data. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const dayOnly = (time: number) =>
  new Date(new Date(time).toISOString().slice(0, 10) + 'T00:00:00.000Z');

/**
 * What every part of the seed shares: the transaction, the moment it seeds at, and one random
 * sequence (the parts draw from it in a fixed order, so the data is the same every time).
 */
export interface SeedContext {
  tx: Transaction;
  now: number;
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  passwordHash: string;
}

export function seedContext(tx: Transaction, now: number, passwordHash: string): SeedContext {
  const next = random(20_251_122);
  return {
    tx,
    now,
    next,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    passwordHash,
  };
}
