import {
  CourierApiError,
  type ApiParcel,
  type CancelOutcome,
  type CourierApi,
  type CourierCredentials,
  type ParcelPayment,
  type ParcelTracking,
  type TrackingEvent,
} from "~/modules/shipping/couriers/courier-api";
import type { CourierPickupAddress } from "~/modules/shipping/tables";
import {
  chunk,
  COURIER_TIMEOUT_MS,
  exchange,
  isRetryableStatus,
  localMobile,
  readCourierDay,
  readCourierTime,
  readJson,
  readPaisa,
  redact,
  text,
  unexpectedShape,
  type CourierHttp,
  objectList,
  bodySample,
} from "../courier-http.server";
import { mnpEventKind } from "./mnp-status";

/**
 * M&P's COD API (docs/couriers/mnp-api.md; Swagger "Cod" v1 at mnpcourier.com/mycodapi): no token,
 * the username, password and account number go in every request: the JSON body of a POST, the
 * query of a GET (cities, pickup locations, shipper advice: M&P takes no body there). Those URLs are
 * never put in a message, and every credential is cut out of what we keep. Key casing differs per
 * endpoint and is sent as M&P's Swagger spells it. Answers are an array with one object whose
 * `isSuccess` is "true"/"false" (a boolean on some; `isSucces` on Get_locations); a refusal is HTTP
 * 200 with isSuccess "false" and M&P's words in `message`, or ASP.NET's 4xx/5xx `{ Message }`.
 */
export const DEFAULT_MNP_API_URL = "https://mnpcourier.com/mycodapi/api/";

/** Bulk_Consignment_Tracking_New takes up to 200 consignments (M&P's manual, per real clients). */
export const MNP_TRACK_CHUNK = 200;
/** VoidConsignment's list: M&P publishes no limit; a modest one. */
export const MNP_VOID_CHUNK = 50;
/** M&P's documented maximum COD per consignment, in rupees. */
export const MNP_COD_CAP = 99_999;

/** An M&P answer's one object (and the whole answer), whether M&P said success, and its words. */
type Reply = { json: unknown; row: Record<string, unknown>; ok: boolean; message: string | null; status: number };

type Request = {
  method: "GET" | "POST";
  path: string;
  what: string;
  /** Credential keys as this endpoint spells them. */
  keys: { username: string; password: string; accountNo?: string };
  params?: Record<string, unknown>;
};

/** A 200 "refusal" that is M&P's server failing, not M&P judging the request (as real clients read it). */
const SERVER_FAULT = /object reference not set|exception|timeout expired|deadlock/i;
const NOT_FOUND = /not found|no record|no data|does not exist/i;

