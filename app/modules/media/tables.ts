import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "../../db/schema/bytea";
import { products } from "../catalog/tables";

// modules/media's tables: only modules/media writes them; other modules read them through
// modules/media/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * The seeded catalogue's photos still to draw from their vector art (app/seed/draw-seed-photos):
 * a first start serves at once and each photo joins its product when drawn. A drawn photo's row
 * is deleted in the transaction that adds its image, so nothing is drawn twice across restarts;
 * `claimedUntil` lets one process draw a photo while the others pass it by.
 */
export const seedPhotos = pgTable(
  "seed_photos",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    color: text("color"),
    svg: text("svg").notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [index("seed_photos_order_idx").on(t.position, t.id)],
);

/** Content-addressed image files: the key is a hash of the bytes, so URLs never change meaning. */
export const mediaFiles = pgTable("media_files", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
