import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";

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
    // Who hears of new orders, buyers' cancellations and contact messages (lower-cased e-mails).
    // Empty: every account with the seller role (modules/messages/staff-recipients.server.ts). Not the
    // public contact e-mail, which buyers see and which the seed fills with a demo address.
    notificationEmails: jsonb("notification_emails").$type<string[]>().notNull().default([]),
    // A delivered parcel the courier has not paid for after this many days is a discrepancy.
    settlementOverdueDays: integer("settlement_overdue_days").notNull().default(10),
    // A buyer who opted in to marketing e-mails and left a cart for a day gets one reminder (app/flows/remind-forgotten-carts.server.ts).
    cartReminders: boolean("cart_reminders").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("shop_settings_single_row", sql`${t.id} = 1`),
    check("shop_settings_fee_non_negative", sql`${t.shippingFee} >= 0`),
    check("shop_settings_overdue_days_positive", sql`${t.settlementOverdueDays} > 0`),
    check("shop_settings_cod_limit_positive", sql`${t.maxCodOrderValue} is null or ${t.maxCodOrderValue} > 0`),
  ],
);

/** Small key/value facts the server keeps for itself (for example its generated auth secret). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
