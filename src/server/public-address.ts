import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether a listen address or URL host reaches this machine only: 127.0.0.0/8, ::1 or localhost.
 * `0.0.0.0` and `::` listen on every interface, and any other name may resolve anywhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  const family = isIP(name);
  if (family === 0) return false;
  return loopback.check(name, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * A server others can reach: it listens beyond loopback, or it is published at an address that is
 * not loopback (over http too), or over https.
 */
export function isPublicServer(config: { host: string; publicUrl: string }): boolean {
  const published = new URL(config.publicUrl);
  return (
    !isLoopbackHost(config.host) ||
    !isLoopbackHost(published.hostname) ||
    published.protocol === 'https:'
  );
}