export function createMnpApi({
  baseUrl = DEFAULT_MNP_API_URL,
  timeoutMs = COURIER_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): CourierApi {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const http: CourierHttp = { courier: "M&P", timeoutMs, fetchImpl };

  function account(credentials: CourierCredentials) {
    const username = credentials.username?.trim();
    const password = credentials.password?.trim();
    const accountNo = credentials.accountNo?.trim();
    if (!username || !password || !accountNo)
      throw new CourierApiError(
        "M&P username, password or account number is missing: enter them in Settings -> Couriers",
        false,
      );
    return { username, password, accountNo };
  }

  /**
   * What to cut out of messages: the credentials as typed, as sent (trimmed) and as a query string
   * writes them (URLSearchParams turns a space into "+", which encodeURIComponent does not).
   */
  function secretsOf(credentials: CourierCredentials): CourierCredentials {
    const values = [...Object.values(credentials), ...Object.values(account(credentials))];
    const secrets: CourierCredentials = {};
    values.forEach((value, i) => {
      secrets[`v${i}`] = value;
      secrets[`q${i}`] = new URLSearchParams({ v: value }).toString().slice(2);
    });
    return secrets;
  }

  /** One request: throws for no answer, 5xx/429, ASP.NET's refusals; answers M&P's envelope for the caller to judge. */
  async function send(credentials: CourierCredentials, request: Request): Promise<Reply> {
    const { username, password, accountNo } = account(credentials);
    const secrets = secretsOf(credentials);
    const fields: Record<string, unknown> = {
      [request.keys.username]: username,
      [request.keys.password]: password,
      ...(request.keys.accountNo ? { [request.keys.accountNo]: accountNo } : {}),
      ...request.params,
    };
    const url = new URL(request.path, base);
    if (request.method === "GET")
      for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, String(value));
    const answer = await exchange(http, secrets, {
      method: request.method,
      url: url.toString(),
      body: request.method === "POST" ? fields : undefined,
      what: request.what,
    });
    const fail = (words: string, retryable: boolean) =>
      new CourierApiError(redact(words, secrets), retryable, answer.status);
    if (answer.status < 200 || answer.status >= 300) {
      const words = aspNetMessage(answer.text) ?? `HTTP ${answer.status}${bodySample(answer.text)}`;
      if (isRetryableStatus(answer.status)) throw fail(`M&P could not take ${request.what} just now: ${words}`, true);
      throw fail(`M&P refused ${request.what}: ${words}`, false);
    }
    const json = readJson(http, secrets, answer, request.what);
    // An empty list ([]) says nothing: no booking found, no consignment known.
    const row = Array.isArray(json) ? (json[0] ?? {}) : json;
    if (!row || typeof row !== "object" || Array.isArray(row))
      throw unexpectedShape(http, secrets, `${request.what}: not an object`, answer.status);
    const reply = readEnvelope(json, row as Record<string, unknown>, answer.status);
    if (!reply.ok && reply.message && SERVER_FAULT.test(reply.message))
      throw fail(`M&P could not take ${request.what} just now: ${reply.message}`, true);
    return reply;
  }

  /** A request M&P must accept: its refusal becomes a CourierApiError in its words. */
  async function call(credentials: CourierCredentials, request: Request): Promise<Reply> {
    const reply = await send(credentials, request);
    if (!reply.ok) throw refusal(credentials, request.what, reply);
    return reply;
  }

  function refusal(credentials: CourierCredentials, what: string, reply: Reply): CourierApiError {
    return new CourierApiError(
      redact(`M&P refused ${what}: ${reply.message ?? "no reason given"}`, secretsOf(credentials)),
      false,
      reply.status,
    );
  }

  async function pickupLocations(credentials: CourierCredentials): Promise<CourierPickupAddress[]> {
    const what = "the pickup locations";
    const reply = await send(credentials, {
      method: "GET",
      path: "Locations/Get_locations",
      what,
      keys: { username: "username", password: "password", accountNo: "AccountNo" },
    });
    if (!reply.ok) {
      if (NOT_FOUND.test(reply.message ?? "")) return [];
      throw refusal(credentials, what, reply);
    }
    // { isSucces, message, locationList: [{ locationID, locationName, locationAddress }] }, perhaps in an
    // array; one client reads a bare list of { LocationID, LocationName, LocationAddress }.
    const items =
      reply.row.locationList ??
      reply.row.LocationList ??
      (Array.isArray(reply.json) && ("LocationID" in reply.row || "locationID" in reply.row) ? reply.json : null);
    return objectList(http, secretsOf(credentials), items, what).map((item) => {
      const code = text(item.locationID) ?? text(item.LocationID);
      if (!code) throw unexpectedShape(http, secretsOf(credentials), `${what}: a location without locationID`);
      const name = text(item.locationName) ?? text(item.LocationName);
      const address = text(item.locationAddress) ?? text(item.LocationAddress);
      return { code, address: [name, address].filter(Boolean).join(": "), city: null };
    });
  }

  /** The pickup location to book from: the one chosen in Settings, else the account's only one. */
  async function locationFor(credentials: CourierCredentials, parcel: ApiParcel): Promise<string> {
    if (parcel.pickupAddressCode) return parcel.pickupAddressCode;
    const locations = await pickupLocations(credentials);
    if (locations.length === 1) return locations[0].code;
    throw new CourierApiError(
      locations.length === 0
        ? `M&P lists no pickup location for this account, so ${parcel.orderNumber} cannot be booked: ask M&P to add one, then choose it in Settings -> Couriers -> API connection`
        : `M&P needs the pickup location for the booking of ${parcel.orderNumber}: choose one in Settings -> Couriers -> API connection`,
      false,
    );
  }

  /** Bulk_Consignment_Tracking_New, chunked: each consignment's tracking_Details entry by CN. */
  async function records(
    credentials: CourierCredentials,
    trackingNumbers: readonly string[],
    describe: (count: number) => string,
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    for (const numbers of chunk([...new Set(trackingNumbers)], MNP_TRACK_CHUNK)) {
      const what = describe(numbers.length);
      const reply = await send(credentials, {
        method: "POST",
        path: "Tracking/Bulk_Consignment_Tracking_New",
        what,
        keys: { username: "Username", password: "Password", accountNo: "AccountNo" },
        params: { Consignments: numbers },
      });
      const details = objectList(http, secretsOf(credentials), reply.row.tracking_Details, what);
      if (!reply.ok && details.length === 0) {
        // None of these is M&P's (yet): nothing to report. Any other refusal (a wrong password) is one.
        if (NOT_FOUND.test(reply.message ?? "")) continue;
        throw refusal(credentials, what, reply);
      }
      for (const detail of details) {
        const number = text(detail.ConsignmentNumber);
        if (!number) throw unexpectedShape(http, secretsOf(credentials), `${what}: an entry without ConsignmentNumber`);
        found.set(number, detail);
      }
    }
    return found;
  }

  return {
    kind: "mnp",
    // No replacement booking nor airway bill in M&P's published API (docs/couriers/mnp-api.md §2).
    offers: { findBooking: true, replacement: false, advise: true, label: false, payments: true },
    credentialFields: [
      { key: "username", label: "Username", secret: false },
      { key: "password", label: "Password", secret: true },
      { key: "accountNo", label: "Account number", secret: false },
    ],

    async cities(credentials) {
      // Get_Cities: the cities M&P takes as a booking's destinationCityName (names only, so the name is the id).
      const what = "the list of cities";
      const reply = await call(credentials, {
        method: "GET",
        path: "Branches/Get_Cities",
        what,
        keys: { username: "username", password: "password", accountNo: "AccountNo" },
      });
      if (!Array.isArray(reply.row.City)) throw unexpectedShape(http, secretsOf(credentials), `${what}: no City list`);
      const names = new Map<string, string>();
      for (const value of reply.row.City) {
        const name = text(value);
        if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
      }
      return [...names.values()].sort((a, b) => a.localeCompare(b)).map((name) => ({ id: name, name }));
    },

    pickupAddresses: pickupLocations,

    async book(credentials, parcel) {
      const what = `the booking of ${parcel.orderNumber}`;
      const locationID = await locationFor(credentials, parcel);
      const reply = await call(credentials, {
        method: "POST",
        path: "Booking/InsertBookingData",
        what,
        keys: { username: "username", password: "password", accountNo: "AccountNo" },
        params: insertBookingBody(parcel, locationID),
      });
      const trackingNumber = text(reply.row.orderReferenceId);
      if (!trackingNumber) throw unexpectedShape(http, secretsOf(credentials), `${what}: no orderReferenceId`);
      return { trackingNumber, labelUrl: null };
    },

    async findBooking(credentials, orderNumber) {
      // custRefNo is unique per shipper and M&P finds by it without a date range: `sent` is not needed.
      const what = `the search for ${orderNumber}'s booking`;
      const reply = await send(credentials, {
        method: "POST",
        path: "Reports/CN_Detail_Customer_Order_No",
        what,
        keys: { username: "UserName", password: "Password", accountNo: "AccountNumber" },
        params: { CustomerOrderRef: orderNumber },
      });
      const details = objectList(http, secretsOf(credentials), reply.row.Details, what);
      if (!reply.ok && details.length === 0) {
        if (NOT_FOUND.test(reply.message ?? "")) return null;
        throw refusal(credentials, what, reply);
      }
      for (const detail of details) {
        const reference = text(detail.CustomerOrderNo) ?? text(detail.customerOrderNo);
        if (reference && reference.toLowerCase() !== orderNumber.toLowerCase()) continue;
        // A voided booking may still be listed: it is not the parcel.
        const status = text(detail.CNStatus) ?? text(detail.Status) ?? text(detail.status) ?? "";
        if (/void|cancel/i.test(status)) continue;
        const trackingNumber = text(detail.ConsignmentNumber) ?? text(detail.consignmentNumber);
        if (trackingNumber) return { trackingNumber, labelUrl: null };
      }
      return null;
    },

    async cancel(credentials, trackingNumbers) {
      // VoidConsignment names a pickup location, which the port does not carry: try the account's
      // locations in turn (most accounts have one) until each CN is voided or every one has refused.
      const locations = (await pickupLocations(credentials)).map((l) => l.code);
      if (locations.length === 0)
        throw new CourierApiError(
          "M&P lists no pickup location for this account, so nothing can be voided: void it in M&P's portal",
          false,
        );
      const outcomes = new Map<string, CancelOutcome>();
      for (const numbers of chunk([...new Set(trackingNumbers)], MNP_VOID_CHUNK)) {
        let pending = numbers;
        for (const locationID of locations) {
          if (pending.length === 0) break;
          const what = `the cancellation of ${pending.join(", ")}`;
          const reply = await send(credentials, {
            method: "POST",
            path: "Booking/VoidConsignment",
            what,
            keys: { username: "Username", password: "password" },
            params: { locationID, consignmentNumberList: pending },
          });
          const items = objectList(http, secretsOf(credentials), reply.row.orderReferenceIdList, what);
          // One answer for the whole request (a wrong password): nothing was voided.
          if (items.length === 0 && !reply.ok) throw refusal(credentials, what, reply);
          pending.forEach((trackingNumber, index) => {
            const item = items.find((i) => Object.values(i).some((v) => text(v) === trackingNumber)) ?? items[index];
            const voided = item ? isTrue(item.success ?? item.isSuccess) : reply.ok;
            const words = text(item?.message) ?? (voided ? null : reply.message);
            const before = outcomes.get(trackingNumber);
            // Keep the words about the parcel over a later or earlier "not this location".
            const message = voided
              ? null
              : before?.message && !/location/i.test(before.message)
                ? before.message
                : redact(words ?? "no reason given", secretsOf(credentials));
            outcomes.set(trackingNumber, { trackingNumber, cancelled: voided, message });
          });
          pending = pending.filter((n) => !outcomes.get(n)?.cancelled);
        }
      }
      return [...new Set(trackingNumbers)].map((n) => outcomes.get(n)!);
    },

    async track(credentials, trackingNumbers) {
      const found = await records(credentials, trackingNumbers, trackingWhat);
      return [...found].map(([trackingNumber, detail]): ParcelTracking => ({
        trackingNumber,
        orderNumber: text(detail.OrderId),
        events: readEvents(detail),
      }));
    },

    async payments(credentials, trackingNumbers) {
      // The bulk tracking answer carries each CN's payment: PaymentID once M&P has paid for it.
      const found = await records(
        credentials,
        trackingNumbers,
        (count) => `the payment details of ${count} parcel${count === 1 ? "" : "s"}`,
      );
      return [...new Set(trackingNumbers)].map((trackingNumber): ParcelPayment => {
        const detail = found.get(trackingNumber);
        const reference = detail ? text(detail.PaymentID) : null;
        if (!detail || !reference || reference === "0")
          return {
            trackingNumber,
            settled: false,
            settledOn: null,
            reference: null,
            collectedPaisa: null,
            chargesPaisa: null,
            netPaidPaisa: null,
            incomeTaxPaisa: null,
            salesTaxPaisa: null,
          };
        return {
          trackingNumber,
          settled: true,
          settledOn: readCourierDay(mnpTimeText(detail.PaymentDate)),
          reference,
          ...paymentFigures(detail),
          // M&P's published answers carry no tax withheld (docs/couriers/mnp-api.md §4).
          incomeTaxPaisa: null,
          salesTaxPaisa: null,
        };
      });
    },

    async label() {
      throw new CourierApiError(
        "M&P publishes no airway bill in its API: print the shop's own label, which carries the CN",
        false,
      );
    },

    async advise(credentials, trackingNumber, advice, remarks) {
      // CloseShipperAdvice: adviceoption 2 returns the parcel, 3 re-attempts it (reattempt 1: at the same address).
      await call(credentials, {
        method: "GET",
        path: "ShipperAdvice/CloseShipperAdvice",
        what: `the shipper advice for ${trackingNumber}`,
        keys: { username: "username", password: "password", accountNo: "accountno" },
        params: {
          consignment: trackingNumber,
          ...(advice === "return" ? { adviceoption: 2 } : { adviceoption: 3, reattempt: 1 }),
          remarks: remarks.trim() || (advice === "return" ? "Return to shipper" : "Please attempt again"),
        },
      });
    },
  };
}

