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
import { leopardsEventKind } from "./leopards-status";

/**
 * Leopards' eCom Merchant APIs v2: `{base}{method}/format/json/`, `api_key` and `api_password` in
 * the JSON body of a POST, never in a URL, for every method that takes a body (cities, booking,
 * tracking, cancelling, the search by order id, shipper advice). Get Payment Details and Get
 * Shipping Charges are GET only in Leopards' documents (v2: "for the Get requests we will send these
 * keys as parameters"): for those two alone the key and password go in the query, over HTTPS, and
 * are redacted from every message and log line. Leopards answers HTTP 200 with `status: 1` or with
 * `status: 0` and its words in `error` (a string, or an object by field or by CN number): that is
 * a refusal, not worth a retry. The key and password come from Settings -> Couriers with every call.
 */
export const DEFAULT_LEOPARDS_API_URL = "https://merchantapi.leopardscourier.com/api/";

/** Numbers per trackBookedPacket / cancelBookedPackets request: modest, like the payment calls' 50. */
export const LEOPARDS_TRACK_CHUNK = 50;
/** getPaymentDetails and getShippingCharges take up to 50 CN numbers. */
export const LEOPARDS_PAYMENT_CHUNK = 50;

type LeopardsBody = Record<string, unknown> & { status?: unknown; error?: unknown };

