import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import type { StoredImageRef } from "../../db/schema/stored-image";

// modules/settings's tables: only modules/settings writes them; other modules read them through
// modules/settings/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/** One of the home page's perks: an icon from a small set, a title and a line of text (with {placeholders}). */
export type StoredPerk = { icon: string; title: string; text: string };

/** A social profile in the footer. */
export type SocialLink = { network: string; url: string };

/** One row (id = 1): the shop's own facts, edited by the owner. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    brandName: text("brand_name").notNull().default("Kapra"),
    contactEmail: text("contact_email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull().default("Karachi"),
    instagram: text("instagram").notNull(),
    shippingFee: integer("shipping_fee").notNull().default(200),
    freeShippingThreshold: integer("free_shipping_threshold"),
    happyCustomers: integer("happy_customers").notNull().default(10000),
    yearsInBusiness: integer("years_in_business").notNull().default(5),
    productsSold: integer("products_sold").notNull().default(50000),
    averageRating: real("average_rating").notNull().default(4.8),
    // COD risk controls (PRODUCT.md): the largest order total taken on cash on delivery (null: no
    // limit), and the phone numbers (E.164) whose orders are refused.
    maxCodOrderValue: integer("max_cod_order_value"),
    blockedPhones: jsonb("blocked_phones").$type<string[]>().notNull().default([]),
    // Customers (modules/customers) whose orders get a risk flag: any of these tags (compared without
    // case), or a delivery rate (percent) below this once they have this many finished parcels.
    riskTags: jsonb("risk_tags").$type<string[]>().notNull().default(["risky"]),
    minDeliveryRate: integer("min_delivery_rate"),
    minFinishedParcels: integer("min_finished_parcels").notNull().default(2),
    // Variants at or under this many are low, unless the product has its own threshold; the daily
    // digest at 9:00 Pakistan time lists them to the notification recipients.
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    lowStockDigest: boolean("low_stock_digest").notNull().default(true),
    // Who hears of new orders, buyers' cancellations and contact messages (lower-cased e-mails).
    // Empty: every account with the seller role (modules/messages/staff-recipients.server.ts). Not the
    // public contact e-mail, which buyers see and which the seed fills with a demo address.
    notificationEmails: jsonb("notification_emails").$type<string[]>().notNull().default([]),
    // A delivered parcel the courier has not paid for after this many days is a discrepancy.
    settlementOverdueDays: integer("settlement_overdue_days").notNull().default(10),
    // A buyer who opted in to marketing e-mails and left a cart for a day gets one reminder (app/flows/remind-forgotten-carts.server.ts).
    cartReminders: boolean("cart_reminders").notNull().default(true),
    // How long a cart sits untouched before its reminder (e-mail, or WhatsApp to opted-in buyers).
    cartReminderHours: integer("cart_reminder_hours").notNull().default(24),
    // Promises the storefront's words are made from (pages' placeholders, perks, FAQ, the delivery
    // estimate): the return window from delivery, and working days to deliver in the shop's city and elsewhere.
    returnWindowDays: integer("return_window_days").notNull().default(7),
    localDeliveryMinDays: integer("local_delivery_min_days").notNull().default(3),
    localDeliveryMaxDays: integer("local_delivery_max_days").notNull().default(5),
    nationalDeliveryMinDays: integer("national_delivery_min_days").notNull().default(5),
    nationalDeliveryMaxDays: integer("national_delivery_max_days").notNull().default(7),
    // The brand (issue 29): logo and favicon (null: the shop name as text, the built-in icon) and the
    // accent colour of buttons and links (null: the built-in green; dark enough for white text).
    logo: jsonb("logo").$type<StoredImageRef>(),
    favicon: jsonb("favicon").$type<StoredImageRef>(),
    accentColor: text("accent_color"),
    // One line above the header on every page, between its optional start and end.
    announcementText: text("announcement_text"),
    announcementHref: text("announcement_href"),
    announcementStartsAt: timestamp("announcement_starts_at", { withTimezone: true }),
    announcementEndsAt: timestamp("announcement_ends_at", { withTimezone: true }),
    // The home page's Featured products section (collections may stand in its place).
    showFeaturedOnHome: boolean("show_featured_on_home").notNull().default(true),
    // The home page's perks strip; null: the built-in four.
    perks: jsonb("perks").$type<StoredPerk[]>(),
    // The footer's line under the brand name (null: the built-in sentence) and its social links.
    footerText: text("footer_text"),
    socialLinks: jsonb("social_links").$type<SocialLink[]>().notNull().default([]),
    // The shop's tax numbers with FBR (issue 45), printed on invoices when set: the NTN (7 digits and
    // a check digit, "1234567-8") and the sales tax registration number (STRN, 13 digits).
    ntn: text("ntn"),
    strn: text("strn"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("shop_settings_single_row", sql`${t.id} = 1`),
    check("shop_settings_fee_non_negative", sql`${t.shippingFee} >= 0`),
    check("shop_settings_overdue_days_positive", sql`${t.settlementOverdueDays} > 0`),
    check("shop_settings_cod_limit_positive", sql`${t.maxCodOrderValue} is null or ${t.maxCodOrderValue} > 0`),
    check("shop_settings_return_window", sql`${t.returnWindowDays} >= 0`),
    check(
      "shop_settings_min_delivery_rate",
      sql`${t.minDeliveryRate} is null or ${t.minDeliveryRate} between 1 and 100`,
    ),
    check("shop_settings_min_finished_parcels", sql`${t.minFinishedParcels} >= 1`),
    check("shop_settings_low_stock", sql`${t.lowStockThreshold} >= 0`),
    check("shop_settings_cart_reminder_hours", sql`${t.cartReminderHours} between 1 and 168`),
    check(
      "shop_settings_delivery_days",
      sql`${t.localDeliveryMinDays} > 0 and ${t.localDeliveryMaxDays} >= ${t.localDeliveryMinDays} and ${t.nationalDeliveryMinDays} > 0 and ${t.nationalDeliveryMaxDays} >= ${t.nationalDeliveryMinDays}`,
    ),
    check("shop_settings_accent_format", sql`${t.accentColor} is null or ${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
  ],
);
