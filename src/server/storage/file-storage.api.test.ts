import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm } from '../test/multipart.ts';
import { noisePng } from '../test/png.ts';
import { startS3Server } from '../test/s3-server.ts';
import { createTestApp, signUp } from '../test/test-app.ts';
import { databaseFileStorage, importUploadsFolder, type FileStorage } from './file-storage.ts';
import { s3FileStorage } from './s3-file-storage.ts';
import { recordFile } from './uploaded-files.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  t = await createTestApp();
  s3 = await startS3Server();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const stores: [string, () => FileStorage][] = [
  ['the database', () => databaseFileStorage(t.app.database.db)],
  ['an S3-compatible bucket', () => s3FileStorage(s3.options)],
];

describe.each(stores)('uploads in %s', (_where, store) => {
  it('keeps the bytes under a new name each time, until removed', async () => {
    const storage = store();
    const bytes = noisePng(200);
    const first = await storage.save(bytes, 'png');
    const second = await storage.save(bytes, 'png');
    expect(first).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(first);
    expect((await storage.read(first))?.equals(bytes)).toBe(true);
    await storage.remove(first);
    expect(await storage.read(first)).toBeNull();
    expect((await storage.read(second))?.equals(bytes)).toBe(true);
  });

  it('answers nothing for a name it does not hold or that is not a stored name, and removes one quietly', async () => {
    const storage = store();
    expect(await storage.read(`${'a'.repeat(32)}.jpg`)).toBeNull();
    expect(await storage.read('../../etc/passwd')).toBeNull();
    await expect(storage.remove(`${'b'.repeat(32)}.jpg`)).resolves.toBeUndefined();
  });

  it('copies the photos still in use from an earlier version’s uploads folder under their names, once', async () => {
    const storage = store();
    const db = t.app.database.db;
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-data-'));
    try {
      mkdirSync(join(dataDir, 'uploads'));
      const kept = `${randomBytes(16).toString('hex')}.webp`;
      const gone = `${randomBytes(16).toString('hex')}.webp`;
      const bytes = noisePng(50);
      writeFileSync(join(dataDir, 'uploads', kept), bytes);
      writeFileSync(join(dataDir, 'uploads', gone), bytes);
      writeFileSync(join(dataDir, 'uploads', 'notes.txt'), 'not an upload');
      const owner = await signUp(t.app);
      await recordFile(db, {
        name: kept,
        ownerId: owner.user.id,
        slot: `avatar:${owner.user.id}`,
        bytes: 50,
      });
      expect(await importUploadsFolder(dataDir, storage, db)).toBe(1);
      expect((await storage.read(kept))?.equals(bytes)).toBe(true);
      expect(await storage.has(kept)).toBe(true);
      // A photo replaced or deleted since (no row uses it) stays gone.
      expect(await storage.has(gone)).toBe(false);
      expect(await importUploadsFolder(dataDir, storage, db)).toBe(0);
      await storage.remove(kept);
      expect(await storage.has(kept)).toBe(false);
      expect(await importUploadsFolder(join(dataDir, 'none'), storage, db)).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('an app server with S3_BUCKET', () => {
  it('keeps an uploaded photo in the bucket and serves it from there', async () => {
    const app = await createTestApp({ uploadsBucket: s3.options });
    try {
      const me = await signUp(app.app);
      const form = multipartForm([{ field: 'avatar', data: noisePng(100) }]);
      const uploaded = await app.api({
        method: 'POST',
        url: `/api/users/${me.user.id}/avatar`,
        headers: { cookie: me.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const url = uploaded.json().avatarUrl as string;
      const inBucket = await s3FileStorage(s3.options).read(url.replace('/uploads/', ''));
      expect(inBucket).not.toBeNull();
      const served = await app.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(inBucket!)).toBe(true);
      expect(await databaseFileStorage(app.app.database.db).read(url.slice(9))).toBeNull();
    } finally {
      await app.close();
    }
  });
});
