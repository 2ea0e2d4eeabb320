import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ImageSource, StoredImageRef } from "../../db/schema/stored-image";
import { PRODUCT_STATUSES, oneOfSql } from "../../db/schema/statuses";
import { users } from "../accounts/tables";
import { bytea } from "../../db/schema/bytea";

// modules/catalog's tables: only modules/catalog writes them; other modules read them through
// modules/catalog/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * The brand's categories. The slug is the key and the URL (/category/{slug}); products, redirects,
 * collection rules and menu links follow a changed slug (ON UPDATE CASCADE), and the old slug is
 * kept in category_redirects so its URL answers 301.
 */
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
  // Hidden: not in the storefront's lists, menus, filters or sitemap, and its page is a 404; its products stay as they are.
  hidden: boolean("hidden").notNull().default(false),
  // The home tile's picture; null: a photo of one of its best products, as before.
  image: jsonb("image").$type<StoredImageRef>(),
  // The catalogue feed's categories for this category's products (issue 44): Google's product
  // taxonomy (an id such as "2271" or its path) and Facebook's product category; null: left out.
  googleProductCategory: text("google_product_category"),
  fbProductCategory: text("fb_product_category"),
});

/** A category's former slugs: /category/{fromSlug} answers 301 to the category's slug now. */
export const categoryRedirects = pgTable("category_redirects", {
  fromSlug: text("from_slug").primaryKey(),
  toSlug: text("to_slug")
    .notNull()
    .references(() => categories.slug, { onUpdate: "cascade", onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The colours products are made in: a name and a swatch. Variants, images and order lines keep the
 * colour's name as text (an order keeps the name it was placed with); renaming a colour renames it
 * on variants and images in the same transaction, never on orders. A retired colour is no longer
 * offered for new products; products that have it keep selling it.
 */
export const colors = pgTable(
  "colors",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    position: integer("position").notNull().default(0),
    retired: boolean("retired").notNull().default(false),
  },
  (t) => [
    uniqueIndex("colors_name_idx").on(sql`lower(${t.name})`),
    check("colors_hex_format", sql`${t.hex} ~ '^#[0-9a-f]{6}$'`),
  ],
);

/** A size guide: measurements per size, one column each (for example Chest, Length, Shoulder in inches). */
export type SizeGuideTable = { note?: string; columns: string[]; rows: { size: string; values: string[] }[] };

/**
 * Named, ordered lists of sizes ("Tops": XS ... XXL, "Kurta": 6 ... 16, "Unstitched": one value).
 * A product uses one set and picks sizes from it; a set with one size is shown as a fact, not a
 * picker. Variants keep the size's name as text, like colours.
 */
export const sizeSets = pgTable(
  "size_sets",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    sizes: jsonb("sizes").$type<string[]>().notNull(),
    // Shown where the product page offers its size guide; null: no guide for this set.
    guide: jsonb("guide").$type<SizeGuideTable>(),
  },
  (t) => [
    uniqueIndex("size_sets_name_idx").on(sql`lower(${t.name})`),
    check("size_sets_has_sizes", sql`jsonb_array_length(${t.sizes}) > 0`),
  ],
);

/** Prices are whole rupees (PKR has no coins in use). */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    categorySlug: text("category_slug")
      .notNull()
      .references(() => categories.slug, { onUpdate: "cascade" }),
    sizeSetId: integer("size_set_id")
      .notNull()
      .references(() => sizeSets.id),
    description: text("description").notNull().default(""),
    price: integer("price").notNull(),
    originalPrice: integer("original_price"),
    // The parcel weight of one piece (grams), for courier bookings; null: the owner types it when booking.
    weightGrams: integer("weight_grams"),
    // What one piece costs the shop (whole rupees), for profit; a variant may have its own. Null: not known.
    costPrice: integer("cost_price"),
    // Variants at or under this many in stock are low (the inventory mark, the daily digest); null: the shop's default in Settings.
    lowStockThreshold: integer("low_stock_threshold"),
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
    index("products_size_set_idx").on(t.sizeSetId),
    index("products_created_idx").on(t.createdAt),
    index("products_status_idx").on(t.status),
    check("products_status_known", sql.raw(`status in (${oneOfSql(PRODUCT_STATUSES)})`)),
    check("products_price_positive", sql`${t.price} > 0`),
    check("products_weight_positive", sql`${t.weightGrams} is null or ${t.weightGrams} > 0`),
    check("products_cost_not_negative", sql`${t.costPrice} is null or ${t.costPrice} >= 0`),
    check("products_low_stock_not_negative", sql`${t.lowStockThreshold} is null or ${t.lowStockThreshold} >= 0`),
    check("products_original_price_above_price", sql`${t.originalPrice} is null or ${t.originalPrice} > ${t.price}`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color").notNull(),
    size: text("size").notNull(),
    stock: integer("stock").notNull().default(0),
    sku: text("sku").notNull().unique(),
    position: integer("position").notNull().default(0),
    // This variant's own cost (whole rupees); null: the product's cost price.
    costPrice: integer("cost_price"),
  },
  (t) => [
    uniqueIndex("product_variants_combo_idx").on(t.productId, t.color, t.size),
    // The listing's colour and size filters, and a colour's rename, find variants by name.
    index("product_variants_color_idx").on(t.color, t.productId),
    index("product_variants_size_idx").on(t.size, t.productId),
    // Stock can never go below zero, whatever the code above it does.
    check("product_variants_stock_non_negative", sql`${t.stock} >= 0`),
    check("product_variants_cost_not_negative", sql`${t.costPrice} is null or ${t.costPrice} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
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

export const COLLECTION_MODES = ["manual", "rule"] as const;

export type CollectionMode = (typeof COLLECTION_MODES)[number];

/**
 * A named set of products at /collections/{slug}: picked by hand (collection_products, ordered) or
 * by a rule (every set rule field must hold: category, tag, price range, on sale, new in N days).
 */
export const collections = pgTable(
  "collections",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: jsonb("image").$type<StoredImageRef>(),
    mode: text("mode", { enum: COLLECTION_MODES }).notNull().default("manual"),
    ruleCategorySlug: text("rule_category_slug").references(() => categories.slug, {
      onUpdate: "cascade",
      onDelete: "set null",
    }),
    ruleTag: text("rule_tag"),
    ruleMinPrice: integer("rule_min_price"),
    ruleMaxPrice: integer("rule_max_price"),
    ruleOnSale: boolean("rule_on_sale").notNull().default(false),
    ruleNewDays: integer("rule_new_days"),
    // Hidden collections answer 404 and are left out of menus and the home page.
    published: boolean("published").notNull().default(true),
    // Shown on the home page as a section of its products, in homePosition order.
    showOnHome: boolean("show_on_home").notNull().default(false),
    homePosition: integer("home_position").notNull().default(0),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("collections_slug_idx").on(t.slug),
    check("collections_mode_known", sql`${t.mode} in ('manual', 'rule')`),
    check(
      "collections_price_range",
      sql`${t.ruleMinPrice} is null or ${t.ruleMaxPrice} is null or ${t.ruleMaxPrice} >= ${t.ruleMinPrice}`,
    ),
    check("collections_new_days_positive", sql`${t.ruleNewDays} is null or ${t.ruleNewDays} > 0`),
  ],
);

/** A hand-picked collection's products, in the owner's order. */
export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("collection_products_product_idx").on(t.productId),
  ],
);

/**
 * A cost file (Products, Import costs) between its preview and Apply: kept here so Apply reads
 * exactly the bytes that were previewed (the form posts back an id, not a catalogue of rows). Found
 * only by the account that uploaded it; deleted when applied or after a day.
 */
export const costFiles = pgTable("cost_files", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
