import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
