import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';

/** Keeps the bytes under `name`; what is stored under it already stays. */
export async function insertStoredFile(db: Executor, name: string, data: Buffer): Promise<void> {
  await db.insert(storedFiles).values({ name, data }).onConflictDoNothing();
}

export async function storedFileData(db: Executor, name: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: storedFiles.data })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return row?.data ?? null;
}

export async function deleteStoredFile(db: Executor, name: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.name, name));
}

export async function hasStoredFile(db: Executor, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: storedFiles.name })
    .from(storedFiles)
    .where(eq(storedFiles.name, name));
  return row !== undefined;
}
