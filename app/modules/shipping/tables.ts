import { sql } from "drizzle-orm";
import {
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
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { bytea } from "../../db/schema/bytea";
import { orders } from "../orders/tables";
import {
  oneOfSql,
  COURIER_PROVIDER_KINDS,
  BOOKING_STATES,
  SHIPPER_ADVICE,
  CITY_MATCH_SOURCES,
  COURIER_IMPORT_KINDS,
  DISCREPANCY_KINDS,
  COURIER_RULE_KINDS,
} from "../../db/schema/statuses";

// modules/shipping's tables: only modules/shipping writes them; other modules read them through
// modules/shipping/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/** What a courier charges, to estimate a parcel's cost (whole rupees; percentages in basis points). */
export type RateCard = {
  /** The charge for a parcel up to each weight, lightest first. */
  bands: { upToGrams: number; charge: number }[];
  /** Each kilogram, or part of one, above the heaviest band. */
  extraPerKg: number;
  /** The COD fee: a share of the cash collected (150 = 1.5 %). */
  codFeeBps: number;
  /** Fuel or other surcharge: a share of the weight charge (1000 = 10 %). */
  surchargeBps: number;
  /**
   * City groups with their own weight charges (a courier's "same city", "same zone", "other
   * zones"), first match wins; a city in no zone is charged by `bands` and `extraPerKg` above.
   */
  zones?: RateZone[];
  /** How far (whole rupees) a courier's charge may exceed the estimate before it is flagged. Absent: 0. */
  toleranceRupees?: number;
};

/** One city group of a rate card, with the weight charges for parcels to its cities. */
export type RateZone = {
  name: string;
  cities: string[];
  bands: { upToGrams: number; charge: number }[];
  extraPerKg: number;
};

/** A city in a courier's own list: its id (Leopards' number; PostEx's name) and the name it uses. */
export type CourierCityEntry = { id: string; name: string };

/** A pickup address the courier holds for the shop (PostEx's address codes). */
export type CourierPickupAddress = { code: string; address: string; city: string | null };

/** One column of a courier's bulk-booking CSV: its header, and what the shop writes under it. */
export type BookingColumn = { header: string; field: string };

/** The couriers the shop sends parcels with (Settings -> Couriers). */
export const couriers = pgTable(
  "couriers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // https://.../{tracking}: the link buyers follow; null when the courier has no tracking page.
    trackingUrl: text("tracking_url"),
    // The shop's account or shipper code with this courier, printed on load sheets.
    accountCode: text("account_code"),
    rateCard: jsonb("rate_card").$type<RateCard>().notNull(),
    // The layout of the courier portal's bulk-upload file: data, so a changed template is a settings edit.
    bookingColumns: jsonb("booking_columns").$type<BookingColumn[]>().notNull(),
    active: boolean("active").notNull().default(true),
    // How the shop reaches it (issue 33): its portal's files, or its merchant API.
    provider: text("provider", { enum: COURIER_PROVIDER_KINDS }).notNull().default("file"),
    // The API credentials as one sealed JSON object (db/secret-box.server.ts, purpose courier-credentials);
    // never read back into a page or an API answer: only their last four characters are shown.
    apiCredentials: text("api_credentials"),
    apiCredentialHints: jsonb("api_credential_hints").$type<Record<string, string>>(),
    // From Test connection: the courier's own city list and the shop's pickup addresses with it.
    courierCities: jsonb("courier_cities").$type<CourierCityEntry[]>(),
    pickupAddresses: jsonb("pickup_addresses").$type<CourierPickupAddress[]>(),
    pickupAddressCode: text("pickup_address_code"),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    // Tracking and payments asked of the courier: how often, when last, and its last failure in its own words.
    syncEveryMinutes: integer("sync_every_minutes").notNull().default(60),
    trackedAt: timestamp("tracked_at", { withTimezone: true }),
    paymentsCheckedAt: timestamp("payments_checked_at", { withTimezone: true }),
    apiError: text("api_error"),
    apiErrorAt: timestamp("api_error_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("couriers_name_idx").on(sql`lower(${t.name})`),
    check("couriers_provider_known", sql.raw(`provider in (${oneOfSql(COURIER_PROVIDER_KINDS)})`)),
    check("couriers_sync_every_sane", sql`${t.syncEveryMinutes} between 15 and 1440`),
  ],
);

/**
 * A shop city matched to a courier's city (issue 33): by name or a known spelling ("Pindi" is
 * Rawalpindi), or picked once by the owner and remembered. `cityKey` is the shop's city folded
 * (lower case, letters and digits only), as orders write it.
 */
export const courierCityMatches = pgTable(
  "courier_city_matches",
  {
    id: serial("id").primaryKey(),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "cascade" }),
    cityKey: text("city_key").notNull(),
    shopCity: text("shop_city").notNull(),
    courierCityId: text("courier_city_id").notNull(),
    courierCityName: text("courier_city_name").notNull(),
    source: text("source", { enum: CITY_MATCH_SOURCES }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courier_city_matches_key_idx").on(t.courierId, t.cityKey),
    check("courier_city_matches_source_known", sql.raw(`source in (${oneOfSql(CITY_MATCH_SOURCES)})`)),
  ],
);

