import { sql } from "drizzle-orm";
import {
  boolean, check, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";

import { oneOfSql, PRODUCT_STATUSES } from "./statuses";

export const categories = pgTable("categories", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  // Shown as "coming soon" when the category has nothing to sell yet.
  comingSoon: boolean("coming_soon").notNull().default(false),
  launchLabel: text("launch_label"),
  // When set on a coming-soon category, it opens by itself at that time (the owner may also launch it at once).
  launchAt: timestamp("launch_at", { withTimezone: true }),
});

/** Prices are whole rupees (PKR has no coins in use). */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    categorySlug: text("category_slug").notNull().references(() => categories.slug),
    description: text("description").notNull().default(""),
    price: integer("price").notNull(),
    originalPrice: integer("original_price"),
    // The parcel weight of one piece (grams), for courier bookings; null: the owner types it when booking.
    weightGrams: integer("weight_grams"),
    material: text("material").notNull().default("100% Cotton"),
    brand: text("brand").notNull().default(""),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("active"),
    featured: boolean("featured").notNull().default(false),
    // rating and review_count are what cards show: the starting figures below combined with the
    // visible reviews, recomputed in each review's transaction (modules/reviews).
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    // The seeded catalogue's given figures, kept as a starting count (decision note); 0 for the owner's products.
    baseRating: real("base_rating").notNull().default(0),
    baseReviewCount: integer("base_review_count").notNull().default(0),
    views: integer("views").notNull().default(0),
    // When set on a coming-soon product, it goes on sale by itself at that time.
    launchAt: timestamp("launch_at", { withTimezone: true }),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.categorySlug),
    index("products_created_idx").on(t.createdAt),
    index("products_status_idx").on(t.status),
    check("products_status_known", sql.raw(`status in (${oneOfSql(PRODUCT_STATUSES)})`)),
    check("products_price_positive", sql`${t.price} > 0`),
    check("products_weight_positive", sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check("products_original_price_above_price", sql`${t.originalPrice} is null or ${t.originalPrice} > ${t.price}`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    size: text("size").notNull(),
    stock: integer("stock").notNull().default(0),
    sku: text("sku").notNull().unique(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_variants_combo_idx").on(t.productId, t.color, t.size),
    // Stock can never go below zero, whatever the code above it does.
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
  ],
);

export type ImageSource = { key: string; width: number };

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    alt: text("alt").notNull().default(""),
    color: text("color"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** WebP renditions, smallest first; each key names a row of media_files. */
    sources: jsonb("sources").$type<ImageSource[]>().notNull(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

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
    productId: text("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    color: text("color"),
    svg: text("svg").notNull(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [index("seed_photos_order_idx").on(t.position, t.id)],
);
