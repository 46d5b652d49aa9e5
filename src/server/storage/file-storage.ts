import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Object storage (S3 and the like) can replace it behind this. */
export interface FileStorage {
  /** Stores the bytes under a new random name; answers that name. */
  save(data: Buffer, extension: string): Promise<string>;
  read(name: string): Promise<Buffer | null>;
  /** Removes a stored file; a name that is not stored is no error. */
  remove(name: string): Promise<void>;
}

/**
 * Random names: a name is never reused, so it always means the same bytes (cached forever), one
 * owner's file is never another's, and a name tells nothing about the content.
 */
const newName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Files under `<DATA_DIR>/uploads`; with DATA_DIR=memory:// (tests, demos) they live in memory. */
export function localFileStorage(dataDir: string): FileStorage {
  if (dataDir === 'memory://') {
    const files = new Map<string, Buffer>();
    return {
      async save(data, extension) {
        const name = newName(extension);
        files.set(name, data);
        return name;
      },
      async read(name) {
        return files.get(name) ?? null;
      },
      async remove(name) {
        files.delete(name);
      },
    };
  }
  const folder = path.join(dataDir, 'uploads');
  return {
    async save(data, extension) {
      const name = newName(extension);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, name), data, { flag: 'wx' });
      return name;
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      return readFile(path.join(folder, name)).catch(() => null);
    },
    async remove(name) {
      if (!STORED_NAME.test(name)) return;
      await unlink(path.join(folder, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}
