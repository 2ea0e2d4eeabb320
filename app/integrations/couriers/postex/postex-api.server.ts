import { SHOP_UTC_OFFSET_MS } from "~/lib/shop-time";
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
import { postexEventKind, splitPostexMessage } from "./postex-status";

/**
 * PostEx's Merchant API (Integration Guide v4.1.9): the header `token` on every request, JSON
 * answers `{ statusCode: "200", statusMessage, dist }`. A refusal comes as HTTP 4xx or as a
 * statusCode other than "200" with PostEx's words in statusMessage. The token comes from Settings
 * -> Couriers with every call; nothing here reads the database or the environment.
 */
export const DEFAULT_POSTEX_API_URL = "https://api.postex.pk/services/integration/api/order/";

/** Tracking numbers per track-bulk-order request (the guide sets no limit; a modest URL). */
export const POSTEX_TRACK_CHUNK = 50;
/** payment-status takes one number: this many requests at a time. */
export const POSTEX_PAYMENT_PARALLEL = 4;

type Query = Record<string, string>;
type PostexBody = { statusCode?: unknown; statusMessage?: unknown; dist?: unknown };
type Answer = { status: number; body: PostexBody | null; bytes: Uint8Array; contentType: string };

/** Days of bookings per List Orders request when a lost answer is looked for (a month: a modest range for any date filter). */
export const POSTEX_SEARCH_DAYS = 30;