/**
 * Which courier booking suggests, in order of priority (the first rule that matches wins): by
 * destination city, by order total above an amount, or by the order's risk flags. A null courier
 * means "hold for a call": booking suggests none, and the owner calls the buyer first.
 */
export const courierRules = pgTable(
  "courier_rules",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: COURIER_RULE_KINDS }).notNull(),
    city: text("city"),
    amount: integer("amount"),
    courierId: integer("courier_id").references(() => couriers.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("courier_rules_position_idx").on(t.position),
    check("courier_rules_kind_known", sql.raw(`kind in (${oneOfSql(COURIER_RULE_KINDS)})`)),
    check("courier_rules_city_given", sql`${t.kind} <> 'city' or ${t.city} is not null`),
    check("courier_rules_amount_given", sql`${t.kind} <> 'total-above' or ${t.amount} is not null`),
  ],
);

/**
 * An uploaded file between its preview and Apply: kept here so Apply reads exactly the bytes that
 * were previewed (and the form posts back an id, not the file or its rows). Deleted when applied or
 * after a day. (Products keeps its cost files the same way in its own table, cost_files.)
 */
export const courierUploads = pgTable("courier_uploads", {
  id: uuid("id").primaryKey().defaultRandom(),
  fileName: text("file_name").notNull(),
  bytes: bytea("bytes").notNull(),
  uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A file imported from a courier's portal. The same file (by its hash) applies once. */
export const courierImports = pgTable(
  "courier_imports",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: COURIER_IMPORT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    fileHash: text("file_hash").notNull(),
    courierId: integer("courier_id").references(() => couriers.id, { onDelete: "set null" }),
    appliedBy: text("applied_by").references(() => users.id, { onDelete: "set null" }),
    appliedByName: text("applied_by_name").notNull(),
    // What it changed: counts of rows matched, moved, unmatched, differing.
    summary: jsonb("summary").$type<Record<string, number>>().notNull().default({}),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("courier_imports_kind_hash_idx").on(t.kind, t.fileHash),
    check("courier_imports_kind_known", sql.raw(`kind in (${oneOfSql(COURIER_IMPORT_KINDS)})`)),
  ],
);

/** One payment from a courier for the COD it collected: a settlement report imported on the Shipping tab. */
export const settlements = pgTable(
  "settlements",
  {
    id: serial("id").primaryKey(),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "restrict" }),
    reference: text("reference").notNull(),
    // The day the courier paid (Pakistan date, YYYY-MM-DD).
    paidOn: text("paid_on").notNull(),
    // The sum of the matched orders' COD amounts, and the sum the courier says it paid (net of charges).
    expectedTotal: integer("expected_total").notNull(),
    paidTotal: integer("paid_total").notNull(),
    chargesTotal: integer("charges_total").notNull(),
    // Tax the courier withheld from the COD it paid (issue 45): income tax and sales tax, whole rupees.
    incomeTaxTotal: integer("income_tax_total").notNull().default(0),
    salesTaxTotal: integer("sales_tax_total").notNull().default(0),
    importId: integer("import_id").references(() => courierImports.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("settlements_courier_reference_idx").on(t.courierId, t.reference),
    // Reports -> Profit's tax withheld by couriers, by the month they paid.
    index("settlements_paid_on_idx").on(t.paidOn),
  ],
);

