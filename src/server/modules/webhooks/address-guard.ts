import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a public server never sends a webhook to (docs/security.md): loopback, private,
 * link-local, unique-local, shared (CGNAT), "this network", multicast and reserved ranges, in
 * IPv4, IPv6 and IPv4-mapped IPv6 forms. The server must not become a way into its own network.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:0{0,4}:){0,5}(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

/** Whether an IP address is one a public server must not reach. */
export function isForbiddenAddress(address: string): boolean {
  const ip = bare(address);
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(ip.replace(/^::ffff:0:/, '::ffff:'));
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(ip, 'ipv6');
}

const isLocalName = (host: string) => {
  const name = bare(host).replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

/**
 * Why a URL cannot be registered, or null. Every server takes http(s) only; a public one takes
 * https only, and refuses a host written as a forbidden IP address (names are checked after DNS,
 * at each delivery).
 */
export function refusalOfUrl(url: string, publicServer: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a valid URL';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'Use an https:// URL';
  if (!publicServer) return null;
  if (parsed.protocol !== 'https:') return 'Use an https:// URL';
  if (isIP(bare(parsed.hostname)) && isForbiddenAddress(parsed.hostname))
    return 'This address is private: use a public address the internet can reach';
  return null;
}

export interface Target {
  address: string;
  family: 4 | 6;
}

/** Resolves every address of a host (`dns.promises.lookup` with `all`), as the system would. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The one address a public server connects to for `host`, or a refusal: when the name is
 * `localhost`, or any of its addresses is forbidden, nothing is connected to. The caller then
 * connects to exactly this address, so DNS cannot change between the check and the connection.
 */
export async function checkedTarget(
  host: string,
  resolve: Resolve = systemResolve,
): Promise<{ target: Target } | { refusal: string }> {
  if (isLocalName(host)) return { refusal: `Refused: ${bare(host)} is this machine` };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolve(bare(host));
  } catch (error) {
    return { refusal: `Could not resolve ${bare(host)}: ${(error as Error).message}` };
  }
  const forbidden = addresses.find((a) => isForbiddenAddress(a.address));
  if (forbidden)
    return {
      refusal: `Refused: ${bare(host)} resolves to a private address (${forbidden.address})`,
    };
  const first = addresses[0];
  if (!first) return { refusal: `Could not resolve ${bare(host)}` };
  return { target: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}