export function createPostexApi({
  baseUrl = DEFAULT_POSTEX_API_URL,
  timeoutMs = COURIER_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): CourierApi {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const http: CourierHttp = { courier: "PostEx", timeoutMs, fetchImpl };

  function token(credentials: CourierCredentials): string {
    const value = credentials.token?.trim();
    if (!value) throw new CourierApiError("PostEx API token is missing: enter it in Settings -> Couriers", false);
    return value;
  }

  /** One request; throws for no answer, 5xx/429, a wrong token; answers any other refusal for the caller to judge. */
  async function send(
    credentials: CourierCredentials,
    method: "GET" | "POST" | "PUT",
    path: string,
    what: string,
    options: { query?: Query; body?: unknown; binary?: boolean } = {},
  ): Promise<Answer> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const answer = await exchange(http, credentials, {
      method,
      url: url.toString(),
      headers: { token: token(credentials) },
      body: options.body,
      what,
    });
    const pdf =
      options.binary && answer.bytes.length >= 4 && new TextDecoder().decode(answer.bytes.slice(0, 4)) === "%PDF";
    let body: PostexBody | null = null;
    if (!pdf && answer.text.trim()) {
      const json =
        answer.status >= 200 && answer.status < 300 ? readJson(http, credentials, answer, what) : safeJson(answer.text);
      body = json && typeof json === "object" ? (json as PostexBody) : null;
    }
    const code = statusCodeOf(body) ?? answer.status;
    const words = text(body?.statusMessage) ?? `HTTP ${answer.status}`;
    if (isRetryableStatus(answer.status) || isRetryableStatus(code)) {
      throw new CourierApiError(
        redact(`PostEx could not take ${what} just now: ${words}`, credentials),
        true,
        answer.status,
      );
    }
    if (answer.status === 401 || answer.status === 403 || code === 401 || code === 403) {
      throw new CourierApiError(
        redact(`PostEx refused the API token for ${what}: ${words}`, credentials),
        false,
        answer.status,
      );
    }
    return { status: code, body, bytes: answer.bytes, contentType: answer.contentType };
  }

  /** A request that must succeed: PostEx's refusal becomes a CourierApiError in its words. */
  async function call(
    credentials: CourierCredentials,
    method: "GET" | "POST" | "PUT",
    path: string,
    what: string,
    options: { query?: Query; body?: unknown } = {},
  ): Promise<PostexBody> {
    const answer = await send(credentials, method, path, what, options);
    if (answer.status < 200 || answer.status >= 300) throw refusal(credentials, what, answer);
    if (!answer.body) throw unexpectedShape(http, credentials, `${what}: an empty answer`, answer.status);
    return answer.body;
  }

  function refusal(credentials: CourierCredentials, what: string, answer: Answer): CourierApiError {
    const words = text(answer.body?.statusMessage) ?? `HTTP ${answer.status}`;
    return new CourierApiError(redact(`PostEx refused ${what}: ${words}`, credentials), false, answer.status);
  }

  /** track-bulk-order, chunked: each parcel's PostEx record (trackingResponse) by tracking number. */
  async function records(
    credentials: CourierCredentials,
    trackingNumbers: readonly string[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    for (const numbers of chunk([...new Set(trackingNumbers)], POSTEX_TRACK_CHUNK)) {
      const what = `tracking of ${numbers.length} parcel${numbers.length === 1 ? "" : "s"}`;
      const body = await call(credentials, "GET", "v1/track-bulk-order", what, {
        query: { TrackingNumbers: numbers.join(",") },
      });
      for (const item of objectList(http, credentials, body.dist, what)) {
        const record = item.trackingResponse;
        if (!record || typeof record !== "object") continue; // PostEx does not know this number
        const number = text((record as Record<string, unknown>).trackingNumber) ?? text(item.trackingNumber);
        if (number) found.set(number, record as Record<string, unknown>);
      }
    }
    return found;
  }

  return {
    kind: "postex",
    // Its orderType Replacement collects the old piece at the door.
    offers: { findBooking: true, replacement: true, advise: true, label: true, payments: true },
    credentialFields: [{ key: "token", label: "API token", secret: true }],

    async cities(credentials) {
      const what = "the list of cities";
      const body = await call(credentials, "GET", "v2/get-operational-city", what, {
        query: { operationalCityType: "Delivery" },
      });
      const cities = new Map<string, string>();
      for (const item of objectList(http, credentials, body.dist, what)) {
        const name = text(item.operationalCityName);
        if (!name) throw unexpectedShape(http, credentials, `${what}: a city without operationalCityName`);
        if (item.isDeliveryCity === false || item.isDeliveryCity === "false") continue;
        cities.set(name.toLowerCase(), name);
      }
      // PostEx books by the city's name, so its name is its id.
      return [...cities.values()].sort((a, b) => a.localeCompare(b)).map((name) => ({ id: name, name }));
    },

    async pickupAddresses(credentials) {
      const what = "the pickup addresses";
      const body = await call(credentials, "GET", "v1/get-merchant-address", what);
      return objectList(http, credentials, body.dist, what).map((item) => {
        const code = text(item.addressCode);
        if (!code) throw unexpectedShape(http, credentials, `${what}: an address without addressCode`);
        return { code, address: text(item.address) ?? "", city: text(item.cityName) };
      });
    },

    async book(credentials, parcel) {
      const what = `the booking of ${parcel.orderNumber}`;
      const body = await call(credentials, "POST", "v3/create-order", what, { body: createOrderBody(parcel) });
      const dist = body.dist as { trackingNumber?: unknown } | null | undefined;
      const trackingNumber = text(dist?.trackingNumber);
      if (!trackingNumber) throw unexpectedShape(http, credentials, `${what}: no dist.trackingNumber`);
      return { trackingNumber, labelUrl: null } satisfies BookedParcel;
    },

    async findBooking(credentials, orderNumber, sent) {
      // List Orders (3.16) by creation date, in Pakistan days: from the day before the first request
      // to the day after now, however long ago it was, POSTEX_SEARCH_DAYS days per request, newest first.
      const dayOf = (at: number) => new Date(at + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10);
      const first = sent.from.getTime() - 86_400_000;
      const what = `the search for ${orderNumber}'s booking`;
      for (
        let to = Math.max(sent.to.getTime(), sent.from.getTime()) + 86_400_000;
        to >= first;
        to -= POSTEX_SEARCH_DAYS * 86_400_000
      ) {
        const from = Math.max(first, to - (POSTEX_SEARCH_DAYS - 1) * 86_400_000);
        const body = await call(credentials, "GET", "v1/get-all-order", what, {
          query: { orderStatusID: "0", fromDate: dayOf(from), toDate: dayOf(to) },
        });
        for (const item of objectList(http, credentials, body.dist, what)) {
          const record = (
            item.trackingResponse && typeof item.trackingResponse === "object" ? item.trackingResponse : item
          ) as Record<string, unknown>;
          if (text(record.orderRefNumber) !== orderNumber) continue;
          if (/cancel|un-?assigned|expired/i.test(text(record.transactionStatus) ?? "")) continue;
          const trackingNumber = text(record.trackingNumber) ?? text(item.trackingNumber);
          if (trackingNumber) return { trackingNumber, labelUrl: null };
        }
      }
      return null;
    },

    async cancel(credentials, trackingNumbers) {
      return mapLimited(trackingNumbers, POSTEX_PAYMENT_PARALLEL, async (trackingNumber): Promise<CancelOutcome> => {
        const answer = await send(credentials, "PUT", "v1/cancel-order", `the cancellation of ${trackingNumber}`, {
          body: { trackingNumber },
        });
        if (answer.status >= 200 && answer.status < 300) return { trackingNumber, cancelled: true, message: null };
        return {
          trackingNumber,
          cancelled: false,
          message: redact(text(answer.body?.statusMessage) ?? `HTTP ${answer.status}`, credentials),
        };
      });
    },

    async track(credentials, trackingNumbers) {
      const found = await records(credentials, trackingNumbers);
      return [...found].map(([trackingNumber, record]): ParcelTracking => ({
        trackingNumber,
        orderNumber: text(record.orderRefNumber),
        events: readHistory(record),
      }));
    },

    async payments(credentials, trackingNumbers) {
      const statuses = await mapLimited(
        [...new Set(trackingNumbers)],
        POSTEX_PAYMENT_PARALLEL,
        async (trackingNumber) => {
          const what = `the payment status of ${trackingNumber}`;
          const answer = await send(
            credentials,
            "GET",
            `v1/payment-status/${encodeURIComponent(trackingNumber)}`,
            what,
          );
          if (answer.status === 404) return { trackingNumber, dist: null };
          if (answer.status < 200 || answer.status >= 300) throw refusal(credentials, what, answer);
          const dist = answer.body?.dist;
          if (!dist || typeof dist !== "object")
            throw unexpectedShape(http, credentials, `${what}: no dist`, answer.status);
          return { trackingNumber, dist: dist as Record<string, unknown> };
        },
      );
      // payment-status says whether and when, not how much: the amounts are on the parcel's record.
      const settled = statuses.filter((s) => s.dist && isTrue(s.dist.settle)).map((s) => s.trackingNumber);
      const amounts =
        settled.length > 0 ? await records(credentials, settled) : new Map<string, Record<string, unknown>>();
      return statuses.map(({ trackingNumber, dist }): ParcelPayment => {
        const isSettled = !!dist && isTrue(dist.settle);
        const record = amounts.get(trackingNumber);
        const figures =
          isSettled && record
            ? paymentFigures(record)
            : { collectedPaisa: null, chargesPaisa: null, netPaidPaisa: null };
        // PostEx's published payment records carry no tax withheld: its statements do (file columns).
        return {
          trackingNumber,
          settled: isSettled,
          settledOn: isSettled
            ? (readCourierDay(dist?.settlementDate) ?? readCourierDay(dist?.upfrontPaymentDate))
            : null,
          reference: isSettled ? (text(dist?.cprNumber_1) ?? text(dist?.cprNumber_2)) : null,
          ...figures,
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        };
      });
    },

    async label(credentials, trackingNumber) {
      const what = `the airway bill of ${trackingNumber}`;
      const answer = await send(credentials, "GET", "v1/get-invoice", what, {
        query: { trackingNumbers: trackingNumber },
        binary: true,
      });
      if (answer.status < 200 || answer.status >= 300) throw refusal(credentials, what, answer);
      const head = new TextDecoder().decode(answer.bytes.slice(0, 4));
      if (head !== "%PDF") {
        if (answer.body && statusCodeOf(answer.body) !== 200)
          throw refusal(credentials, what, { ...answer, status: statusCodeOf(answer.body) ?? 400 });
        throw unexpectedShape(
          http,
          credentials,
          `${what}: not a PDF (${answer.contentType || "no content type"})`,
          answer.status,
        );
      }
      return { kind: "pdf", bytes: answer.bytes };
    },

    async advise(credentials, trackingNumber, advice, remarks) {
      // statusId (3.11.2): 1 - Mark Return Requested, 2 - Mark Retry Attempt.
      await call(credentials, "PUT", "v2/save-shipper-advice", `the shipper advice for ${trackingNumber}`, {
        body: {
          trackingNumber,
          statusId: advice === "return" ? 1 : 2,
          remarks: remarks.trim() || (advice === "return" ? "Return to shipper" : "Please attempt again"),
        },
      });
    },
  };
}

/** The create-order request (3.5.2) for one parcel. */
export function createOrderBody(parcel: ApiParcel): Record<string, unknown> {
  const notes = [
    parcel.remarks?.trim(),
    parcel.exchangeFor ? `Exchange: collect the item of order ${parcel.exchangeFor}` : null,
  ]
    .filter(Boolean)
    .join(". ");
  return {
    orderRefNumber: parcel.orderNumber,
    invoicePayment: parcel.codAmount,
    orderDetail: parcel.description,
    customerName: parcel.consigneeName,
    customerPhone: localMobile(parcel.phone),
    deliveryAddress: parcel.address,
    transactionNotes: notes,
    cityName: parcel.city.name,
    invoiceDivision: 1,
    items: parcel.pieces,
    orderType: parcel.exchangeFor ? "Replacement" : "Normal",
    ...(parcel.pickupAddressCode ? { pickupAddressCode: parcel.pickupAddressCode } : {}),
  };
}

/** transactionStatusHistory as events, oldest first. An entry without a time takes the one before it. */
function readHistory(record: Record<string, unknown>): TrackingEvent[] {
  const history = Array.isArray(record.transactionStatusHistory) ? record.transactionStatusHistory : [];
  const fallback = readCourierTime(record.transactionDate);
  let previous: Date | null = null;
  const events: TrackingEvent[] = [];
  for (const entry of history as Record<string, unknown>[]) {
    if (!entry || typeof entry !== "object") continue;
    const code = text(entry.transactionStatusMessageCode);
    const message = text(entry.transactionStatusMessage) ?? "";
    if (!code && !message) continue;
    const { status, reason } = splitPostexMessage(code, message);
    const at: Date | null =
      readCourierTime(entry.modifiedDatetime ?? entry.modifiedDateTime ?? entry.createdDatetime ?? entry.updatedAt) ??
      (code === "0005"
        ? readCourierTime(record.orderDeliveryDate)
        : code === "0003"
          ? readCourierTime(record.orderPickupDate)
          : null) ??
      previous ??
      fallback;
    if (!at) continue;
    previous = at;
    events.push({ kind: postexEventKind(code, status, reason), status, code, at, reason });
  }
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i)
    .map(({ e }) => e);
}

