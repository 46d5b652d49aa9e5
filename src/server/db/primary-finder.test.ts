import { describe, expect, it } from 'vitest';
import { parseHostList } from './primary-finder.ts';

describe('parseHostList', () => {
  it('splits a libpq host list and keeps everything else in each server’s URL', () => {
    const list = parseHostList(
      'postgres://app:p%40ss@db-a:5433,db-b,[::1]:6543/truck?sslmode=disable&target_session_attrs=read-write',
    );
    expect(list.sessionAttrs).toBe('read-write');
    expect(list.hosts).toEqual([
      { host: 'db-a', port: 5433 },
      { host: 'db-b', port: 5432 },
      { host: '[::1]', port: 6543 },
    ]);
    expect(list.urlFor(list.hosts[1]!)).toBe(
      'postgres://app:p%40ss@db-b:5432/truck?sslmode=disable',
    );
  });

  it('reads one server without attributes as libpq does (any)', () => {
    const list = parseHostList('postgresql://127.0.0.1/truck');
    expect(list).toMatchObject({ hosts: [{ host: '127.0.0.1', port: 5432 }], sessionAttrs: 'any' });
    expect(list.urlFor(list.hosts[0]!)).toBe('postgresql://127.0.0.1:5432/truck');
  });

  it.each([
    ['postgres://a,b/db?target_session_attrs=standby', /target_session_attrs must be one of/],
    ['postgres://a,,b/db', /expected host\[:port\]/],
    ['postgres://a:99999/db', /port out of range/],
    ['postgres://a:x/db', /expected host\[:port\]/],
    ['mysql://a/db', /expected a postgres:\/\/ URL/],
  ])('refuses %s', (url, message) => {
    expect(() => parseHostList(url)).toThrow(message);
  });
});
