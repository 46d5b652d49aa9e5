import { check, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, userRef } from './columns.ts';

/**
 * Every stored upload that is in use: its owner (whose quota it counts against), its size, and
 * the one place it fills (`avatar:<user id>`, `provider-photo:<provider id>`, and
 * `provider-photo-pending:<provider id>` for a new photo awaiting review), so replacing the
 * file of a place finds the old one to delete.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    name: text().primaryKey(),
    ownerId: userRef(),
    slot: text().notNull().unique(),
    bytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploaded_files_owner_idx').on(t.ownerId),
    check('uploaded_files_bytes_positive', sql`${t.bytes} > 0`),
  ],
);

/** Bytes as PostgreSQL keeps them; the embedded database answers a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of each stored upload by its name (storage/file-storage.ts's store in the database,
 * the default): every app server reads them, where a folder of one server's was its own.
 */
export const storedFiles = pgTable('stored_files', {
  name: text().primaryKey(),
  data: bytea().notNull(),
  createdAt: createdAt(),
});
