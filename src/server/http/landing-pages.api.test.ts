import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-app.ts';
import { landingFile } from './landing-pages.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tf-landing-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
  writeFileSync(join(dir, 'first-screens.json'), JSON.stringify({ '/': ['/assets/landing.js'] }));
  writeFileSync(join(dir, landingFile('en')), '<div id="root" data-prerendered="en">Sign In</div>');
  writeFileSync(join(dir, landingFile('es')), '<div id="root" data-prerendered="es">Iniciar</div>');
  t = await createTestApp({ serveWeb: true }, { webDir: dir });
});
afterAll(() => t.close());

const open = (url: string, headers: Record<string, string> = {}) =>
  t.api({ method: 'GET', url, headers });

describe('the landing page the build pre-rendered', () => {
  it("is what a signed-out visitor gets for /, in the browser's language", async () => {
    const english = await open('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('data-prerendered="en"');
    expect(english.headers['content-type']).toMatch(/text\/html/);
    expect(english.headers['cache-control']).toBe('no-cache');
    expect(english.headers.vary).toMatch(/Cookie/);
    expect(english.headers.vary).toMatch(/Accept-Language/);
    const spanish = await open('/', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.body).toContain('data-prerendered="es"');
    expect((await open('/')).body).toContain('data-prerendered="en"');
  });

  it("follows the device's choice of language over the browser's", async () => {
    const chosen = await open('/', { 'accept-language': 'en-US', cookie: 'tf-language=es' });
    expect(chosen.body).toContain('data-prerendered="es"');
    const unknown = await open('/', { 'accept-language': 'es', cookie: 'tf-language=fr' });
    expect(unknown.body).toContain('data-prerendered="es"');
  });

  it('keeps `next` (where to go after signing in), and leaves any other address to the app', async () => {
    expect((await open('/?next=%2Fbookings')).body).toContain('data-prerendered');
    for (const url of ['/?book=abc', '/?next=/x&other=1']) {
      const shell = await open(url);
      expect(shell.statusCode, url).toBe(200);
      expect(shell.body, url).not.toContain('data-prerendered');
      expect(shell.body, url).toContain('modulepreload');
    }
  });

  it('is not sent to a visitor with a session: the app renders their page', async () => {
    const account = await signUp(t.app);
    const signedIn = await open('/', { cookie: account.cookie });
    expect(signedIn.body).not.toContain('data-prerendered');
    expect(signedIn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/landing.js">',
    );
    // An expired or forged session cookie too: the app asks the server and shows the landing page.
    const stale = await open('/', { cookie: `${account.cookie.split('=')[0]}=stale` });
    expect(stale.body).not.toContain('data-prerendered');
  });

  it('sends a sign-in form the browser sent itself back to the page, its fields dropped', async () => {
    const sent = await t.api({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=driver%40truckfinder.test&password=secret',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/');
    expect(sent.body).not.toContain('secret');
  });

  it('is only `/`: every other screen gets the app', async () => {
    for (const url of ['/home', '/login', '/register']) {
      expect((await open(url)).body, url).not.toContain('data-prerendered');
    }
  });
});
