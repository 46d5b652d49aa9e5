import type { TrustProxy } from '../config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Fastify itself trusts nothing for a bare number, so a
 * hop count becomes "the nearest N peers", which is safe only where clients cannot reach the
 * server except through those proxies (docs/decisions/015-public-server-safety.md).
 */
export function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
