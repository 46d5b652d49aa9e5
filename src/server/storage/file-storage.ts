import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../db/client.ts';
import {
  deleteStoredFile,
  hasStoredFile,
  insertStoredFile,
  storedFileData,
} from './stored-files.repository.ts';
import { fileNamesInUse } from './uploaded-files.repository.ts';

/**
 * Where uploaded files live, where every app server reads them: in the database (the default) or
 * in an S3-compatible bucket (s3-file-storage.ts). No server keeps a file of its own
 * (docs/decisions/071-uploads-every-server-serves.md).
 */
export interface FileStorage {
  /** Stores the bytes under a new random name; answers that name. */
  save(data: Buffer, extension: string): Promise<string>;
  /** Stores the bytes under `name` (a name of STORED_NAME's form), keeping what is stored there. */
  put(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  /** Whether a file is stored under `name`, without reading it. */
  has(name: string): Promise<boolean>;
  /** Removes a stored file; a name that is not stored is no error. */
  remove(name: string): Promise<void>;
}

/**
 * Random names: a name is never reused, so it always means the same bytes (cached forever), one
 * owner's file is never another's, and a name tells nothing about the content.
 */
const newName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

export const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** A store from its `put`, `read` and `remove`: `save` puts under a new name. */
export function withNewNames(store: Omit<FileStorage, 'save'>): FileStorage {
  return {
    ...store,
    async save(data, extension) {
      const name = newName(extension);
      await store.put(name, data);
      return name;
    },
  };
}

/** Files in the `stored_files` table, beside the rows that use them. */
export function databaseFileStorage(db: Executor): FileStorage {
  return withNewNames({
    put: (name, data) => insertStoredFile(db, name, data),
    read: async (name) => (STORED_NAME.test(name) ? storedFileData(db, name) : null),
    has: (name) => hasStoredFile(db, name),
    remove: (name) => deleteStoredFile(db, name),
  });
}

/**
 * Copies the files an earlier version kept under `<DATA_DIR>/uploads` into `storage`, under their
 * names, when a row still uses them (`uploaded_files`: a replaced or deleted photo stays gone)
 * and the store lacks them, so their addresses keep answering. The folder is left as it is.
 * Answers how many files it copied.
 */
export async function importUploadsFolder(
  dataDir: string,
  storage: FileStorage,
  db: Executor,
): Promise<number> {
  const folder = path.join(dataDir, 'uploads');
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const kept = names.filter((name) => STORED_NAME.test(name));
  if (kept.length === 0) return 0;
  const inUse = await fileNamesInUse(db, kept);
  let copied = 0;
  for (const name of kept) {
    if (!inUse.has(name) || (await storage.has(name))) continue;
    await storage.put(name, await readFile(path.join(folder, name)));
    copied += 1;
  }
  return copied;
}
