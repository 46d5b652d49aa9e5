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
let admin: TestAccount;
/** A business awaiting verification: its owner's photo applies at once. */
let providerId: string;
/** A verified business: its owner's new photo waits for an admin. */
let verifiedId: string;

const PNG = noisePng();

beforeAll(async () => {
  t = await createTestApp({ uploadMaxBytes: 64 * 1024 });
  const cast = await createCast(t.app, {
    provider: { verification: 'pending' },
    otherProvider: { verification: 'approved' },
  });
  ({ otherMechanic, driver, admin } = cast);
  owner = cast.mechanic;
  providerId = cast.mechanic.providerId;
  verifiedId = cast.otherMechanic.providerId;
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

describe('a new photo of a verified business', () => {
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const publicPhoto = async () =>
    (await t.api({ method: 'GET', url: `/api/providers/${verifiedId}` })).json().profileImage as
      string | null;
  const decide = (verification: 'approved' | 'rejected') =>
    t.api({
      method: 'PATCH',
      url: `/api/admin/providers/${verifiedId}`,
      headers: { cookie: admin.cookie },
      payload: verification === 'approved' ? { verification } : { verification, reason: 'Blurry' },
    });

  it('waits for an admin: drivers keep the approved photo until it is approved', async () => {
    const live = await upload(admin.cookie, form(noisePng()), verifiedId);
    const approvedPhoto = live.json().profileImage as string;
    expect(await publicPhoto()).toBe(approvedPhoto);

    const sent = await upload(otherMechanic.cookie, form(noisePng()), verifiedId);
    expect(sent.statusCode, sent.body).toBe(200);
    const waiting = sent.json().pendingChanges.values.profileImage as string;
    expect(waiting).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect(sent.json().profileImage).toBe(approvedPhoto);
    expect(await publicPhoto()).toBe(approvedPhoto);

    // A second photo before the decision replaces the waiting one.
    const again = await upload(otherMechanic.cookie, form(noisePng()), verifiedId);
    const next = again.json().pendingChanges.values.profileImage as string;
    expect(await served(waiting)).toBe(404);

    const approved = await decide('approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicPhoto()).toBe(next);
    expect(await served(next)).toBe(200);
    expect(await served(approvedPhoto)).toBe(404);

    // The approved photo is the live one now: the next upload replaces it only once approved.
    const later = await upload(otherMechanic.cookie, form(noisePng()), verifiedId);
    const rejectedPhoto = later.json().pendingChanges.values.profileImage as string;
    expect((await decide('rejected')).statusCode).toBe(200);
    expect(await publicPhoto()).toBe(next);
    expect(await served(next)).toBe(200);
    expect(await served(rejectedPhoto)).toBe(404);
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
