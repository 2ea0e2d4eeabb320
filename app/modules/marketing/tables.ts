import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { META_PURCHASE_MOMENTS, type MetaPurchaseMoment, oneOfSql } from "../../db/schema/statuses";

// modules/marketing's tables: only modules/marketing writes them; other modules read them through
// modules/marketing/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * One row (id = 1): Settings -> Marketing (issue 44). The Meta Pixel and its Conversions API (the
 * access token sealed like WhatsApp's, shown again only as its last four), when a COD order's
 * Purchase counts, and the catalogue feed's own settings. No row: no Pixel, an open feed of what is
 * on sale.
 */
export const metaSettings = pgTable(
  "meta_settings",
  {
    id: integer("id").primaryKey().default(1),
    // The Pixel (dataset) ID; null: no Pixel on pages, nothing sent to Meta.
    pixelId: text("pixel_id"),
    accessToken: text("access_token"),
    accessTokenLast4: text("access_token_last4"),
    // Events Manager's Test events code: events sent with it show there and are not used for ads.
    testEventCode: text("test_event_code"),
    purchaseOn: text("purchase_on", { enum: META_PURCHASE_MOMENTS })
      .$type<MetaPurchaseMoment>()
      .notNull()
      .default("confirmed"),
    // The feed's secret: /feeds/meta.csv answers only with ?token=<it>; null: the feed is open.
    feedToken: text("feed_token"),
    // Which products beyond those on sale the feed lists (as out of stock): hidden, drafts, coming soon.
    feedIncludeHidden: boolean("feed_include_hidden").notNull().default(false),
    feedIncludeDrafts: boolean("feed_include_drafts").notNull().default(false),
    feedIncludeComingSoon: boolean("feed_include_coming_soon").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("meta_settings_single_row", sql`${t.id} = 1`),
    check("meta_settings_purchase_on_known", sql.raw(`purchase_on in (${oneOfSql(META_PURCHASE_MOMENTS)})`)),
  ],
);
