import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { uploadedFiles } from '../db/schema/index.ts';
import { multipartForm, type FormPart } from '../test/multipart.ts';
import { noisePng } from '../test/png.ts';
import { insertOwnedProvider } from '../test/providers.ts';
import { createTestApp, signUp, type TestAccount } from '../test/test-app.ts';
import { databaseFileStorage } from './file-storage.ts';
import { encodePhoto, type EncodedPhoto } from './photo-encoding.ts';
import { createUploadsService, type WithinUpload } from './uploads.service.ts';

const big = [noisePng(12_000), noisePng(12_000), noisePng(12_000)] as const;
const small = noisePng(100);
const encoded = async (png: Buffer) => (await encodePhoto(png)) as EncodedPhoto;
const encodedSize = async (png: Buffer) => (await encoded(png)).data.length;

let t: Awaited<ReturnType<typeof createTestApp>>;
let quota: number;
beforeAll(async () => {
  const [b0, b1, b2, s] = await Promise.all([...big, small].map(encodedSize));
  // Room for one big photo and the small one, never for two big ones.
  quota = Math.max(b0!, b2!) + s! + 256;
  expect(b0! + b1!).toBeGreaterThan(quota);
  expect(b0! + s! + b2!).toBeGreaterThan(quota);
  t = await createTestApp({ uploadMaxBytes: 64 * 1024, uploadQuotaBytes: quota });
});
afterAll(() => t.close());

const post = (url: string, cookie: string, form: { headers: object; payload: Buffer }) =>
  t.api({ method: 'POST', url, headers: { cookie, ...form.headers }, payload: form.payload });
const avatar = (me: TestAccount, parts: FormPart[]) =>
  post(`/api/users/${me.user.id}/avatar`, me.cookie, multipartForm(parts));
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('Multipart limits: one file and nothing else, within the size limit', () => {
  const file = (field = 'avatar', size = 2048): FormPart => ({ field, data: noisePng(size) });

  it.each<[string, FormPart[], number, string]>([
    ['two files', [file(), file()], 413, 'Send one file only'],
    ['two files under other names', [file(), file('other')], 413, 'Send one file only'],
    [
      'a field besides the file',
      [{ field: 'x', value: 'y' }, file()],
      400,
      'Unexpected form field',
    ],
    [
      'many fields',
      Array.from({ length: 50 }, (_, i) => ({ field: `f${i}`, value: 'v' })),
      400,
      'Unexpected form field',
    ],
    ['a large field', [{ field: 'x', value: 'y'.repeat(100_000) }, file()], 400, 'Unexpected'],
    ['a file over the size limit', [file('avatar', 70 * 1024)], 413, 'at most 64 KB'],
    ['no file', [], 400, 'Choose an avatar to upload'],
  ])('refuses %s in the JSON error shape', async (_what, parts, status, message) => {
    const me = await signUp(t.app);
    const response = await avatar(me, parts);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error).toContain(message);
    expect(
      (await t.api({ method: 'GET', url: '/api/users', headers: { cookie: me.cookie } })).json()
        .avatarUrl,
    ).toBeNull();
  });

  it('answers 400 to a malformed or cut-off multipart body', async () => {
    const me = await signUp(t.app);
    const url = `/api/users/${me.user.id}/avatar`;
    const form = multipartForm([file()]);
    const cut = await post(url, me.cookie, { ...form, payload: form.payload.subarray(0, 500) });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().error).toBe('The upload is not a valid multipart/form-data body');
    const noBoundary = await post(url, me.cookie, {
      headers: { 'content-type': 'multipart/form-data' },
      payload: form.payload,
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toEqual({
      error: 'The upload is not a valid multipart/form-data body',
    });
  });
});

describe('Photos are re-encoded without metadata', () => {
  it('drops EXIF with its GPS position, turns the photo upright and bounds its size', async () => {
    const withGps = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 60, b: 20 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'TruckCam', Software: 'secret-camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '32/1 46/1 4500/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '96/1 47/1 3600/100',
        },
      })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from('TruckCam'))).toBe(true);

    const me = await signUp(t.app);
    const response = await avatar(me, [
      { field: 'avatar', data: withGps, type: 'image/jpeg', filename: 'truck.jpg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const stored = await served(response.json().avatarUrl);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('TruckCam'))).toBe(false);
  });
});

