import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Binary bytes as a Buffer from either driver. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Content-addressed image files: the key is a hash of the bytes, so URLs never change meaning. */
export const mediaFiles = pgTable("media_files", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
