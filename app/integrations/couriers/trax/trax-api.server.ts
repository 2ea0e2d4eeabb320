import { shopDay } from "~/lib/shop-time";
import {
  CourierApiError,
  type ApiParcel,
  type BookedParcel,
  type CancelOutcome,
  type CourierApi,
  type CourierCredentials,
  type ParcelPayment,
  type ParcelTracking,
  type TrackingEvent,
} from "~/modules/shipping/couriers/courier-api";
import {
  chunk,
  COURIER_TIMEOUT_MS,
  exchange,
  isRetryableStatus,
  localMobile,
  mapLimited,
  readCourierDay,
  readCourierTime,
  readJson,
  readPaisa,
  redact,
  text,
  unexpectedShape,
  type CourierHttp,
  objectList,
  safeJson,
} from "../courier-http.server";
import { traxEventKind } from "./trax-status";

/**
 * Trax's Sonic API (API Documentation-SONIC v2.0, read beside Sonic's server code: see
 * docs/couriers/trax-api.md): the raw API key in the `Authorization` header (no "Bearer"), JSON in
 * and out, every answer `{ status: 0 | 1, message, ... }`. Trax refuses with `status: 1` over HTTP
 * 200, its words in `message` or in a Laravel error bag `errors` (by field, a string, or a list):
 * a refusal is not worth a retry. The key comes from Settings -> Couriers with every call.
 */
export const DEFAULT_TRAX_API_URL = "https://sonic.pk/api";

/** Trax takes one tracking number per track, cancel and per-parcel payment call: this many at a time. */
export const TRAX_PARALLEL = 4;
/** Tracking numbers per /payments request (Trax sets no limit: a modest body). */
export const TRAX_PAYMENTS_CHUNK = 50;

/** Trax's ids (DOC appendices): Regular / Replacement, Rush, COD / Prepaid, Reimbursement, Apparel. */
const SERVICE_REGULAR = 1;
const SERVICE_REPLACEMENT = 2;
const MODE_RUSH = 1;
const PAYMENT_COD = 1;
const PAYMENT_PREPAID = 4;
const CHARGES_REIMBURSEMENT = 4;
const PRODUCT_APPAREL = 1;
/** Trax's limit on its free-text fields (DOC: item descriptions, instructions, addresses, references). */
const TEXT_LIMIT = 190;

/** The account refusals (the APIToken middleware and the account checks): the key, not the request, is wrong. */
const ACCOUNT_REFUSAL = /api token|account is (blacklisted|not activated)|account phone number is not verified/i;
/** Answers that mean "none": not a refusal of the request itself. */
const NOTHING_FOUND = /no pickup address|no payments|invalid id|not found/i;

type TraxBody = Record<string, unknown> & { status?: unknown; message?: unknown; errors?: unknown };
type Query = Record<string, string>;
type PickupAddress = { code: string; address: string; city: string | null; isDefault: boolean };

