import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { gzippedBytes, scriptsLoaded } from './loaded-scripts.ts';

// A page that loads one script, which imports a second once the page is idle, and a third that
// only a tap would load: the check counts what a phone loads until the network is idle.
const site = {
  'index.html': '<!doctype html><script type="module" src="/first.js"></script><p>fixture</p>',
  'first.js':
    "requestIdleCallback(() => import('/when-idle.js'));\n" +
    "document.addEventListener('click', () => import('/on-tap.js'));",
  'when-idle.js': `export const weight = '${randomBytes(30_000).toString('base64')}';`,
  'on-tap.js': 'export const tapped = true;',
};

let server: Server;
let browser: Browser;
let url: string;
const dist = mkdtempSync(path.join(os.tmpdir(), 'tf-bundle-fixture-'));

beforeAll(async () => {
  for (const [name, text] of Object.entries(site)) writeFileSync(path.join(dist, name), text);
  server = createServer((request, response) => {
    const name = request.url === '/' ? 'index.html' : request.url!.slice(1);
    const text = site[name as keyof typeof site];
    if (!text) return void response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': name.endsWith('.js') ? 'text/javascript' : 'text/html' })
      .end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe('scriptsLoaded', () => {
  it('counts the scripts loaded once the page is idle, not those only a tap loads', async () => {
    const { scripts: files, errors } = await scriptsLoaded(browser, url);
    expect(files).toEqual(['/first.js', '/when-idle.js']);
    expect(errors).toEqual([]);
    // The idle import is most of the page's weight: a budget on the static graph would miss it.
    expect(gzippedBytes(dist, '/when-idle.js')).toBeGreaterThan(gzippedBytes(dist, '/first.js'));
  }, 30_000);
});
