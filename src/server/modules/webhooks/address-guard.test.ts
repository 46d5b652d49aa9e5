import { describe, expect, it } from 'vitest';
import { checkedTarget, isForbiddenAddress, refusalOfUrl } from './address-guard.ts';

describe('the address classifier', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '[::ffff:c0a8:101]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('what a URL may be at registration', () => {
  it('takes http and https on a loopback-only server, local targets too', () => {
    expect(refusalOfUrl('http://127.0.0.1:4000/hook', false)).toBeNull();
    expect(refusalOfUrl('https://example.com/hook', false)).toBeNull();
    expect(refusalOfUrl('ftp://example.com/hook', false)).toBe('Use an https:// URL');
  });

  it('takes https only on a public server, and no private IP address', () => {
    expect(refusalOfUrl('https://hooks.example.com/truck', true)).toBeNull();
    expect(refusalOfUrl('http://hooks.example.com/truck', true)).toBe('Use an https:// URL');
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
    ])
      expect(refusalOfUrl(url, true), url).toMatch(/private/);
  });
});

describe('the target checked after DNS', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the first address when every one is public', async () => {
    expect(
      await checkedTarget('hooks.example.com', resolvesTo('93.184.216.34', '8.8.8.8')),
    ).toEqual({
      target: { address: '93.184.216.34', family: 4 },
    });
  });

  it('refuses a name with any private address among its answers', async () => {
    const answer = await checkedTarget('sneaky.example.com', resolvesTo('8.8.8.8', '10.1.2.3'));
    expect(answer).toEqual({
      refusal: 'Refused: sneaky.example.com resolves to a private address (10.1.2.3)',
    });
  });

  it('refuses localhost whatever it resolves to, and a name that does not resolve', async () => {
    expect(await checkedTarget('localhost', resolvesTo('8.8.8.8'))).toEqual({
      refusal: 'Refused: localhost is this machine',
    });
    const failing = async () => {
      throw new Error('getaddrinfo ENOTFOUND nowhere.invalid');
    };
    expect(await checkedTarget('nowhere.invalid', failing)).toEqual({
      refusal: 'Could not resolve nowhere.invalid: getaddrinfo ENOTFOUND nowhere.invalid',
    });
  });
});