/** An order's parcel with a courier: booked, tracked, delivered or returned, and paid for. One per order. */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courierId: integer("courier_id")
      .notNull()
      .references(() => couriers.id, { onDelete: "restrict" }),
    weightGrams: integer("weight_grams").notNull(),
    pieces: integer("pieces").notNull(),
    // The cash the courier collects: the order's total, or 0 when it was paid already.
    codAmount: integer("cod_amount").notNull(),
    estimatedCharge: integer("estimated_charge").notNull(),
    bookedAt: timestamp("booked_at", { withTimezone: true }).notNull().defaultNow(),
    bookedBy: text("booked_by").references(() => users.id, { onDelete: "set null" }),
    trackingNumber: text("tracking_number"),
    lastCourierStatus: text("last_courier_status"),
    lastCourierStatusAt: timestamp("last_courier_status_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    // From the courier's settlement: the cash it says it collected, its charges, and what it paid the shop.
    collectedAmount: integer("collected_amount"),
    chargedAmount: integer("charged_amount"),
    netPaid: integer("net_paid"),
    // The income tax and sales tax the courier withheld from this parcel's COD (issue 45): collected
    // less charges less both is what it paid. Null: the courier's settlement did not say.
    incomeTaxWithheld: integer("income_tax_withheld"),
    salesTaxWithheld: integer("sales_tax_withheld"),
    settlementId: integer("settlement_id").references(() => settlements.id, { onDelete: "set null" }),
    // The courier's payment reference for this parcel (PostEx's CPR number), and the day it paid.
    paymentReference: text("payment_reference"),
    // Booking with an API courier (issue 33): requested -> booked, or failed with the courier's words.
    // A requested parcel whose answer never came is settled by asking the courier before a retry.
    bookingState: text("booking_state", { enum: BOOKING_STATES }).notNull().default("booked"),
    bookingError: text("booking_error"),
    bookingAttempts: integer("booking_attempts").notNull().default(0),
    bookingNextAt: timestamp("booking_next_at", { withTimezone: true }),
    // When the first booking request left for the courier (never moved by Try again, unlike booked_at):
    // an answer lost then is looked for at the courier from this time, however long ago (issue 40).
    bookingFirstSentAt: timestamp("booking_first_sent_at", { withTimezone: true }),
    // The courier's own airway bill (Leopards' slip link; PostEx's is fetched by tracking number).
    courierLabelUrl: text("courier_label_url"),
    lastTrackedAt: timestamp("last_tracked_at", { withTimezone: true }),
    // A failed delivery attempt (Delivery problems): the courier's status and reason, then the owner's advice.
    problemStatus: text("problem_status"),
    problemReason: text("problem_reason"),
    problemAt: timestamp("problem_at", { withTimezone: true }),
    advice: text("advice", { enum: SHIPPER_ADVICE }),
    adviceAt: timestamp("advice_at", { withTimezone: true }),
    adviceByName: text("advice_by_name"),
    adviceError: text("advice_error"),
  },
  (t) => [
    uniqueIndex("shipments_order_idx").on(t.orderId),
    uniqueIndex("shipments_courier_tracking_idx").on(t.courierId, t.trackingNumber),
    index("shipments_courier_booked_idx").on(t.courierId, t.bookedAt),
    // A settlement's parcels (its totals, Reports -> Profit's COD collected per settlement).
    index("shipments_settlement_idx").on(t.settlementId),
    // Cash with couriers: delivered, not yet settled.
    index("shipments_unsettled_idx")
      .on(t.courierId, t.deliveredAt)
      .where(sql`${t.settlementId} is null`),
    // Profit's courier charges: parcels delivered or returned in a range (migration 0020).
    index("shipments_delivered_idx").on(t.deliveredAt),
    index("shipments_returned_idx").on(t.returnedAt),
    // The booking worker's queue: parcels still to book (or to settle), or to cancel, with an API courier.
    index("shipments_booking_idx")
      .on(t.bookingNextAt)
      .where(sql`${t.bookingState} in ('requested', 'cancelling')`),
    // The tracking job's open parcels per courier: booked, neither delivered nor returned.
    index("shipments_open_idx")
      .on(t.courierId, t.lastTrackedAt)
      .where(sql`${t.deliveredAt} is null and ${t.returnedAt} is null and ${t.trackingNumber} is not null`),
    // Delivery problems: an attempt the owner has not answered.
    index("shipments_problem_idx")
      .on(t.problemAt)
      .where(sql`${t.problemAt} is not null and ${t.advice} is null`),
    check("shipments_booking_state_known", sql.raw(`booking_state in (${oneOfSql(BOOKING_STATES)})`)),
    check("shipments_advice_known", sql.raw(`advice is null or advice in (${oneOfSql(SHIPPER_ADVICE)})`)),
    check("shipments_weight_positive", sql`${t.weightGrams} > 0`),
    check("shipments_pieces_positive", sql`${t.pieces} > 0`),
    check("shipments_cod_not_negative", sql`${t.codAmount} >= 0`),
  ],
);

/** Every status a courier gave a parcel, with its time, as imported. */
export const shipmentEvents = pgTable(
  "shipment_events",
  {
    id: serial("id").primaryKey(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    importId: integer("import_id").references(() => courierImports.id, { onDelete: "set null" }),
    // The courier's reason (an attempt's "customer not answering"), and whether it came from its API.
    reason: text("reason"),
    fromApi: boolean("from_api").notNull().default(false),
  },
  (t) => [index("shipment_events_shipment_idx").on(t.shipmentId, t.at)],
);

/** What a settlement got wrong, kept until the owner marks it resolved with a note. */
export const shippingDiscrepancies = pgTable(
  "shipping_discrepancies",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: DISCREPANCY_KINDS }).notNull(),
    courierId: integer("courier_id").references(() => couriers.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    settlementId: integer("settlement_id").references(() => settlements.id, { onDelete: "set null" }),
    // In whole rupees: what the shop expected, and what the courier reported.
    expected: integer("expected"),
    actual: integer("actual"),
    detail: text("detail").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByName: text("resolved_by_name"),
    resolvedNote: text("resolved_note"),
  },
  (t) => [
    index("shipping_discrepancies_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    index("shipping_discrepancies_order_idx").on(t.orderId),
    check("shipping_discrepancies_kind_known", sql.raw(`kind in (${oneOfSql(DISCREPANCY_KINDS)})`)),
  ],
);
