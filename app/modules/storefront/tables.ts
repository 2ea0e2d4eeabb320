import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categories, collections } from "../catalog/tables";
import type { StoredImageRef } from "../../db/schema/stored-image";

// modules/storefront's tables: only modules/storefront writes them; other modules read them through
// modules/storefront/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * What the brand writes and shows on its storefront (issue 29): the home page's hero slides,
 * collections, menus and pages. Brand, announcement bar, perks and footer lines are columns of
 * shop_settings. Every table here announces its changes (migration 0014's triggers), so every
 * server process and the guest page cache drop what they kept.
 */

/** The home page's hero: several slides, each shown between its optional start and end. None: the built-in hero. */
export const heroSlides = pgTable(
  "hero_slides",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull().default(0),
    eyebrow: text("eyebrow").notNull().default(""),
    headline: text("headline").notNull(),
    text: text("text").notNull().default(""),
    buttonLabel: text("button_label").notNull().default(""),
    // A path on the shop (/category/lawn, /collections/eid-edit, /product/..., /pages/...).
    buttonHref: text("button_href").notNull().default(""),
    image: jsonb("image").$type<StoredImageRef>(),
    phoneImage: jsonb("phone_image").$type<StoredImageRef>(),
    imageAlt: text("image_alt").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("hero_slides_window", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The owner's pages: the built-in ones (About, Returns & Exchanges, Shipping, Privacy, Terms, FAQ,
 * each with a `builtin` key, kept but never deleted) and pages the owner adds at /pages/{slug}.
 * The body is Markdown with {placeholders} for settings; null on a built-in page: its default text.
 */
export const pages = pgTable(
  "pages",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    body: text("body"),
    builtin: text("builtin"),
    published: boolean("published").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pages_slug_idx").on(t.slug), uniqueIndex("pages_builtin_idx").on(t.builtin)],
);

export const MENUS = ["header", "footer"] as const;

export type MenuName = (typeof MENUS)[number];

/**
 * The header's and the footer's links, ordered, one level of nesting (a top-level item may hold
 * children; in the footer a top-level item is a column's heading). An item links to a category, a
 * collection, a page, or a path on the shop (`url`), or to nothing (a heading); links follow a
 * renamed slug, and an item whose target is deleted goes with it.
 */
export const menuItems = pgTable(
  "menu_items",
  {
    id: serial("id").primaryKey(),
    menu: text("menu", { enum: MENUS }).notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => menuItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    label: text("label").notNull(),
    categorySlug: text("category_slug").references(() => categories.slug, { onUpdate: "cascade", onDelete: "cascade" }),
    collectionId: integer("collection_id").references(() => collections.id, { onDelete: "cascade" }),
    pageId: integer("page_id").references(() => pages.id, { onDelete: "cascade" }),
    url: text("url"),
  },
  (t) => [
    index("menu_items_menu_idx").on(t.menu, t.parentId, t.position),
    check("menu_items_menu_known", sql`${t.menu} in ('header', 'footer')`),
    check(
      "menu_items_one_target",
      sql`(case when ${t.categorySlug} is null then 0 else 1 end + case when ${t.collectionId} is null then 0 else 1 end + case when ${t.pageId} is null then 0 else 1 end + case when ${t.url} is null then 0 else 1 end) <= 1`,
    ),
  ],
);
