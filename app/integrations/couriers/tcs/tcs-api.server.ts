import { createHash } from "node:crypto";
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
  type CourierAnswer,
  type CourierHttp,
  safeJson,
} from "../courier-http.server";
import { splitTcsStatus, tcsEventKind } from "./tcs-status";

/**
 * TCS's E-COM API ("OCI Connect", API User Guide v1.0; docs/couriers/tcs-api.md). Two tokens: a
 * bearer from /auth/api/auth (client ID and secret) sent as `Authorization: Bearer` on every call,
 * and an `accesstoken` from /ecom/api/authentication/token (the Envio login) sent in the query of a
 * GET and the JSON body of a POST; tracking takes the bearer alone. Both are kept per credentials in
 * this client until a minute before they expire, and fetched again once on a 401. TCS answers many
 * refusals over HTTP 200 ("FAIL", "Failure: ...", an `error` list), so every answer's body is read.
 * The credentials come from Settings -> Couriers with every call.
 */
export const DEFAULT_TCS_API_URL = "https://ociconnect.tcscourier.com";

/** Tracking, cancelling and payment status take one consignment number a request: this many at a time. */
export const TCS_PARALLEL = 4;
/** The only service code TCS's guide documents ("O": overnight); others come from the account manager. */
export const TCS_SERVICE_CODE = "O";
/** Tokens are dropped this long before TCS says they expire. */
const TOKEN_MARGIN_MS = 60_000;
/** How long a token is kept when TCS gives no readable expiry. */
const TOKEN_FALLBACK_MS = 15 * 60_000;

const SETTINGS = "Settings -> Couriers -> API connection";

type TcsBody = Record<string, unknown>;
type Session = { bearer: string; accessToken: string; expiresAt: number };
type TcsRequest = {
  method: "GET" | "POST";
  path: string;
  what: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Where the E-COM accesstoken goes: the query of a GET, the body of a POST, or nowhere (tracking). */
  accessToken: "query" | "body" | "none";
  binary?: boolean;
};
type Reply = { status: number; body: TcsBody | null; bytes: Uint8Array; contentType: string };
/** A cost centre as the inquiry lists it: the shop's pickup location at TCS, and the shipper on its labels. */
type CostCentre = { code: string; name: string; city: string; address: string; phone: string };

const CREDENTIAL_FIELDS = [
  { key: "clientId", label: "Client ID", secret: false },
  { key: "clientSecret", label: "Client secret", secret: true },
  { key: "username", label: "Envio username", secret: false },
  { key: "password", label: "Envio password", secret: true },
  { key: "accountNo", label: "TCS account number", secret: false },
] as const;

