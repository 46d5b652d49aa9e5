import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { Executor } from '../db/client.ts';
import type { FileStorage } from './file-storage.ts';
import { sizeLabel } from './image-upload.ts';
import type { EncodedPhoto } from './photo-encoding.ts';
import {
  bytesStoredBy,
  lockOwner,
  moveSlot,
  recordFile,
  releaseSlot,
} from './uploaded-files.repository.ts';

/** Whose quota a file counts against, and the one place it fills (a new file replaces the old). */
export interface UploadTarget {
  ownerId: string;
  slot: `avatar:${string}` | `provider-photo:${string}` | `provider-photo-pending:${string}`;
}

/** A live slot and the slot where its replacement waits for review. */
export interface ReviewedSlots {
  live: UploadTarget['slot'];
  waiting: UploadTarget['slot'];
}

/** Runs inside the transaction that points the row to the new file. */
export type WithinUpload = (tx: Executor) => Promise<void>;

export interface UploadsOptions {
  /** The most bytes of current files one user may have stored. */
  quotaBytes: number;
  log: FastifyBaseLogger;
}

export function createUploadsService(storage: FileStorage, options: UploadsOptions) {
  const removeQuietly = (name: string) =>
    storage
      .remove(name)
      .catch((err: unknown) => options.log.warn({ err, name }, 'could not remove an upload'));

  return {
    /** Deletes stored files by name (their rows already forgotten); a failure is only logged. */
    async removeAll(names: string[]): Promise<void> {
      await Promise.all(names.map(removeQuietly));
    },

    /**
     * Stores `photo` and lets `attach` point its row to the new URL, calling `within` inside the
     * same transaction: that records the file, forgets the one it replaces and holds the owner to
     * their quota. The replaced file is deleted once that transaction has committed; on any
     * failure the new file is deleted instead.
     */
    async store<T>(
      photo: EncodedPhoto,
      target: UploadTarget,
      attach: (url: string, within: WithinUpload) => Promise<T>,
    ): Promise<T> {
      const name = await storage.save(photo.data, photo.extension);
      let replaced: string | null = null;
      let result: T;
      try {
        result = await attach(`/uploads/${name}`, async (tx) => {
          await lockOwner(tx, target.ownerId);
          replaced = await releaseSlot(tx, target.slot);
          await recordFile(tx, { name, bytes: photo.data.length, ...target });
          if ((await bytesStoredBy(tx, target.ownerId)) > options.quotaBytes)
            throw new AppError(
              'payload_too_large',
              `This upload would exceed the storage quota of ${sizeLabel(options.quotaBytes)} for the account`,
            );
        });
      } catch (error) {
        await removeQuietly(name);
        throw error;
      }
      if (replaced) await removeQuietly(replaced);
      return result;
    },

    /**
     * Inside the transaction that decides on a waiting file: approved, it fills the live slot
     * (the file it replaces is forgotten); rejected, it is forgotten. Answers the forgotten file,
     * for `remove` once that transaction has committed.
     */
    async settleWaiting(tx: Executor, slots: ReviewedSlots, approve: boolean) {
      if (!approve) return releaseSlot(tx, slots.waiting);
      const replaced = await releaseSlot(tx, slots.live);
      await moveSlot(tx, slots.waiting, slots.live);
      return replaced;
    },

    /** Deletes a forgotten file; a failure is logged, never thrown. */
    remove: (name: string) => removeQuietly(name),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
