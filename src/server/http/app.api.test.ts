import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/lib/precompress.ts';
import { createTestApp, signUp } from '../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 64 * 1024 });
});
afterAll(() => t.close());

// Who may call each route, and what each caller gets: authorization-matrix.api.test.ts.
describe('access rules', () => {
  it('refuses to register a route without an access rule', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { database: t.app.database });
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe('errors and edges', () => {
  it('GET /api/health checks the database', async () => {
    const response = await t.api({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.app.database.kind });
  });

  it('answers 404 JSON for an unknown /api path, signed in or not', async () => {
    const anonymous = await t.api({ method: 'GET', url: '/api/does-not-exist' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.headers['content-type']).toMatch(/application\/json/);
    expect(anonymous.json().error).toMatch(/Not found/);
    const { cookie } = await signUp(t.app);
    const signedIn = await t.api({
      method: 'DELETE',
      url: '/api/nothing/here',
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(404);
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The request body is too large');
  });

  it('answers 415 JSON for a body that is not JSON', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBeTruthy();
  });

  it('refuses cross-site writes', async () => {
    const response = await t.api({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('sends the security headers', async () => {
    const response = await t.api({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // Stripe's hosts are allowed only in Stripe mode (stripe-mode.api.test.ts).
    expect(response.headers['content-security-policy']).not.toContain('stripe.com');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('publishes the OpenAPI document and its viewer at /api/docs', async () => {
    const doc = await t.api({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/users/{id}',
        '/api/health',
      ]),
    );
    expect(doc.json().paths['/api/auth/register'].post.requestBody).toBeTruthy();
    const ui = await t.api({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('serving the web app', () => {
  let web: Awaited<ReturnType<typeof createTestApp>>;
  let dir: string;
  const builtScript = `export const page = ${JSON.stringify('truck '.repeat(500))};`;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><title>Truck Finder</title></head><div id="root"></div>${' '.repeat(2000)}`,
    );
    writeFileSync(
      join(dir, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    writeFileSync(
      join(dir, 'first-screens.json'),
      JSON.stringify({ '/home': ['/assets/search-page-x1.js', '/assets/card-y2.js'] }),
    );
    mkdirSync(join(dir, 'built'));
    writeFileSync(join(dir, 'built', 'page-def456.js'), builtScript);
    await precompress(join(dir, 'built'));
    web = await createTestApp({ serveWeb: true }, { database: t.app.database, webDir: dir });
  });
  afterAll(() => web.app.close());

  it('answers every screen path with the app shell, revalidated', async () => {
    for (const url of ['/', '/home', '/bookings', '/some/unknown/page']) {
      const response = await web.api({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("names a first screen's own files in its HTML, and only there", async () => {
    const home = await web.api({ method: 'GET', url: '/home' });
    expect(home.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/search-page-x1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/card-y2.js"></head>',
    );
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    for (const url of ['/', '/bookings', '/home/else']) {
      const other = await web.api({ method: 'GET', url });
      expect(other.body, url).not.toContain('modulepreload');
    }
  });

  it('refuses to start on a list of first screens that is not file names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tf-web-bad-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><head></head>');
    writeFileSync(
      join(dir, 'first-screens.json'),
      JSON.stringify({ '/home': ['/assets/a.js"><script>alert(1)</script>'] }),
    );
    await expect(
      createTestApp({ serveWeb: true }, { database: t.app.database, webDir: dir }),
    ).rejects.toThrow();
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await web.api({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends the form the build compressed that the browser accepts, without compressing again', async () => {
    const asked = (encodings?: string) =>
      web.api({
        method: 'GET',
        url: '/built/page-def456.js',
        headers: encodings ? { 'accept-encoding': encodings } : {},
      });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload).toEqual(readFileSync(join(dir, 'built', 'page-def456.js.br')));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(builtScript);

    const gz = await asked('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(builtScript);

    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(builtScript);
    // The compressed forms are not pages of their own.
    expect((await web.api({ method: 'GET', url: '/built/page-def456.js.br' })).body).toContain(
      '<div id="root">',
    );
  });

  it('still answers 404 JSON for unknown API paths', async () => {
    const response = await web.api({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBeTruthy();
  });
});
