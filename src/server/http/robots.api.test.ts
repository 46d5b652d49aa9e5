import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../paths.ts';
import { createTestApp } from '../test/test-app.ts';

const robotsFile = join(rootDir, 'src/web/public/robots.txt');
const robots = readFileSync(robotsFile, 'utf8');

/** The `*` group's rules; the longest matching path wins and Allow wins a tie (RFC 9309). */
function crawlable(path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const match = /^(allow|disallow):\s*(\S*)/i.exec(line.replace(/#.*/, '').trim());
    if (!match || !match[2] || !path.startsWith(match[2])) continue;
    const allow = match[1]!.toLowerCase() === 'allow';
    if (match[2].length > best.length || (match[2].length === best.length && allow))
      best = { length: match[2].length, allow };
  }
  return best.allow;
}

let web: Awaited<ReturnType<typeof createTestApp>>;
let dir: string;
beforeAll(async () => {
  // The built web dir holds what Vite copied from src/web/public, beside the app shell.
  dir = mkdtempSync(join(tmpdir(), 'tf-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  copyFileSync(robotsFile, join(dir, 'robots.txt'));
  web = await createTestApp({ serveWeb: true }, { webDir: dir });
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /robots.txt', () => {
  it('answers the robots file as plain text, not the app shell', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await web.api({ method, url: '/robots.txt' });
      expect(response.statusCode, method).toBe(200);
      expect(response.headers['content-type'], method).toMatch(/^text\/plain/);
      expect(response.headers['cache-control'], method).toBe('no-cache');
      if (method === 'GET') {
        expect(response.body).toBe(robots);
        expect(response.body).not.toContain('<div id="root">');
      }
    }
  });

  it('applies to every crawler and only uses directives crawlers know', () => {
    const directives = robots
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(directives[0]).toBe('User-agent: *');
    for (const line of directives) expect(line).toMatch(/^(User-agent|Allow|Disallow): \S+$/);
  });

  it('lets crawlers reach the public pages', () => {
    for (const path of [
      '/',
      '/home',
      '/search',
      '/providers/3f1c2a',
      '/login',
      '/register',
      '/privacy',
      '/terms',
      '/support',
      '/favicon.svg',
    ])
      expect(crawlable(path), path).toBe(true);
  });

  it('keeps crawlers out of the API, the signed-in screens, shared jobs and the internal pages', () => {
    for (const path of [
      '/api/',
      '/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/providers/search?lat=1',
      '/admin',
      '/admin/users',
      '/profile',
      '/bookings',
      '/bookings/42',
      '/payment-methods',
      '/receipts/42',
      '/fleet',
      '/join?token=x',
      '/reset-password?token=x',
      '/confirm-email?token=x',
      '/test-profile',
      '/demo',
      '/complete-demo',
      '/location-test',
      '/payment-test',
      '/availability-test',
      '/stripe-test',
      '/calendar-test',
      '/complete-test-suite',
      '/auth-test',
      '/driver-profile-test',
      '/admin-test',
    ])
      expect(crawlable(path), path).toBe(false);
  });
});