/**
 * A settled parcel's figures from its record: the cash collected (invoicePayment; nothing for a
 * returned parcel), PostEx's charges (transactionFee + transactionTax, and the reversal fee and tax on
 * a return), and what PostEx paid (upfrontPayment + reservePayment when it says, else collected less
 * charges: a return costs the shop its charges).
 */
function paymentFigures(
  record: Record<string, unknown>,
): Pick<ParcelPayment, "collectedPaisa" | "chargesPaisa" | "netPaidPaisa"> {
  const returned = /return/i.test(text(record.transactionStatus) ?? "");
  const collected = returned ? 0 : readPaisa(record.invoicePayment);
  const parts = [record.transactionFee, record.transactionTax, record.reversalFee, record.reversalTax].map(readPaisa);
  const charges = parts.every((p) => p === null) ? null : parts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  const upfront = readPaisa(record.upfrontPayment);
  const reserve = readPaisa(record.reservePayment);
  const paid = (upfront ?? 0) + (reserve ?? 0);
  const netPaid = paid !== 0 ? paid : collected !== null && charges !== null ? collected - charges : null;
  return { collectedPaisa: collected, chargesPaisa: charges, netPaidPaisa: netPaid };
}

function statusCodeOf(body: PostexBody | null): number | null {
  const code = body?.statusCode;
  if (typeof code === "number" && Number.isInteger(code)) return code;
  if (typeof code === "string" && /^\d{3}$/.test(code.trim())) return Number(code.trim());
  return null;
}

function isTrue(value: unknown): boolean {
  return value === true || value === "true" || value === "True" || value === 1 || value === "1";
}