/**
 * InsertBookingData's fields (Swagger BookingModel), every key sent (a real client saw M&P refuse
 * omitted ones). Text as M&P's manual caps it (per real clients) and without apostrophes, which M&P
 * rejects in text fields; weight in kg; the COD in whole rupees.
 */
export function insertBookingBody(parcel: ApiParcel, locationID: string): Record<string, unknown> {
  const location = /^\d+$/.test(locationID) ? Number(locationID) : locationID;
  return {
    consigneeName: clean(parcel.consigneeName, 50),
    consigneeAddress: clean(parcel.address, 200),
    consigneeMobNo: localMobile(parcel.phone),
    consigneeEmail: parcel.email.trim(),
    destinationCityName: parcel.city.id,
    pieces: Math.min(99, Math.max(1, Math.round(parcel.pieces))),
    weight: Math.max(0.1, Math.round(parcel.weightGrams) / 1000),
    codAmount: parcel.codAmount,
    custRefNo: parcel.orderNumber,
    productDetails: clean(parcel.description, 50),
    fragile: "NO",
    // "Overnight" or "Second Day" in the manual's example and most clients: the shop ships overnight.
    service: "Overnight",
    // An exchange goes as an ordinary parcel (M&P has no replacement booking): its note is in the remarks.
    remarks: clean(parcel.remarks ?? "", 400),
    // Not parcelValue: a declared value would be insured, at a charge the shop has not chosen.
    insuranceValue: "0",
    locationID,
    // Returns come back to the pickup location (0 is refused: "Invalid Return Location").
    ReturnLocation: location,
    subAccountId: 0,
    // M&P does not say what InsertType means; 19 is the manual's example and what most clients send.
    InsertType: 19,
  };
}