export function createTraxApi({
  baseUrl = DEFAULT_TRAX_API_URL,
  timeoutMs = COURIER_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): CourierApi {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const http: CourierHttp = { courier: "Trax", timeoutMs, fetchImpl };

  function apiKey(credentials: CourierCredentials): string {
    const value = credentials.apiKey?.trim();
    if (!value) throw new CourierApiError("Trax API key is missing: enter it in Settings -> Couriers", false);
    return value;
  }

  /** One request, its raw answer; throws for no answer, 5xx/429, another HTTP error, and a refused key. */
  async function send(
    credentials: CourierCredentials,
    method: "GET" | "POST",
    path: string,
    what: string,
    options: { query?: Query; body?: unknown } = {},
  ) {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const answer = await exchange(http, credentials, {
      method,
      url: url.toString(),
      headers: { Authorization: apiKey(credentials) },
      body: options.body,
      what,
    });
    if (isRetryableStatus(answer.status))
      throw new CourierApiError(
        redact(`Trax could not take ${what} just now: HTTP ${answer.status}`, credentials),
        true,
        answer.status,
      );
    if (answer.status < 200 || answer.status >= 300) {
      const words = text((safeJson(answer.text) as TraxBody | null)?.message) ?? `HTTP ${answer.status}`;
      throw new CourierApiError(redact(`Trax refused ${what}: ${words}`, credentials), false, answer.status);
    }
    return answer;
  }

  /**
   * A JSON call: answers the body when Trax says `status: 0`, and when `acceptRefusal` also one with
   * `status: 1` (the caller reads it); a refused key always throws.
   */
  async function call(
    credentials: CourierCredentials,
    method: "GET" | "POST",
    path: string,
    what: string,
    options: { query?: Query; body?: unknown; acceptRefusal?: boolean } = {},
  ): Promise<TraxBody> {
    const answer = await send(credentials, method, path, what, options);
    const json = readJson(http, credentials, answer, what);
    if (!json || typeof json !== "object" || Array.isArray(json))
      throw unexpectedShape(http, credentials, `${what}: not an object`, answer.status);
    const body = json as TraxBody;
    const status = String(body.status ?? "");
    if (status === "0") return body;
    if (status !== "1") throw unexpectedShape(http, credentials, `${what}: no status`, answer.status);
    if (options.acceptRefusal && !ACCOUNT_REFUSAL.test(traxWords(body))) return body;
    throw refusal(credentials, what, body);
  }

  /** Trax's refusal in its words; a refused key or account says so, whatever was asked. */
  function refusal(credentials: CourierCredentials, what: string, body: TraxBody): CourierApiError {
    const words = traxWords(body);
    const asked = ACCOUNT_REFUSAL.test(words) ? `the API key for ${what}` : what;
    return new CourierApiError(redact(`Trax refused ${asked}: ${words}`, credentials), false, 200);
  }

  async function listPickupAddresses(credentials: CourierCredentials): Promise<PickupAddress[]> {
    const what = "the pickup addresses";
    const body = await call(credentials, "GET", "pickup_addresses", what, { acceptRefusal: true });
    if (String(body.status) === "1") {
      if (/no pickup address/i.test(traxWords(body))) return [];
      throw refusal(credentials, what, body);
    }
    return objectList(http, credentials, body.pickup_addresses, what).flatMap((item) => {
      const code = text(item.id);
      if (!code) throw unexpectedShape(http, credentials, `${what}: an address without id`);
      // A disabled address refuses every booking ("Pickup Address ID #... is disabled").
      if (item.status === 0 || item.status === "0") return [];
      const city =
        item.city && typeof item.city === "object" ? text((item.city as Record<string, unknown>).name) : null;
      return [
        { code, address: text(item.address) ?? "", city, isDefault: item.default === true || item.default === 1 },
      ];
    });
  }

  /** The pickup address to book from: the one chosen in Settings, else Trax's default, else the only one. */
  async function pickupAddressFor(credentials: CourierCredentials, parcel: ApiParcel): Promise<string> {
    if (parcel.pickupAddressCode) return parcel.pickupAddressCode;
    const addresses = await listPickupAddresses(credentials);
    const chosen = addresses.find((a) => a.isDefault) ?? (addresses.length === 1 ? addresses[0] : null);
    if (chosen) return chosen.code;
    throw new CourierApiError(
      addresses.length === 0
        ? `Trax has no pickup address for this account: add one in Trax's portal, then choose it in Settings -> Couriers -> API connection`
        : `Trax has ${addresses.length} pickup addresses and none is its default: choose Trax's pickup address in Settings -> Couriers -> API connection`,
      false,
    );
  }

  /** One parcel's Trax record (shipment/track, shipper view), or null when Trax does not know the number. */
  async function trackOne(credentials: CourierCredentials, trackingNumber: string) {
    const what = `tracking of ${trackingNumber}`;
    const body = await call(credentials, "GET", "shipment/track", what, {
      query: { tracking_number: trackingNumber, type: "0" },
      acceptRefusal: true,
    });
    if (String(body.status) === "1") {
      if (NOTHING_FOUND.test(traxWords(body))) return null;
      throw refusal(credentials, what, body);
    }
    if (!body.details || typeof body.details !== "object" || Array.isArray(body.details))
      throw unexpectedShape(http, credentials, `${what}: no details`);
    return body.details as Record<string, unknown>;
  }

  /** /payments: each parcel's newest payment record (status, date, payment id); parcels not paid are absent. */
  async function paymentRecords(
    credentials: CourierCredentials,
    trackingNumbers: readonly string[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    for (const numbers of chunk(trackingNumbers, TRAX_PAYMENTS_CHUNK)) {
      const what = `the payments of ${numbers.length} parcel${numbers.length === 1 ? "" : "s"}`;
      // The DOC says GET; Sonic's routes take POST only (research: docs/couriers/trax-api.md), as here.
      const body = await call(credentials, "POST", "payments", what, {
        body: { tracking_number: numbers },
        acceptRefusal: true,
      });
      if (String(body.status) === "1") {
        if (NOTHING_FOUND.test(traxWords(body))) continue;
        throw refusal(credentials, what, body);
      }
      const byNumber = body.payments;
      if (Array.isArray(byNumber) && byNumber.length === 0) continue; // PHP's empty map
      if (!byNumber || typeof byNumber !== "object") throw unexpectedShape(http, credentials, `${what}: no payments`);
      for (const [trackingNumber, records] of Object.entries(byNumber as Record<string, unknown>)) {
        const newest = objectList(http, credentials, records, what).sort(
          (a, b) =>
            (readCourierTime(a.payment_date)?.getTime() ?? 0) - (readCourierTime(b.payment_date)?.getTime() ?? 0) ||
            Number(text(a.payment_id) ?? 0) - Number(text(b.payment_id) ?? 0),
        );
        if (newest.length > 0) found.set(trackingNumber, newest[newest.length - 1]);
      }
    }
    return found;
  }

  /** shipment/payments: what Trax collected, charged and paid for one settled parcel. */
  async function paymentFigures(
    credentials: CourierCredentials,
    trackingNumber: string,
    paymentId: string | null,
  ): Promise<Pick<ParcelPayment, "collectedPaisa" | "chargesPaisa" | "netPaidPaisa">> {
    const what = `the payment amounts of ${trackingNumber}`;
    const body = await call(credentials, "GET", "shipment/payments", what, {
      query: { tracking_number: trackingNumber },
      acceptRefusal: true,
    });
    const none = { collectedPaisa: null, chargesPaisa: null, netPaidPaisa: null };
    if (String(body.status) === "1") {
      if (NOTHING_FOUND.test(traxWords(body))) return none;
      throw refusal(credentials, what, body);
    }
    const rows = objectList(http, credentials, body.payments, what);
    const row = rows.find((r) => paymentId !== null && text(r.id) === paymentId) ?? rows[rows.length - 1];
    if (!row) return none;
    const collected = readPaisa(row.amount);
    const fee = readPaisa(row.charges);
    // gst is sales tax on Trax's own fee, deducted with it: both are what the parcel cost the shop.
    const gst = readPaisa(row.gst);
    return {
      collectedPaisa: collected,
      chargesPaisa: fee === null && gst === null ? null : (fee ?? 0) + (gst ?? 0),
      netPaidPaisa: readPaisa(row.payable),
    };
  }

  return {
    kind: "trax",
    offers: { findBooking: true, replacement: true, advise: true, label: true, payments: true },
    credentialFields: [{ key: "apiKey", label: "API key", secret: true }],

    async cities(credentials) {
      const what = "the list of cities";
      const body = await call(credentials, "GET", "cities", what);
      const cities = objectList(http, credentials, body.cities, what).flatMap((item) => {
        const id = text(item.id);
        const name = text(item.name);
        if (!id || !name) throw unexpectedShape(http, credentials, `${what}: a city without id or name`);
        // `delivery` names the services and modes Trax delivers there; an empty one ([] from PHP): none.
        const delivery = item.delivery;
        if (delivery && typeof delivery === "object" && Object.keys(delivery).length === 0) return [];
        return [{ id, name }];
      });
      return cities.sort((a, b) => a.name.localeCompare(b.name));
    },

    async pickupAddresses(credentials) {
      return (await listPickupAddresses(credentials)).map(({ code, address, city }) => ({ code, address, city }));
    },

    async book(credentials, parcel) {
      const what = `the booking of ${parcel.orderNumber}`;
      const pickupAddressId = await pickupAddressFor(credentials, parcel);
      const body = await call(credentials, "POST", "shipment/book", what, {
        body: bookBody(parcel, pickupAddressId, shopDay(new Date())),
      });
      // The DOC prints "tracking number", Sonic answers tracking_number: either will do.
      const trackingNumber = text(body.tracking_number) ?? text(body["tracking number"]);
      if (!trackingNumber) throw unexpectedShape(http, credentials, `${what}: no tracking_number`);
      return { trackingNumber, labelUrl: null } satisfies BookedParcel;
    },

    async findBooking(credentials, orderNumber) {
      // By our order_id, all of Trax's history at once: `sent` needs no date range here.
      const what = `the search for ${orderNumber}'s booking`;
      const body = await call(credentials, "GET", "shipment/track/order_id", what, {
        query: { order_id: orderNumber, type: "0" },
        acceptRefusal: true,
      });
      if (String(body.status) === "1") {
        if (NOTHING_FOUND.test(traxWords(body))) return null;
        throw refusal(credentials, what, body);
      }
      // Trax need not keep order_id unique: the newest booking not cancelled. tracking_number is a JSON
      // number here, exact to 15 digits (Trax's are 12 today; Sonic allows up to 20).
      const bookings = objectList(http, credentials, body.details, what)
        .filter((d) => text(d.order_id) === orderNumber && text(d.tracking_number))
        .map((d) => ({ trackingNumber: text(d.tracking_number)!, events: readHistory(d) }))
        .filter((b) => b.events.at(-1)?.kind !== "cancelled")
        .sort((a, b) => (a.events[0]?.at.getTime() ?? 0) - (b.events[0]?.at.getTime() ?? 0));
      const newest = bookings.at(-1);
      return newest ? { trackingNumber: newest.trackingNumber, labelUrl: null } : null;
    },

    async cancel(credentials, trackingNumbers) {
      return mapLimited(
        [...new Set(trackingNumbers)],
        TRAX_PARALLEL,
        async (trackingNumber): Promise<CancelOutcome> => {
          const body = await call(credentials, "POST", "shipment/cancel", `the cancellation of ${trackingNumber}`, {
            body: { tracking_number: trackingNumber },
            acceptRefusal: true,
          });
          if (String(body.status) === "0") return { trackingNumber, cancelled: true, message: null };
          return { trackingNumber, cancelled: false, message: redact(traxWords(body), credentials) };
        },
      );
    },

    async track(credentials, trackingNumbers) {
      const records = await mapLimited([...new Set(trackingNumbers)], TRAX_PARALLEL, async (trackingNumber) => ({
        trackingNumber,
        details: await trackOne(credentials, trackingNumber),
      }));
      return records.flatMap(({ trackingNumber, details }): ParcelTracking[] =>
        details ? [{ trackingNumber, orderNumber: text(details.order_id), events: readHistory(details) }] : [],
      );
    },

    async payments(credentials, trackingNumbers) {
      const numbers = [...new Set(trackingNumbers)];
      const records = await paymentRecords(credentials, numbers);
      return mapLimited(numbers, TRAX_PARALLEL, async (trackingNumber): Promise<ParcelPayment> => {
        const record = records.get(trackingNumber);
        // Processed and Paid are money sent; Reverted took it back.
        const settled = !!record && /^(processed|paid)$/i.test(text(record.payment_status) ?? "");
        const reference = settled ? text(record.payment_id) : null;
        const figures = settled
          ? await paymentFigures(credentials, trackingNumber, reference)
          : { collectedPaisa: null, chargesPaisa: null, netPaidPaisa: null };
        return {
          trackingNumber,
          settled,
          settledOn: settled ? readCourierDay(record.payment_date) : null,
          reference,
          ...figures,
          // Trax's API carries gst on its fee only, no tax withheld from the COD.
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        };
      });
    },

    async label(credentials, trackingNumber) {
      const what = `the airway bill of ${trackingNumber}`;
      const answer = await send(credentials, "GET", "shipment/air_waybill", what, {
        query: { tracking_number: trackingNumber, type: "1" },
      });
      if (new TextDecoder().decode(answer.bytes.slice(0, 4)) === "%PDF") return { kind: "pdf", bytes: answer.bytes };
      // Only a parcel still "Booked" has one: after pickup Trax answers {"status":1,"message":"Already Received"}.
      const body = safeJson(answer.text) as TraxBody | null;
      if (body && typeof body === "object" && String(body.status) === "1") throw refusal(credentials, what, body);
      throw unexpectedShape(http, credentials, `${what}: not a PDF (${answer.contentType || "no content type"})`, 200);
    },

    async advise(credentials, trackingNumber, advice, remarks) {
      // Request types (DOC App. J): 1 Return Confirm, 2 Re-Attempt.
      await call(credentials, "POST", "request/rcp", `the shipper advice for ${trackingNumber}`, {
        body: {
          tracking_number: trackingNumber,
          type: advice === "return" ? 1 : 2,
          remarks: remarks.trim() || (advice === "return" ? "Return to shipper" : "Please attempt again"),
        },
      });
    },
  };
}

/** The shipment/book request for one parcel (a reimbursement account: charges taken from the COD). */
export function bookBody(parcel: ApiParcel, pickupAddressId: string, today: string): Record<string, unknown> {
  const prepaid = parcel.codAmount <= 0;
  const remarks = parcel.remarks?.trim();
  return {
    service_type_id: parcel.exchangeFor ? SERVICE_REPLACEMENT : SERVICE_REGULAR,
    pickup_address_id: numeric(pickupAddressId),
    information_display: 1,
    consignee_city_id: numeric(parcel.city.id),
    consignee_name: clip(parcel.consigneeName, 100),
    consignee_address: clip(parcel.address, TEXT_LIMIT),
    consignee_phone_number_1: localMobile(parcel.phone),
    ...(parcel.email.trim() ? { consignee_email_address: parcel.email.trim() } : {}),
    order_id: parcel.orderNumber,
    item_product_type_id: PRODUCT_APPAREL,
    item_description: clip(parcel.description, TEXT_LIMIT),
    item_quantity: parcel.pieces,
    item_insurance: 0,
    pickup_date: today,
    ...(remarks ? { special_instructions: clip(remarks, TEXT_LIMIT) } : {}),
    estimated_weight: Math.max(0.1, Math.round(parcel.weightGrams) / 1000),
    shipping_mode_id: MODE_RUSH,
    // Whole rupees; prepaid is its own payment mode with nothing to collect, and Trax then asks what
    // the goods are worth (parcel_value, for its liability).
    amount: prepaid ? 0 : Math.round(parcel.codAmount),
    ...(prepaid ? { parcel_value: Math.max(1, Math.round(parcel.parcelValue)) } : {}),
    payment_mode_id: prepaid ? PAYMENT_PREPAID : PAYMENT_COD,
    charges_mode_id: CHARGES_REIMBURSEMENT,
    ...(parcel.exchangeFor ? replacementFields(parcel, parcel.exchangeFor) : {}),
  };
}

/** A Replacement (service type 2): the rider hands over this parcel and takes the old pieces back. */
function replacementFields(parcel: ApiParcel, exchangeFor: string): Record<string, unknown> {
  const collected = parcel.exchangeItems?.trim() || `the item of order ${exchangeFor}`;
  return {
    replacement_item_product_type_id: PRODUCT_APPAREL,
    replacement_item_description: clip(collected, TEXT_LIMIT),
    replacement_item_quantity: piecesIn(parcel.exchangeItems),
    shipper_reference_number_1: clip(exchangeFor, TEXT_LIMIT),
  };
}

/** The pieces in "1 x Kurta (M, Green), 2 x Dupatta (, )": the sum of the leading counts, else 1. */
export function piecesIn(items: string | null): number {
  const counts = [...(items ?? "").matchAll(/(?:^|,\s*)(\d+)\s*x\s/gi)].map((m) => Number(m[1]));
  const total = counts.reduce((sum, n) => sum + n, 0);
  return total > 0 ? total : 1;
}

/** tracking_history as events, oldest first. Trax lists it newest first: same-second entries keep that order reversed. */
function readHistory(details: Record<string, unknown>): TrackingEvent[] {
  const history = Array.isArray(details.tracking_history) ? details.tracking_history : [];
  const events: { event: TrackingEvent; index: number }[] = [];
  history.forEach((entry: Record<string, unknown>, index) => {
    if (!entry || typeof entry !== "object") return;
    const status = text(entry.status);
    if (!status) return;
    const seconds = Number(entry.timestamp);
    // timestamp is unix seconds; date_time ("05/04/2022 12:44 PM") is Pakistan time, to the minute.
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : readCourierTime(entry.date_time);
    if (!at) return;
    const rawReason = text(entry.status_reason);
    const reason = rawReason && !/^(n\/?a|-+|null)$/i.test(rawReason) ? rawReason : null;
    events.push({ event: { kind: traxEventKind(status, reason), status, code: null, at, reason }, index });
  });
  return events
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || b.index - a.index)
    .map(({ event }) => event);
}

/** Trax's words: the error bag's messages (by field, a string, a list), else its message. */
function traxWords(body: TraxBody): string {
  const parts: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
    else if (typeof value === "string" && value.trim()) parts.push(value.trim());
  };
  walk(body.errors);
  return parts.length > 0 ? parts.join(" ") : (text(body.message) ?? "no reason given");
}

function clip(value: string, limit: number): string {
  const trimmed = value.trim();
  return trimmed.length > limit ? `${trimmed.slice(0, limit - 1)}…` : trimmed;
}

/** Trax's ids are integers: a numeric id goes as a number, anything else as typed (Trax's refusal names it). */
function numeric(id: string): number | string {
  return /^\d{1,15}$/.test(id.trim()) ? Number(id.trim()) : id;
}