export function createLeopardsApi({
  baseUrl = DEFAULT_LEOPARDS_API_URL,
  timeoutMs = COURIER_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): CourierApi {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const http: CourierHttp = { courier: "Leopards", timeoutMs, fetchImpl };

  function keys(credentials: CourierCredentials): { api_key: string; api_password: string } {
    const api_key = credentials.apiKey?.trim();
    const api_password = credentials.apiPassword?.trim();
    if (!api_key || !api_password)
      throw new CourierApiError("Leopards API key or password is missing: enter them in Settings -> Couriers", false);
    return { api_key, api_password };
  }

  /**
   * One method call. Answers the JSON body when Leopards says `status: 1`; answers it too when
   * `acceptRefusal` and Leopards says `status: 0` (the caller reads the per-number errors); throws
   * otherwise.
   */
  async function call(
    credentials: CourierCredentials,
    method: string,
    what: string,
    request: { get?: Record<string, string>; post?: Record<string, unknown> },
    acceptRefusal = false,
  ): Promise<LeopardsBody> {
    const url = new URL(`${method}/format/json/`, base);
    const auth = keys(credentials);
    if (request.get)
      for (const [key, value] of Object.entries({ ...auth, ...request.get })) url.searchParams.set(key, value);
    const answer = await exchange(http, credentials, {
      method: request.get ? "GET" : "POST",
      url: url.toString(),
      body: request.post ? { ...auth, ...request.post } : undefined,
      what,
    });
    if (isRetryableStatus(answer.status)) {
      throw new CourierApiError(
        redact(
          `Leopards could not take ${what} just now: HTTP ${answer.status}${bodySample(answer.text)}`,
          credentials,
        ),
        true,
        answer.status,
      );
    }
    if (answer.status === 401 || answer.status === 403) {
      throw new CourierApiError(
        redact(
          `Leopards refused the API key and password for ${what}: HTTP ${answer.status}${bodySample(answer.text)}`,
          credentials,
        ),
        false,
        answer.status,
      );
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new CourierApiError(
        redact(`Leopards refused ${what}: HTTP ${answer.status}${bodySample(answer.text)}`, credentials),
        false,
        answer.status,
      );
    }
    const json = readJson(http, credentials, answer, what);
    if (!json || typeof json !== "object" || Array.isArray(json))
      throw unexpectedShape(http, credentials, `${what}: not an object`, answer.status);
    const body = json as LeopardsBody;
    const status = String(body.status ?? "");
    if (status === "1") return body;
    if (status === "0") {
      if (acceptRefusal) return body;
      throw new CourierApiError(
        redact(`Leopards refused ${what}: ${describeError(body.error)}`, credentials),
        false,
        answer.status,
      );
    }
    throw unexpectedShape(http, credentials, `${what}: no status`, answer.status);
  }

  return {
    kind: "leopards",
    // Leopards publishes no replacement booking: an exchange goes as an ordinary parcel with a note.
    offers: { findBooking: true, replacement: false, advise: true, label: true, payments: true },
    credentialFields: [
      { key: "apiKey", label: "API key", secret: true },
      { key: "apiPassword", label: "API password", secret: true },
    ],

    async cities(credentials) {
      const what = "the list of cities";
      const body = await call(credentials, "getAllCities", what, { post: {} });
      const cities = objectList(http, credentials, body.city_list, what).flatMap((item) => {
        const id = text(item.id);
        const name = text(item.name);
        if (!id || !name) throw unexpectedShape(http, credentials, `${what}: a city without id or name`);
        if (
          item.allow_as_destination === false ||
          item.allow_as_destination === "false" ||
          item.allow_as_destination === 0
        )
          return [];
        return [{ id, name }];
      });
      return cities.sort((a, b) => a.name.localeCompare(b.name));
    },

    // Leopards picks a parcel up at the shipper's own address (origin_city and shipment_* "self"): no address codes.
    async pickupAddresses() {
      return [];
    },

    async book(credentials, parcel) {
      const what = `the booking of ${parcel.orderNumber}`;
      const body = await call(credentials, "bookPacket", what, { post: bookPacketBody(parcel) });
      const trackingNumber = text(body.track_number);
      if (!trackingNumber) throw unexpectedShape(http, credentials, `${what}: no track_number`);
      return { trackingNumber, labelUrl: text(body.slip_link) };
    },

    async findBooking(credentials, orderNumber) {
      // Get Shipment Details By Order ID(s): Leopards keeps booked_packet_order_id, our order number.
      const what = `the search for ${orderNumber}'s booking`;
      const body = await call(
        credentials,
        "getShipmentDetailsByOrderID",
        what,
        { post: { shipment_order_id: [orderNumber] } },
        true,
      );
      if (String(body.status) === "0") {
        if (/not found|no record|no data|does not exist/i.test(describeError(body.error))) return null;
        throw new CourierApiError(
          redact(`Leopards refused ${what}: ${describeError(body.error)}`, credentials),
          false,
          200,
        );
      }
      for (const item of objectList(http, credentials, body.data, what)) {
        if (text(item.booked_packet_order_id) !== orderNumber) continue;
        if (/cancel/i.test(text(item.booked_packet_status) ?? "")) continue;
        const trackingNumber = text(item.track_number);
        if (trackingNumber) return { trackingNumber, labelUrl: text(item.slip_link) };
      }
      return null;
    },

    async cancel(credentials, trackingNumbers) {
      const outcomes: CancelOutcome[] = [];
      for (const numbers of chunk([...new Set(trackingNumbers)], LEOPARDS_TRACK_CHUNK)) {
        const what = `the cancellation of ${numbers.join(", ")}`;
        const body = await call(
          credentials,
          "cancelBookedPackets",
          what,
          { post: { cn_numbers: numbers.join(",") } },
          true,
        );
        const refused = String(body.status) === "0" ? body.error : null;
        if (refused !== null && (typeof refused !== "object" || Array.isArray(refused))) {
          // One error for the whole request (a wrong key, a malformed list): nothing was cancelled.
          throw new CourierApiError(
            redact(`Leopards refused ${what}: ${describeError(refused)}`, credentials),
            false,
            200,
          );
        }
        // Errors by CN number: those stay booked, the others are cancelled.
        const errors = (refused ?? {}) as Record<string, unknown>;
        for (const trackingNumber of numbers) {
          const message = text(errors[trackingNumber]);
          outcomes.push(
            message
              ? { trackingNumber, cancelled: false, message: redact(message, credentials) }
              : { trackingNumber, cancelled: true, message: null },
          );
        }
      }
      return outcomes;
    },

    async track(credentials, trackingNumbers) {
      const parcels: ParcelTracking[] = [];
      for (const numbers of chunk([...new Set(trackingNumbers)], LEOPARDS_TRACK_CHUNK)) {
        const what = `tracking of ${numbers.length} parcel${numbers.length === 1 ? "" : "s"}`;
        const body = await call(
          credentials,
          "trackBookedPacket",
          what,
          { post: { track_numbers: numbers.join(",") } },
          true,
        );
        if (String(body.status) === "0") {
          // None of these numbers is Leopards' (yet): nothing to report for them.
          if (/not found|no record|no data/i.test(describeError(body.error))) continue;
          throw new CourierApiError(
            redact(`Leopards refused ${what}: ${describeError(body.error)}`, credentials),
            false,
            200,
          );
        }
        for (const packet of objectList(http, credentials, body.packet_list, what)) {
          const trackingNumber = text(packet.track_number);
          if (!trackingNumber) throw unexpectedShape(http, credentials, `${what}: a packet without track_number`);
          parcels.push({
            trackingNumber,
            orderNumber: text(packet.booked_packet_order_id),
            events: readDetails(packet),
          });
        }
      }
      return parcels;
    },

    async payments(credentials, trackingNumbers) {
      const payments: ParcelPayment[] = [];
      for (const numbers of chunk([...new Set(trackingNumbers)], LEOPARDS_PAYMENT_CHUNK)) {
        const what = `the payment details of ${numbers.length} parcel${numbers.length === 1 ? "" : "s"}`;
        // GET only (Leopards takes no body here): the one place with the key and password in the query, with getShippingCharges.
        const body = await call(
          credentials,
          "getPaymentDetails",
          what,
          { get: { cn_numbers: numbers.join(",") } },
          true,
        );
        if (String(body.status) === "0" && !/not found|no record|no data/i.test(describeError(body.error))) {
          throw new CourierApiError(
            redact(`Leopards refused ${what}: ${describeError(body.error)}`, credentials),
            false,
            200,
          );
        }
        // Numbers Leopards does not know (yet) have no payment: they stay unsettled.
        const byNumber = new Map(
          objectList(http, credentials, String(body.status) === "1" ? body.payment_list : null, what).map((item) => [
            text(item.booked_packet_cn) ?? "",
            item,
          ]),
        );
        const paid = numbers.filter((n) => /^paid$/i.test(text(byNumber.get(n)?.status) ?? ""));
        // getPaymentDetails says whether and by which cheque or transfer; getShippingCharges says how much.
        const charges = new Map<string, Record<string, unknown>>();
        if (paid.length > 0) {
          const chargesWhat = `the shipping charges of ${paid.length} parcel${paid.length === 1 ? "" : "s"}`;
          const chargesBody = await call(credentials, "getShippingCharges", chargesWhat, {
            get: { cn_numbers: paid.join(",") },
          });
          for (const item of objectList(http, credentials, chargesBody.data, chargesWhat))
            charges.set(text(item.cn_number) ?? "", item);
        }
        for (const trackingNumber of numbers) {
          const item = byNumber.get(trackingNumber);
          const settled = paid.includes(trackingNumber);
          const bill = charges.get(trackingNumber);
          const collected = bill ? readPaisa(bill.booked_packet_collect_amount) : null;
          const charged = bill
            ? readPaisa(bill.net_charges ?? bill.billed_charges ?? bill[" billed_charges"] ?? bill.gross_charges)
            : null;
          payments.push({
            trackingNumber,
            settled,
            settledOn: settled ? readCourierDay(item?.invoice_cheque_date) : null,
            reference: settled ? text(item?.invoice_cheque_no) : null,
            collectedPaisa: collected,
            chargesPaisa: charged,
            netPaidPaisa: collected !== null && charged !== null ? collected - charged : null,
            // Leopards' published payment answers carry no tax withheld: its statements do (file columns).
            incomeTaxPaisa: null,
            salesTaxPaisa: null,
          });
        }
      }
      return payments;
    },

    async label(_credentials, trackingNumber, labelUrl) {
      if (!labelUrl)
        throw new CourierApiError(
          `Leopards gave no slip link for ${trackingNumber}: print it from Leopards' portal`,
          false,
        );
      return { kind: "url", url: labelUrl };
    },

    async advise(credentials, trackingNumber, advice, remarks) {
      // Leopards keeps one advice record per attempted packet (Shipper Advice List); the advice names its id.
      const what = `the shipper advice for ${trackingNumber}`;
      const listed = await call(credentials, "shipperAdviceList", what, {
        post: { Cn_number: trackingNumber, start: 0, length: 100 },
      });
      const records = objectList(http, credentials, listed.data, what).filter(
        (r) => text(r.cn_number) === trackingNumber,
      );
      const record = records.sort((a, b) => Number(text(b.id) ?? 0) - Number(text(a.id) ?? 0))[0];
      const id = record ? text(record.id) : null;
      if (!id)
        throw new CourierApiError(
          `Leopards refused ${what}: no delivery attempt awaits advice for this parcel`,
          false,
          200,
        );
      await call(credentials, "updateShipperAdvice", what, {
        post: {
          data: [
            {
              id: /^\d+$/.test(id) ? Number(id) : id,
              cn_number: trackingNumber,
              shipper_advice_status: advice === "return" ? "RT" : "RA",
              shipper_remarks: remarks.trim() || (advice === "return" ? "Return to shipper" : "Please attempt again"),
            },
          ],
        },
      });
    },
  };
}

/** The bookPacket request for one parcel: the shipper is the account itself ("self"), weight in grams, COD in whole rupees. */
export function bookPacketBody(parcel: ApiParcel): Record<string, unknown> {
  const instructions = [
    parcel.remarks?.trim(),
    parcel.exchangeFor ? `Exchange: collect the item of order ${parcel.exchangeFor}` : null,
    parcel.description,
  ]
    .filter(Boolean)
    .join(". ");
  return {
    booked_packet_weight: parcel.weightGrams,
    booked_packet_no_piece: parcel.pieces,
    booked_packet_collect_amount: parcel.codAmount,
    booked_packet_order_id: parcel.orderNumber,
    origin_city: "self",
    destination_city: /^\d+$/.test(parcel.city.id) ? Number(parcel.city.id) : parcel.city.id,
    shipment_name_eng: "self",
    shipment_email: "self",
    shipment_phone: "self",
    shipment_address: "self",
    consignment_name_eng: parcel.consigneeName,
    consignment_email: parcel.email,
    consignment_phone: localMobile(parcel.phone),
    consignment_address: parcel.address,
    special_instructions: instructions || "Handle with care",
  };
}

/** "Tracking Detail" as events, oldest first. */
function readDetails(packet: Record<string, unknown>): TrackingEvent[] {
  const details = packet["Tracking Detail"] ?? packet.TrackingDetail ?? packet.tracking_detail;
  const events: { event: TrackingEvent; index: number }[] = [];
  (Array.isArray(details) ? details : []).forEach((entry: Record<string, unknown>, index) => {
    if (!entry || typeof entry !== "object") return;
    const status = text(entry.Status) ?? text(entry.Staus) ?? text(entry.status);
    if (!status) return;
    const date = text(entry["Activity Date"]) ?? text(entry.Activity_Date);
    const time = text(entry["Activity Time"]) ?? text(entry.Activity_Time);
    const at =
      readCourierTime(entry["Activity datetime"] ?? entry["Activity Datetime"]) ??
      readCourierTime(date && time ? `${date} ${time}` : date);
    if (!at) return;
    const rawReason = text(entry.Reason) ?? text(entry.reason);
    const reason = rawReason && !/^(n\/?a|-+|null|0)$/i.test(rawReason) ? rawReason : null;
    events.push({ event: { kind: leopardsEventKind(status, reason), status, code: null, at, reason }, index });
  });
  // Leopards lists a journey oldest first; should a list come newest first, same-day entries keep their real order.
  const newestFirst = events.length > 1 && events[0].event.at.getTime() > events[events.length - 1].event.at.getTime();
  const order = (index: number) => (newestFirst ? -index : index);
  return events
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || order(a.index) - order(b.index))
    .map(({ event }) => event);
}

/** Leopards' `error`: a string, or its messages by field or CN number ("destination_city: Destination City is required"). */
function describeError(error: unknown): string {
  if (typeof error === "string" && error.trim() && error !== "0") return error.trim();
  if (error && typeof error === "object") {
    const parts: string[] = [];
    const walk = (value: unknown, key: string | null) => {
      if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, /^\d+$/.test(k) ? key : k);
      else if (value !== null && value !== undefined && String(value).trim())
        parts.push(key ? `${key}: ${String(value).trim()}` : String(value).trim());
    };
    walk(error, null);
    if (parts.length > 0) return parts.join("; ");
  }
  return "no reason given";
}
