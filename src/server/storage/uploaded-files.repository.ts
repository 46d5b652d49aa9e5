import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { uploadedFiles, users } from '../db/schema/index.ts';

export interface UploadedFile {
  name: string;
  ownerId: string;
  slot: string;
  bytes: number;
}

/** Holds the owner's row until the transaction ends, so their uploads are counted one at a time. */
export async function lockOwner(db: Executor, ownerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** Forgets the file that filled `slot`, if any; answers its name. */
export async function releaseSlot(db: Executor, slot: string): Promise<string | null> {
  const [row] = await db
    .delete(uploadedFiles)
    .where(eq(uploadedFiles.slot, slot))
    .returning({ name: uploadedFiles.name });
  return row?.name ?? null;
}

/** Moves the file that fills `from` to fill `to` (which must be empty). */
export async function moveSlot(db: Executor, from: string, to: string): Promise<void> {
  await db.update(uploadedFiles).set({ slot: to }).where(eq(uploadedFiles.slot, from));
}

export async function recordFile(db: Executor, file: UploadedFile): Promise<void> {
  await db.insert(uploadedFiles).values(file);
}

export async function bytesStoredBy(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${uploadedFiles.bytes}), 0)::bigint` })
    .from(uploadedFiles)
    .where(eq(uploadedFiles.ownerId, ownerId));
  return Number(row?.bytes ?? 0);
}

/** Forgets the user's uploaded files; answers their names, to delete once this commits. */
export async function forgetUploads(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .delete(uploadedFiles)
    .where(eq(uploadedFiles.ownerId, userId))
    .returning({ name: uploadedFiles.name });
  return rows.map((row) => row.name);
}

/** Which of `names` a row still uses. */
export async function fileNamesInUse(db: Executor, names: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ name: uploadedFiles.name })
    .from(uploadedFiles)
    .where(inArray(uploadedFiles.name, names));
  return new Set(rows.map((row) => row.name));
}
