import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** `Algorithm.Argon2id`, spelled out: the package ships it as a const enum. */
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id setting: 19 MiB, two passes, one lane. */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still spends the same time, so unknown emails don't stand out. */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('truck-finder-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
