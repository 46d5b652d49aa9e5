import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isPublicServer } from './public-address.ts';

describe('isLoopbackHost', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
  ])('%s reaches this machine only', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '10.0.0.5',
    '192.168.1.10',
    '::ffff:10.0.0.1',
    'fe80::1',
    '128.0.0.1',
    'truckfinder.example',
    'localhost.example.com',
    '',
  ])('%s may be reached from other machines', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('isPublicServer', () => {
  it('is local when it listens on loopback and is published over http', () => {
    expect(isPublicServer({ host: 'localhost', publicUrl: 'http://localhost:5000' })).toBe(false);
    expect(isPublicServer({ host: '127.0.0.1', publicUrl: 'http://127.0.0.1:41000' })).toBe(false);
  });

  it('is public on every interface, or when published over https behind a local proxy', () => {
    expect(isPublicServer({ host: '0.0.0.0', publicUrl: 'http://localhost:5000' })).toBe(true);
    expect(isPublicServer({ host: '::', publicUrl: 'http://localhost:5000' })).toBe(true);
    expect(isPublicServer({ host: '127.0.0.1', publicUrl: 'https://truckfinder.example' })).toBe(
      true,
    );
  });

  it('is public when PUBLIC_URL names another host, over http too', () => {
    expect(isPublicServer({ host: '127.0.0.1', publicUrl: 'http://truckfinder.example' })).toBe(
      true,
    );
    expect(isPublicServer({ host: 'localhost', publicUrl: 'http://192.168.1.20:5000' })).toBe(true);
    expect(isPublicServer({ host: '127.0.0.1', publicUrl: 'http://[::1]:5000' })).toBe(false);
    expect(isPublicServer({ host: '::1', publicUrl: 'http://127.0.0.2:5000' })).toBe(false);
  });
});