function clean(value: string, max: number): string {
  return value.replace(/'/g, "").replace(/\s+/g, " ").trim().slice(0, max);
}

function trackingWhat(count: number): string {
  return `tracking of ${count} parcel${count === 1 ? "" : "s"}`;
}

/** M&P's times: "2026-11-24 14:05:00", or .NET's month-first "11/24/2026 2:05:00 PM"; Pakistan time. */
function mnpTimeText(value: unknown): string | null {
  const written = text(value);
  const monthFirst = written ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})(.*)$/.exec(written) : null;
  if (!monthFirst) return written;
  const [, month, day, year, rest] = monthFirst;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}${rest}`;
}

/** CNTrackingDetail as events, oldest first: M&P lists them in any order; a higher TrackingTagID is later. */
function readEvents(detail: Record<string, unknown>): TrackingEvent[] {
  const entries = Array.isArray(detail.CNTrackingDetail) ? (detail.CNTrackingDetail as unknown[]) : [];
  const events: { event: TrackingEvent; tag: number }[] = [];
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue;
    const e = entry as Record<string, unknown>;
    const event = text(e.Event);
    const status = text(e.TrackingStatus) ?? event;
    const at = readCourierTime(mnpTimeText(e.TransactionTime));
    if (!status || !at) continue;
    const narration = text(e.TrackingNarration);
    const reason = narration && !/^(n\/?a|-+|null)$/i.test(narration) ? narration : null;
    const tag = Number(text(e.TrackingTagID) ?? NaN);
    events.push({
      event: {
        kind: mnpEventKind(status, event, reason),
        status,
        code: event ?? text(e.TrackingTagID),
        at,
        reason,
      },
      tag,
    });
  }
  return events
    .sort((a, b) =>
      Number.isFinite(a.tag) && Number.isFinite(b.tag) && a.tag !== b.tag
        ? a.tag - b.tag
        : a.event.at.getTime() - b.event.at.getTime(),
    )
    .map(({ event }) => event);
}

/**
 * A paid CN's figures: the cash collected (CODAmount; nothing for a parcel that went back), M&P's
 * charges (its invoices for the CN) and what it paid (AmountPaid).
 */
function paymentFigures(
  detail: Record<string, unknown>,
): Pick<ParcelPayment, "collectedPaisa" | "chargesPaisa" | "netPaidPaisa"> {
  const last = readEvents(detail).at(-1)?.kind;
  const wentBack = last === "returned" || last === "returning" || last === "refused";
  const invoices = Array.isArray(detail.CNTrackingInvDetail) ? (detail.CNTrackingInvDetail as unknown[]) : [];
  const invoiced = invoices.map((i) => readPaisa((i as Record<string, unknown> | null)?.AmountInvoiced));
  const charges = invoiced.some((p) => p !== null)
    ? invoiced.reduce<number>((sum, p) => sum + (p ?? 0), 0)
    : readPaisa(detail.AmountInvoiced);
  return {
    collectedPaisa: wentBack ? 0 : readPaisa(detail.CODAmount),
    chargesPaisa: charges,
    netPaidPaisa: readPaisa(detail.AmountPaid),
  };
}

/** isSuccess ("true"/"false" or a boolean; `isSucces` on Get_locations); an ASP.NET `{ Message }` alone is a refusal. */
function readEnvelope(json: unknown, row: Record<string, unknown>, status: number): Reply {
  const flag = row.isSuccess ?? row.IsSuccess ?? row.isSucces;
  const message = text(row.message) ?? text(row.Message);
  if (flag !== undefined) return { json, row, ok: isTrue(flag), message, status };
  return { json, row, ok: !(typeof row.Message === "string" && Object.keys(row).length <= 2), message, status };
}

function isTrue(value: unknown): boolean {
  return value === true || (typeof value === "string" && value.trim().toLowerCase() === "true");
}

function aspNetMessage(body: string): string | null {
  try {
    const json = JSON.parse(body) as unknown;
    const row = (Array.isArray(json) ? json[0] : json) as Record<string, unknown> | null;
    return text(row?.Message) ?? text(row?.message);
  } catch {
    return null;
  }
}
