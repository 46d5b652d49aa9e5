import type { PublicUser } from '../../../core/users/schemas.ts';
import type { Database } from '../../db/client.ts';
import * as repo from './billing.repository.ts';
import type { PaymentGateway } from './gateway/gateway.ts';

/** The user's customer at the gateway, created on first need (once, even when asked twice at once). */
export function customerFinder(db: Database, gateway: PaymentGateway) {
  const creating = new Map<string, Promise<string>>();
  const find = (userId: string) => repo.findCustomerId(db, userId, gateway.mode);

  async function create(user: PublicUser) {
    const id = await gateway.createCustomer({
      userId: user.id,
      email: user.email,
      name: user.name,
    });
    await repo.saveCustomerId(db, user.id, gateway.mode, id);
    // Another app server may have won the race: its customer is the one kept.
    return (await find(user.id)) ?? id;
  }

  return {
    find,
    async ensure(user: PublicUser): Promise<string> {
      const existing = await find(user.id);
      if (existing) return existing;
      let pending = creating.get(user.id);
      if (!pending) {
        pending = create(user).finally(() => creating.delete(user.id));
        creating.set(user.id, pending);
      }
      return pending;
    },
  };
}

export type CustomerFinder = ReturnType<typeof customerFinder>;

/** Runs `work` for one key at a time in this process (the database's unique keys cover the rest). */
export function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await next;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