export function createTcsApi({
  baseUrl = DEFAULT_TCS_API_URL,
  timeoutMs = COURIER_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): CourierApi {
  const origin = baseUrl.replace(/\/+$/, "");
  const http: CourierHttp = { courier: "TCS", timeoutMs, fetchImpl };
  /** Signed-in sessions by a hash of the credentials (never the credentials themselves as keys). */
  const sessions = new Map<string, Promise<Session>>();

  function credential(credentials: CourierCredentials, key: (typeof CREDENTIAL_FIELDS)[number]["key"]): string {
    const value = credentials[key]?.trim();
    if (!value) {
      const label = CREDENTIAL_FIELDS.find((f) => f.key === key)!.label;
      throw new CourierApiError(`TCS ${label} is missing: enter it in ${SETTINGS}`, false);
    }
    return value;
  }

  function address(path: string, query: Record<string, string> = {}): string {
    const url = new URL(`${origin}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** TCS's JSON (null for a PDF or an empty answer); throws a retryable error for 5xx, 429 and a 2xx it cannot read. */
  function judge(secrets: CourierCredentials, answer: CourierAnswer, what: string, binary = false): Reply {
    let body: TcsBody | null = null;
    if (!(binary && isPdf(answer.bytes)) && answer.text.trim()) {
      const ok = answer.status >= 200 && answer.status < 300;
      const json = ok ? readJson(http, secrets, answer, what) : safeJson(answer.text);
      body = json && typeof json === "object" && !Array.isArray(json) ? (json as TcsBody) : null;
    }
    if (isRetryableStatus(answer.status)) {
      throw new CourierApiError(
        redact(`TCS could not take ${what} just now: ${tcsWords(body) ?? `HTTP ${answer.status}`}`, secrets),
        true,
        answer.status,
      );
    }
    return { status: answer.status, body, bytes: answer.bytes, contentType: answer.contentType };
  }

  /** Step 1 (client ID and secret -> bearer), then step 2 (Envio login -> accesstoken). */
  async function signIn(credentials: CourierCredentials): Promise<Session> {
    const clientid = credential(credentials, "clientId");
    const clientsecret = credential(credentials, "clientSecret");
    const username = credential(credentials, "username");
    const password = credential(credentials, "password");

    const authWhat = "the sign-in with the client ID and client secret";
    // The guide shows a GET with a JSON body; a GET body is dropped, real clients send a query string.
    const auth = judge(
      credentials,
      await exchange(http, credentials, {
        method: "GET",
        url: address("/auth/api/auth", { clientid, clientsecret }),
        what: authWhat,
      }),
      authWhat,
    );
    const result = record(auth.body?.result);
    const bearer = text(result?.accessToken);
    if (!bearer) {
      if (isRefusal(auth)) throw signInRefused(credentials, "the client ID and client secret", auth);
      throw unexpectedShape(http, credentials, `${authWhat}: no result.accessToken`, auth.status);
    }

    const tokenWhat = "the sign-in with the Envio username and password";
    const secrets = { ...credentials, bearer };
    const token = judge(
      secrets,
      await exchange(http, secrets, {
        method: "GET",
        url: address("/ecom/api/authentication/token", { username, password }),
        headers: { Authorization: `Bearer ${bearer}` },
        what: tokenWhat,
      }),
      tokenWhat,
    );
    const accessToken = text(token.body?.accesstoken);
    if (!accessToken) {
      if (isRefusal(token)) throw signInRefused(secrets, "the Envio username and password", token);
      throw unexpectedShape(http, secrets, `${tokenWhat}: no accesstoken`, token.status);
    }
    const expiresAt = Math.min(expiry(result?.expiry), expiry(token.body?.expiry)) - TOKEN_MARGIN_MS;
    return { bearer, accessToken, expiresAt };
  }

  function signInRefused(secrets: CourierCredentials, which: string, reply: Reply): CourierApiError {
    const words = tcsWords(reply.body) ?? `HTTP ${reply.status}`;
    return new CourierApiError(
      redact(`TCS refused ${which}: ${words}. Check them in ${SETTINGS}`, secrets),
      false,
      reply.status,
    );
  }

  /** The credentials' session: the cached one while it lasts; a new one when none is, or when `stale` was refused. */
  function session(credentials: CourierCredentials, stale?: Session): Promise<Session> {
    const key = sessionKey(credentials);
    const cached = sessions.get(key);
    if (!cached) return renew(credentials, key, undefined);
    return cached.then((s) => (s === stale || s.expiresAt <= Date.now() ? renew(credentials, key, cached) : s));
  }

  /** Signs in again unless another call already has (parallel calls share one sign-in). */
  function renew(credentials: CourierCredentials, key: string, old: Promise<Session> | undefined): Promise<Session> {
    const current = sessions.get(key);
    if (current && current !== old) return current;
    const fresh = signIn(credentials);
    sessions.set(key, fresh);
    fresh.catch(() => {
      if (sessions.get(key) === fresh) sessions.delete(key);
    });
    return fresh;
  }

  async function send(credentials: CourierCredentials, current: Session, request: TcsRequest): Promise<Reply> {
    const secrets = { ...credentials, bearer: current.bearer, accesstoken: current.accessToken };
    const query = {
      ...request.query,
      ...(request.accessToken === "query" ? { accesstoken: current.accessToken } : {}),
    };
    const body =
      request.body === undefined
        ? undefined
        : { ...(request.accessToken === "body" ? { accesstoken: current.accessToken } : {}), ...request.body };
    const answer = await exchange(http, secrets, {
      method: request.method,
      url: address(request.path, query),
      headers: { Authorization: `Bearer ${current.bearer}` },
      body,
      what: request.what,
    });
    return judge(secrets, answer, request.what, request.binary);
  }

  /** One call with the cached tokens; on a 401 both are fetched again and the call is sent once more. */
  async function call(credentials: CourierCredentials, request: TcsRequest): Promise<Reply> {
    let current = await session(credentials);
    let reply = await send(credentials, current, request);
    if (!isUnauthorized(reply)) return reply;
    current = await session(credentials, current);
    reply = await send(credentials, current, request);
    if (!isUnauthorized(reply)) return reply;
    throw new CourierApiError(
      redact(`TCS refused the access token for ${request.what}: ${tcsWords(reply.body) ?? `HTTP ${reply.status}`}`, {
        ...credentials,
        bearer: current.bearer,
        accesstoken: current.accessToken,
      }),
      false,
      reply.status,
    );
  }

  /** A call that must succeed: TCS's refusal (a 4xx, or "FAIL"/"Failure..." over HTTP 200) in its words. */
  async function must(credentials: CourierCredentials, request: TcsRequest): Promise<TcsBody> {
    const reply = await call(credentials, request);
    if (reply.status < 200 || reply.status >= 300 || (reply.body && hasFailed(reply.body)))
      throw refusal(credentials, request.what, reply);
    if (!reply.body) throw unexpectedShape(http, credentials, `${request.what}: an empty answer`, reply.status);
    return reply.body;
  }

  function refusal(credentials: CourierCredentials, what: string, reply: Reply): CourierApiError {
    const words = tcsWords(reply.body) ?? `HTTP ${reply.status}`;
    return new CourierApiError(redact(`TCS refused ${what}: ${words}`, credentials), false, reply.status);
  }

  function rows(credentials: CourierCredentials, value: unknown, what: string): TcsBody[] {
    if (value === null || value === undefined) return [];
    if (!Array.isArray(value)) throw unexpectedShape(http, credentials, `${what}: the list is not a list`);
    return value.filter((item): item is TcsBody => !!item && typeof item === "object");
  }

  async function costCentres(credentials: CourierCredentials): Promise<CostCentre[]> {
    const what = "the cost centre inquiry";
    // The guide's /ecom/inquiry/... answers 404; clients tested against the sandbox use /ecom/api/inquiry/...
    const body = await must(credentials, {
      method: "GET",
      path: "/ecom/api/inquiry/costcenterinquiry",
      query: { customerno: credential(credentials, "accountNo") },
      accessToken: "query",
      what,
    });
    return rows(credentials, body.detail, what).map((row) => {
      const code = text(row.costcentercode);
      if (!code) throw unexpectedShape(http, credentials, `${what}: a cost centre without costcentercode`);
      return {
        code,
        name: text(row.costcentername) ?? code,
        city: text(row.costcentercity) ?? "",
        address: text(row.pickupaddress) ?? "",
        phone: text(row.phoneno) ?? "",
      };
    });
  }

  /** The cost centre a booking goes from: the one chosen in Settings, else the account's only one. */
  async function costCentreFor(credentials: CourierCredentials, code: string | null): Promise<CostCentre> {
    const centres = await costCentres(credentials);
    if (code) {
      const chosen = centres.find((c) => c.code === code);
      if (chosen) return chosen;
      throw new CourierApiError(
        `TCS lists no cost centre "${code}" for this account: choose another in ${SETTINGS}`,
        false,
      );
    }
    if (centres.length === 1) return centres[0];
    throw new CourierApiError(
      centres.length === 0
        ? `TCS lists no cost centre for this account: create one in TCS's portal (Envio), then choose it in ${SETTINGS}`
        : `TCS has ${centres.length} cost centres for this account: choose the one parcels are picked up from in ${SETTINGS}`,
      false,
    );
  }

  async function trackOne(credentials: CourierCredentials, trackingNumber: string): Promise<ParcelTracking> {
    const what = `tracking of ${trackingNumber}`;
    const reply = await call(credentials, {
      method: "GET",
      path: "/tracking/api/Tracking/GetDynamicTrackDetail",
      // A plain string: an array fails TCS's model binding.
      query: { consignee: trackingNumber },
      accessToken: "none",
      what,
    });
    if (reply.status < 200 || reply.status >= 300) throw refusal(credentials, what, reply);
    const body = reply.body;
    if (!body) throw unexpectedShape(http, credentials, `${what}: an empty answer`, reply.status);
    if (hasFailed(body)) {
      // "No Data Found/Invalid CN": TCS has nothing for this number (yet); the others go on.
      if (/no data|invalid cn|not found/i.test(`${text(body.shipmentsummary) ?? ""} ${text(body.message) ?? ""}`))
        return { trackingNumber, orderNumber: null, events: [] };
      throw refusal(credentials, what, reply);
    }
    const shipment = rows(credentials, body.shipmentinfo, what)[0];
    const reference = text(shipment?.referenceno);
    return {
      trackingNumber,
      orderNumber: reference && !/^n\/?a$/i.test(reference) ? reference : null,
      events: readJourney(rows(credentials, body.checkpoints, what), rows(credentials, body.deliveryinfo, what)),
    };
  }

  async function paymentOf(credentials: CourierCredentials, trackingNumber: string): Promise<ParcelPayment> {
    const what = `the payment status of ${trackingNumber}`;
    const body = await must(credentials, {
      method: "GET",
      path: "/ecom/api/Payment/status",
      query: { customerno: credential(credentials, "accountNo"), consignmentno: trackingNumber },
      accessToken: "query",
      what,
    });
    // "Invalid CN" comes as detail null: TCS has no payment for it (yet).
    const details = rows(credentials, body.detail, what);
    const row = details.find((d) => text(d["cn by courier"]) === trackingNumber) ?? details[0];
    const settled = !!row && /^y(es)?$/i.test(text(row["payment status"]) ?? "");
    const settledOn = settled ? readCourierDay(row["payment date"]) : null;
    return {
      trackingNumber,
      settled,
      settledOn,
      // TCS's payment status names no payment or invoice: parcels paid the same day form one settlement.
      reference: settledOn ? `TCS ${settledOn}` : null,
      // The row has no cash collected: the shop reads the parcel's COD instead.
      collectedPaisa: null,
      chargesPaisa: settled ? readPaisa(row["delivery charges"]) : null,
      netPaidPaisa: settled ? readPaisa(row["amount paid"]) : null,
      // TCS's published payment answers carry no tax withheld (its invoices carry a gst per parcel).
      incomeTaxPaisa: null,
      salesTaxPaisa: null,
    };
  }

  return {
    kind: "tcs",
    // No lookup by order number, no replacement booking and no shipper advice in TCS's published API.
    offers: { findBooking: false, replacement: false, advise: false, label: true, payments: true },
    credentialFields: CREDENTIAL_FIELDS,

    async cities(credentials) {
      const what = "the list of cities";
      const body = await must(credentials, {
        method: "GET",
        path: "/ecom/api/setup/citylistbycountry",
        query: { countrycode: "PK" },
        accessToken: "query",
        what,
      });
      const cities = new Map<string, string>();
      for (const row of rows(credentials, body.data, what)) {
        const code = text(row.citycode);
        const name = text(row.cityname);
        if (!code || !name) throw unexpectedShape(http, credentials, `${what}: a city without citycode or cityname`);
        cities.set(code, name);
      }
      // The booking takes the city's code (citycode) beside its name: the code is its id.
      return [...cities].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },

    async pickupAddresses(credentials) {
      return (await costCentres(credentials)).map((c) => ({
        code: c.code,
        address: c.address && c.address !== c.name ? `${c.name}: ${c.address}` : c.name,
        city: c.city || null,
      }));
    },

    async book(credentials, parcel) {
      const what = `the booking of ${parcel.orderNumber}`;
      const account = credential(credentials, "accountNo");
      const centre = await costCentreFor(credentials, parcel.pickupAddressCode);
      const body = await must(credentials, {
        method: "POST",
        path: "/ecom/api/booking/create",
        body: bookingBody(account, centre, parcel),
        accessToken: "body",
        what,
      });
      const trackingNumber = text(body.consignmentNo) ?? text(body.consignmentno);
      if (!trackingNumber) throw unexpectedShape(http, credentials, `${what}: no consignmentNo`);
      // No label link in the answer: the label comes from CN Print (label()).
      return { trackingNumber, labelUrl: null };
    },

    async findBooking(_credentials, orderNumber) {
      throw new CourierApiError(
        `TCS publishes no way to look a booking up by order number: look for ${orderNumber} in TCS's portal (Envio) before booking it again`,
        false,
      );
    },

    async cancel(credentials, trackingNumbers) {
      return mapLimited(trackingNumbers, TCS_PARALLEL, async (trackingNumber): Promise<CancelOutcome> => {
        const reply = await call(credentials, {
          method: "POST",
          path: "/ecom/api/booking/cancel",
          body: { consignmentNumber: trackingNumber },
          accessToken: "body",
          what: `the cancellation of ${trackingNumber}`,
        });
        const ok = reply.status >= 200 && reply.status < 300;
        if (ok && /success/i.test(text(reply.body?.message) ?? ""))
          return { trackingNumber, cancelled: true, message: null };
        const words = tcsWords(reply.body) ?? `HTTP ${reply.status}`;
        return { trackingNumber, cancelled: false, message: redact(words, credentials) };
      });
    },

    async track(credentials, trackingNumbers) {
      return mapLimited([...new Set(trackingNumbers)], TCS_PARALLEL, (n) => trackOne(credentials, n));
    },

    async payments(credentials, trackingNumbers) {
      return mapLimited([...new Set(trackingNumbers)], TCS_PARALLEL, (n) => paymentOf(credentials, n));
    },

    async label(credentials, trackingNumber) {
      const what = `the airway bill of ${trackingNumber}`;
      const reply = await call(credentials, {
        method: "GET",
        path: "/ecom/api/print/label",
        query: { consignmentno: trackingNumber, shipperdetail: "true" },
        accessToken: "query",
        what,
        binary: true,
      });
      if (reply.status >= 200 && reply.status < 300 && isPdf(reply.bytes)) return { kind: "pdf", bytes: reply.bytes };
      if (reply.body || reply.status < 200 || reply.status >= 300) throw refusal(credentials, what, reply);
      throw unexpectedShape(
        http,
        credentials,
        `${what}: not a PDF (${reply.contentType || "no content type"})`,
        reply.status,
      );
    },

    async advise() {
      throw new CourierApiError("TCS publishes no shipper advice in its API: give your advice in TCS's portal", false);
    },
  };
}

/** The Booking - Create request for one parcel (the accesstoken is added when it is sent). */
export function bookingBody(account: string, centre: CostCentre, parcel: ApiParcel): Record<string, unknown> {
  const email = parcel.email.trim();
  // An exchange is an ordinary booking for TCS: the rider is told in the remarks what to collect.
  const remarks = [parcel.remarks?.trim(), parcel.exchangeItems ? `Collect: ${parcel.exchangeItems}` : null]
    .filter(Boolean)
    .join(". ")
    .slice(0, 500);
  return {
    consignmentno: "",
    shipperinfo: {
      tcsaccount: account,
      shippername: centre.name.slice(0, 50),
      address1: centre.address.slice(0, 120),
      countrycode: "PK",
      countryname: "Pakistan",
      cityname: centre.city,
      mobile: localMobile(centre.phone),
    },
    consigneeinfo: {
      ...consigneeNames(parcel.consigneeName),
      ...addressLines(parcel.address),
      countrycode: "PK",
      countryname: "Pakistan",
      citycode: parcel.city.id,
      cityname: parcel.city.name,
      ...(email.length >= 3 && email.length <= 50 ? { email } : {}),
      mobile: localMobile(parcel.phone),
    },
    shipmentinfo: {
      costcentercode: centre.code,
      referenceno: parcel.orderNumber,
      contentdesc: parcel.description.slice(0, 999),
      servicecode: TCS_SERVICE_CODE,
      currency: "PKR",
      codamount: parcel.codAmount,
      // Kilograms; clients use half a kilo as the least.
      weightinkg: Math.max(0.5, Math.round(parcel.weightGrams / 10) / 100),
      pieces: parcel.pieces,
      fragile: false,
      ...(remarks.length >= 3 ? { remarks } : {}),
    },
  };
}

/**
 * The guide wants firstname and middlename (3 to 50 characters each); the shop keeps one full name.
 * As clients that booked in TCS's sandbox do: the first word, the middle words (else the first word
 * again), the last word. A first word shorter than 3 letters takes the whole name.
 */
export function consigneeNames(fullName: string): { firstname: string; middlename: string; lastname?: string } {
  // TCS wants each part 3 to 50 characters (the last name may be left out). A part too short
  // ("Sana K", "Muhammad Al Khan") is not sent alone: the whole name stands in for it.
  const whole = fit(fullName.trim().replace(/\s+/g, " "));
  const words = whole.split(" ").filter(Boolean);
  const usable = (part: string | undefined) => (part && part.length >= 3 ? fit(part) : undefined);
  const first = usable(words[0]);
  if (!first) return { firstname: whole, middlename: whole };
  const rest = words.slice(1);
  const lastname = rest.length ? usable(rest.at(-1)) : undefined;
  if (lastname) rest.pop();
  const middlename = usable(rest.join(" ")) ?? (rest.length ? whole : first);
  return lastname ? { firstname: first, middlename, lastname } : { firstname: first, middlename };
}

/** At most 50 characters, and at least 3 (a name of one or two letters is filled out with dots). */
function fit(part: string): string {
  return part.slice(0, 50).padEnd(3, ".");
}

/** An address in TCS's lines of at most 120 characters (address1, address2, address3). */
function addressLines(text: string): Record<string, string> {
  const lines: string[] = [];
  let rest = text.replace(/\s+/g, " ").trim();
  while (rest && lines.length < 3) {
    const cut = rest.length <= 120 ? rest.length : rest.lastIndexOf(" ", 120) > 60 ? rest.lastIndexOf(" ", 120) : 120;
    lines.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  return Object.fromEntries(lines.map((line, i) => [`address${i + 1}`, line]));
}

/**
 * checkpoints (words, newest first) and deliveryinfo (delivery outcomes with a code) as one journey,
 * oldest first. A deliveryinfo row at a checkpoint's time is that checkpoint's code, not an event
 * of its own ("Shipment Delivered" and "Delivered", OK); one at another time is an event.
 */
function readJourney(checkpoints: TcsBody[], deliveries: TcsBody[]): TrackingEvent[] {
  type Entry = { words: string; code: string | null; at: Date; order: number; checkpoint: boolean };
  const entries: Entry[] = [];
  // Newest first in both lists: a higher index is older.
  checkpoints.forEach((row, index) => {
    const words = text(row.status);
    const at = readTcsTime(row.datetime);
    if (words && at) entries.push({ words, code: null, at, order: -index, checkpoint: true });
  });
  deliveries.forEach((row, index) => {
    const words = text(row.status);
    const at = readTcsTime(row.datetime);
    const code = text(row.code);
    if (!words || !at) return;
    const same = entries.find((e) => e.checkpoint && e.code === null && e.at.getTime() === at.getTime());
    if (same) same.code = code;
    else entries.push({ words, code, at, order: -index, checkpoint: false });
  });
  return entries
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)
    .map(({ words, code, at }) => {
      const { status, reason } = splitTcsStatus(words);
      return { kind: tcsEventKind(code, status, reason), status, code, at, reason };
    });
}

/** "Thursday Oct 17, 2024 12:58" (TCS's tracking time, Pakistan time with no zone) as an instant. */
export function readTcsTime(value: unknown): Date | null {
  const t = text(value);
  if (!t) return null;
  const m = /^(?:[A-Za-z]+,?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(.*)$/.exec(t);
  return readCourierTime(m ? `${m[2]}-${m[1]}-${m[3]}${m[4]}` : t);
}

/**
 * TCS's words from any of its error shapes: an `error` list ({ field: words } or { errorname }),
 * an `errorList` ({ key, errormessage }), `message`/`MESSAGE`, else its code.
 */
export function tcsWords(body: TcsBody | null): string | null {
  if (!body) return null;
  const generic = /^(errorname|errormessage|message|description|error)$/i;
  const details = [body.error, body.errorList].flatMap((list) =>
    Array.isArray(list)
      ? list.flatMap((entry: unknown) => {
          if (typeof entry === "string") return [entry];
          const e = record(entry);
          if (!e) return [];
          if (text(e.errormessage) && text(e.key)) return [`${text(e.key)}: ${text(e.errormessage)}`];
          return Object.entries(e).flatMap(([k, v]) => {
            const said = text(v);
            return said ? [generic.test(k) ? said : `${k}: ${said}`] : [];
          });
        })
      : [],
  );
  if (details.length > 0) return details.join("; ");
  const words = text(body.error) ?? text(body.message) ?? text(body.MESSAGE);
  if (words) return words;
  const code = text(body.code);
  return code ? `code ${code}` : null;
}

/** A refusal over HTTP 200: "FAIL", "Failure: ...", `status: false`, or an error list. */
function hasFailed(body: TcsBody): boolean {
  const errors = [body.error, body.errorList].some((e) => Array.isArray(e) && e.length > 0);
  return errors || body.status === false || [body.message, body.response].some((v) => /^fail/i.test(text(v) ?? ""));
}

/** An answer refusing a sign-in: a 4xx, or TCS's `status: false` over HTTP 200. */
function isRefusal(reply: Reply): boolean {
  return (reply.status >= 400 && reply.status < 500) || reply.body?.status === false || hasFailed(reply.body ?? {});
}

/** TCS's 401 shapes: the HTTP status, or code/status 401 or "UnAuthorized" in the body. */
function isUnauthorized(reply: Reply): boolean {
  if (reply.status === 401) return true;
  return [reply.body?.code, reply.body?.status].some(
    (v) => v === 401 || v === "401" || /^unauthori[sz]ed$/i.test(String(v)),
  );
}

function expiry(value: unknown): number {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : Date.now() + TOKEN_FALLBACK_MS;
}

function sessionKey(credentials: CourierCredentials): string {
  const { clientId, clientSecret, username, password } = credentials;
  return createHash("sha256")
    .update(JSON.stringify([clientId, clientSecret, username, password]))
    .digest("hex");
}

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && new TextDecoder().decode(bytes.slice(0, 4)) === "%PDF";
}

function record(value: unknown): TcsBody | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as TcsBody) : null;
}
