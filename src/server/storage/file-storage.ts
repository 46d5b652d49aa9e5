import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Object storage (S3 and the like) can replace it behind this. */
export interface FileStorage {
  /** Stores the bytes under a name derived from their content; answers that name. */
  save(data: Buffer, extension: string): Promise<string>;
  read(name: string): Promise<Buffer | null>;
}

/** Content-addressed names: the same image twice is stored once, and a name never changes meaning. */
const nameOf = (data: Buffer, extension: string) =>
  `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;

export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** Files under `<DATA_DIR>/uploads`; with DATA_DIR=memory:// (tests, demos) they live in memory. */
export function localFileStorage(dataDir: string): FileStorage {
  if (dataDir === 'memory://') {
    const files = new Map<string, Buffer>();
    return {
      async save(data, extension) {
        const name = nameOf(data, extension);
        files.set(name, data);
        return name;
      },
      async read(name) {
        return files.get(name) ?? null;
      },
    };
  }
  const folder = path.join(dataDir, 'uploads');
  return {
    async save(data, extension) {
      const name = nameOf(data, extension);
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, name), data);
      return name;
    },
    async read(name) {
      if (!STORED_NAME.test(name)) return null;
      return readFile(path.join(folder, name)).catch(() => null);
    },
  };
}
