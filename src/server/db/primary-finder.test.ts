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
      { host: '::1', port: 6543 },
    ]);
    expect(list.urlFor(list.hosts[1]!)).toBe(
      'postgres://app:p%40ss@db-b:5432/truck?sslmode=disable',
    );
    expect(list.urlFor(list.hosts[2]!)).toBe(
      'postgres://app:p%40ss@[::1]:6543/truck?sslmode=disable',
    );
  });

  it('gives pg a socket folder bare and puts it back encoded', () => {
    const list = parseHostList(
      'postgres://%2Fvar%2Frun%2Fpostgresql,db-b/truck?target_session_attrs=primary',
    );
    expect(list.hosts[0]).toEqual({ host: '/var/run/postgresql', port: 5432 });
    expect(list.urlFor(list.hosts[0]!)).toBe('postgres://%2Fvar%2Frun%2Fpostgresql:5432/truck');
  });

  it('checks one server with attributes like a list', () => {
    const list = parseHostList('postgres://db-a/truck?target_session_attrs=read-write');
    expect(list.hosts).toEqual([{ host: 'db-a', port: 5432 }]);
  });

  it('leaves a URL of one server without attributes to pg, whatever its form', () => {
    for (const url of [
      'postgresql://127.0.0.1/truck',
      'postgres://db:99999/truck',
      'postgres:///truck?host=/var/run/postgresql',
      'postgres://u:p@/truck?host=/cloudsql/project:region:instance',
    ])
      expect(parseHostList(url)).toMatchObject({ hosts: [], sessionAttrs: 'any' });
  });

  it.each([
    ['postgres://a,b/db?target_session_attrs=standby', /target_session_attrs must be one of/],
    ['postgres://a,,b/db', /expected host\[:port\]/],
    ['postgres://a:99999,b/db', /port out of range/],
    ['postgres://a:x,b/db', /expected host\[:port\]/],
    ['mysql://a/db', /expected a postgres:\/\/ URL/],
    ['postgres://a,b/db?port=5433', /not with host= or port=/],
    ['postgres:///db?host=/tmp&target_session_attrs=read-write', /not with host= or port=/],
    ['postgres:///db?target_session_attrs=read-write', /expected host\[:port\]/],
  ])('refuses %s', (url, message) => {
    expect(() => parseHostList(url)).toThrow(message);
  });
});