describe('Storage quota: the current files of an account', () => {
  it('refuses an upload past the quota with 413, and counts only current files', async () => {
    const mechanic = await signUp(t.app, { role: 'mechanic' });
    const provider = await insertOwnedProvider(t.app.database.db, mechanic.user.id);
    const photo = (png: Buffer) =>
      post(
        `/api/service-providers/${provider.id}/photo`,
        mechanic.cookie,
        multipartForm([{ field: 'photo', data: png }]),
      );

    expect((await avatar(mechanic, [{ field: 'avatar', data: big[0] }])).statusCode).toBe(200);
    const refused = await photo(big[1]);
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toEqual({
      error: `This upload would exceed the storage quota of ${Math.round(quota / 1024)} KB for the account`,
    });
    const details = await t.api({
      method: 'GET',
      url: `/api/service-providers/${provider.id}`,
      headers: { cookie: mechanic.cookie },
    });
    expect(details.json().profileImage ?? null).toBeNull();

    expect((await photo(small)).statusCode).toBe(200);
    // Replacing the avatar frees the old one's bytes first.
    const replaced = await avatar(mechanic, [{ field: 'avatar', data: big[2] }]);
    expect(replaced.statusCode, replaced.body).toBe(200);

    const rows = await t.app.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerId, mechanic.user.id));
    // The business is verified: its new photo waits for review, and counts against the quota too.
    expect(rows.map((row) => row.slot).sort()).toEqual([
      `avatar:${mechanic.user.id}`,
      `provider-photo-pending:${provider.id}`,
    ]);
    expect(rows.find((row) => row.slot.startsWith('avatar'))?.name).toBe(
      (replaced.json().avatarUrl as string).replace('/uploads/', ''),
    );
  });
});

describe('Uploads service: files in storage follow the database', () => {
  const photo = encoded;

  it('deletes the replaced file after the commit, and the new one when the change fails', async () => {
    const storage = databaseFileStorage(t.app.database.db);
    const uploads = createUploadsService(storage, { quotaBytes: 1024 * 1024, log: t.app.log });
    const me = await signUp(t.app);
    const target = { ownerId: me.user.id, slot: `avatar:${me.user.id}` } as const;
    const db = t.app.database.db;
    const names: string[] = [];
    const attach = (fail?: Error) => (url: string, within: WithinUpload) =>
      db.transaction(async (tx) => {
        names.push(url.replace('/uploads/', ''));
        await within(tx);
        if (fail) throw fail;
        return url;
      });

    await uploads.store(await photo(small), target, attach());
    expect(await storage.read(names[0]!)).not.toBeNull();
    await uploads.store(await photo(small), target, attach());
    expect(await storage.read(names[0]!)).toBeNull();
    expect(await storage.read(names[1]!)).not.toBeNull();

    await expect(
      uploads.store(await photo(small), target, attach(new AppError('conflict', 'no'))),
    ).rejects.toThrow('no');
    expect(await storage.read(names[2]!)).toBeNull();
    expect(await storage.read(names[1]!)).not.toBeNull();
  });

  it('deletes a file refused by the quota', async () => {
    const storage = databaseFileStorage(t.app.database.db);
    const uploads = createUploadsService(storage, { quotaBytes: 10, log: t.app.log });
    const me = await signUp(t.app);
    const db = t.app.database.db;
    let name = '';
    await expect(
      uploads.store(
        await photo(small),
        { ownerId: me.user.id, slot: `avatar:${me.user.id}` },
        (url, within) =>
          db.transaction(async (tx) => {
            name = url.replace('/uploads/', '');
            await within(tx);
          }),
      ),
    ).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(name).not.toBe('');
    expect(await storage.read(name)).toBeNull();
  });
});
