import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products, productVariants } from "./catalog";

/** One line per buyer and variant; adding the same variant again raises the quantity. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").notNull().references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    // The price when the line was added, so the cart can say the price has changed since.
    priceWhenAdded: integer("price_when_added").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_user_variant_idx").on(t.userId, t.variantId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const ORDER_STATUS_VALUES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"] as const;
export const PAYMENT_STATUS_VALUES = ["unpaid", "collected", "refunded"] as const;

/**
 * An order keeps its own copy of names, prices and the address: what was bought stays true even
 * when the catalogue changes or the buyer deletes their account (user_id becomes null).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUS_VALUES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUS_VALUES }).notNull().default("unpaid"),
    paymentMethod: text("payment_method").notNull().default("cod"),
    subtotal: integer("subtotal").notNull(),
    shippingFee: integer("shipping_fee").notNull(),
    total: integer("total").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("Pakistan"),
    deliveryFrom: timestamp("delivery_from", { withTimezone: true }).notNull(),
    deliveryTo: timestamp("delivery_to", { withTimezone: true }).notNull(),
    courierName: text("courier_name"),
    trackingNumber: text("tracking_number"),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    // A retried or double-clicked Place Order finds the order it already made.
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    check("orders_total_is_sum", sql`${t.total} = ${t.subtotal} + ${t.shippingFee}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    size: text("size").notNull(),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull(),
    imageKey: text("image_key"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), check("order_items_quantity_positive", sql`${t.quantity} > 0`)],
);
