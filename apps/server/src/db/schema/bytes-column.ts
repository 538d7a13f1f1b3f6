import { customType } from 'drizzle-orm/pg-core';

/**
 * A `bytea` column read as a Node Buffer: node-postgres hands out Buffers, PGlite Uint8Arrays, and documents
 * (signed contracts, uploads, support attachments) are passed on as Buffers either way.
 */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
