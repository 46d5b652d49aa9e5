import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test/multipart.ts';
import { brokenPng, noisePng } from '../../test/png.ts';
import { createCast, type TestAccount } from '../../test/cast.ts';
import { createTestApp } from '../../test/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestAccount;
let otherMechanic: TestAccount;
let driver: TestAccount;
let providerId: string;

const PNG = noisePng();

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 64 * 1024 });
  const cast = await createCast(t.app);
  ({ otherMechanic, driver } = cast);
  owner = cast.mechanic;
  providerId = cast.mechanic.providerId;
});
afterAll(() => t.close());

const form = (data: Buffer, options: { field?: string } = {}) =>
  multipartFile(data, { field: 'photo', filename: 'shop.png', ...options });

const upload = (cookie: string, body: ReturnType<typeof form>, id = providerId) =>
  t.api({
    method: 'POST',
    url: `/api/service-providers/${id}/photo`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });

describe('POST /api/service-providers/{id}/photo', () => {
  it('stores the owner’s photo re-encoded as WebP and serves it with long caching', async () => {
    const response = await upload(owner.cookie, form(PNG));
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().profileImage as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 64, height: 32 });
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const response = await upload(owner.cookie, form(Buffer.from('<script>alert(1)</script>')));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('The photo must be a JPEG, PNG or WebP image');
    const broken = await upload(owner.cookie, form(brokenPng()));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('The photo could not be read as an image');
  });

  it('refuses a photo over the size limit with 413', async () => {
    const response = await upload(owner.cookie, form(noisePng(70 * 1024)));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The photo must be at most 64 KB');
  });

  it('needs multipart/form-data with a "photo" field', async () => {
    const json = await t.api({
      method: 'POST',
      url: `/api/service-providers/${providerId}/photo`,
      headers: { cookie: owner.cookie },
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(owner.cookie, form(PNG, { field: 'file' }))).statusCode).toBe(400);
  });

  it('is only for the owner (or an admin)', async () => {
    expect((await upload(otherMechanic.cookie, form(PNG))).statusCode).toBe(403);
    expect((await upload(driver.cookie, form(PNG))).statusCode).toBe(403);
    expect(
      (await upload(owner.cookie, form(PNG), '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('deletes the replaced photo once the new one is in place', async () => {
    const first = (await upload(owner.cookie, form(noisePng()))).json().profileImage as string;
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    const second = await upload(owner.cookie, form(noisePng()));
    expect(second.statusCode, second.body).toBe(200);
    const url = second.json().profileImage as string;
    expect(url).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});

describe('GET /uploads/{name}', () => {
  it('answers 404 for unknown or malformed names', async () => {
    for (const url of [
      `/uploads/${'a'.repeat(32)}.png`,
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/shop.exe',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
