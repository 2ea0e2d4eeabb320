import { SHOP_UTC_OFFSET_MS } from "~/lib/shop-time";
import { CourierApiError, type CourierCredentials } from "~/modules/shipping/couriers/courier-api";

/**
 * What the PostEx and Leopards clients share: one HTTP exchange with a timeout and the rules for
 * which failures are worth a retry, the credentials cut out of every text we keep, and readers for
 * the couriers' phones, amounts and dates. Nothing here knows a courier's paths or shapes.
 */
export const COURIER_TIMEOUT_MS = 15_000;

export type CourierRequest = {
  method: "GET" | "POST" | "PUT";
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** What we asked, in the owner's words, for messages: "the booking of KP-1001". */
  what: string;
};

export type CourierAnswer = { status: number; contentType: string; bytes: Uint8Array; text: string };

/** The courier's name, how long to wait, and which fetch to use (tests pass none: the real one). */
export type CourierHttp = { courier: string; timeoutMs: number; fetchImpl: typeof fetch };

/**
 * Sends one request and answers the courier's raw answer, whatever its HTTP status. Throws a
 * retryable CourierApiError when no answer came (network error, timeout): the courier may or may
 * not have acted on it, so a booking is settled with findBooking before it is tried again.
 */
export async function exchange(
  http: CourierHttp,
  credentials: CourierCredentials,
  request: CourierRequest,
): Promise<CourierAnswer> {
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await http.fetchImpl(request.url, {
      method: request.method,
      headers: {
        Accept: "application/json",
        ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(http.timeoutMs),
    });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? `no answer from ${http.courier} within ${describeDuration(http.timeoutMs)} for ${request.what}`
        : `${http.courier} could not be reached for ${request.what}: ${networkReason(error)}`;
    throw new CourierApiError(redact(reason, credentials), true, null);
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    bytes,
    text: new TextDecoder().decode(bytes),
  };
}

/** The answer's JSON, or a retryable error naming what came instead (an HTML error page, a cut-off answer). */
export function readJson(
  http: CourierHttp,
  credentials: CourierCredentials,
  answer: CourierAnswer,
  what: string,
): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    const sample = answer.text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 120);
    throw unexpectedShape(
      http,
      credentials,
      `${what}: HTTP ${answer.status}, not JSON${sample ? ` ("${sample}")` : ""}`,
      answer.status,
    );
  }
}

/** "PostEx answered in an unexpected shape: ..." (retryable: a changed or broken answer may be fixed on their side). */
export function unexpectedShape(
  http: CourierHttp,
  credentials: CourierCredentials,
  detail: string,
  status: number | null = null,
): CourierApiError {
  return new CourierApiError(
    redact(`${http.courier} answered in an unexpected shape: ${detail}`, credentials),
    true,
    status,
  );
}

/** HTTP statuses worth trying again: the courier's servers, throttling, and a request timeout on their side. */
/** A courier's list of records: [] when absent, the objects in it, an unexpected shape when it is not a list. */
export function objectList(
  http: CourierHttp,
  credentials: CourierCredentials,
  value: unknown,
  what: string,
): Record<string, unknown>[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw unexpectedShape(http, credentials, `${what}: the list is not a list`);
  return value.filter((item): item is Record<string, unknown> => !!item && typeof item === "object");
}

/** A body parsed as JSON, or null when it is not JSON (an HTML error page, a PDF). */
export function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The start of an answer the client cannot read, tags and runs of spaces taken out, for the owner's message. */
export function bodySample(body: string): string {
  const cleaned = body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return cleaned ? ` (${cleaned})` : "";
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Cuts every credential value (4 characters or longer) out of a text, and keeps it short. */
export function redact(text: string, credentials: CourierCredentials): string {
  let cleaned = text;
  for (const value of Object.values(credentials)) {
    if (typeof value === "string" && value.length >= 4) {
      cleaned = cleaned.split(value).join("[hidden]");
      const encoded = encodeURIComponent(value);
      if (encoded !== value) cleaned = cleaned.split(encoded).join("[hidden]");
    }
  }
  return cleaned.replace(/\s+/g, " ").trim().slice(0, 500);
}

function describeDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function networkReason(error: unknown): string {
  const e = error as { cause?: { code?: unknown; message?: unknown }; message?: unknown } | null;
  const code = typeof e?.cause?.code === "string" ? e.cause.code : null;
  const message =
    typeof e?.cause?.message === "string"
      ? e.cause.message
      : typeof e?.message === "string"
        ? e.message
        : String(error);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

/** Runs `work` over `items` with at most `limit` at a time, answers in the items' order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

// ---------------------------------------------------------------------------------------------
// Values as couriers write them

/** "03001234567", as PostEx and Leopards want a mobile number, from the shop's "+923001234567". */
export function localMobile(phone: string): string {
  const digits = phone.replace(/[^\d]/g, "");
  if (/^923\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^3\d{9}$/.test(digits)) return `0${digits}`;
  return digits;
}

/**
 * An amount as a courier writes it ("191.18", "1,250", 191.18, "Rs. 250") in whole paisa, read
 * from its decimal digits (no floating-point error: "191.18" is 19118, never 19117.999...). Null
 * for an empty or unreadable value.
 */
export function readPaisa(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return readPaisa(String(value));
  }
  if (typeof value !== "string") return null;
  const text = value.replace(/rs\.?|pkr|,|\s/gi, "");
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const [, sign, whole, fraction = ""] = match;
  const cents = (fraction + "00").slice(0, 2);
  // A third decimal rounds half up, as the couriers' own statements do.
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const paisa = Number(whole || "0") * 100 + Number(cents) + roundUp;
  return sign === "-" ? -paisa : paisa;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/**
 * A date or time as couriers write it, as an instant: "2026-11-24T14:05:00", "2026-11-24 14:05",
 * "24/11/2026 14:05", "24-11-2026", "24-Nov-2026", "2026/11/24", "2026-11-24", with a zone when
 * one is given ("Z", "+00:00") and in Pakistan time when none is (couriers write their local
 * time). Day first where the year comes last: couriers in Pakistan never write month first. Null
 * for anything else.
 */
export function readCourierTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!text) return null;
  let year: number, month: number, day: number;
  let rest: string;
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(.*)$/.exec(text);
  if (m) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    rest = m[4];
  } else if ((m = /^(\d{1,2})[-/. ](\d{1,2}|[A-Za-z]{3,9})[-/. ](\d{4}|\d{2})(.*)$/.exec(text))) {
    day = Number(m[1]);
    month = /^\d+$/.test(m[2]) ? Number(m[2]) : (MONTHS[m[2].slice(0, 3).toLowerCase()] ?? 0);
    year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    rest = m[4];
  } else {
    return null;
  }
  const time =
    /^(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?\s*([AaPp][Mm])?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(rest);
  if (!time) return null;
  let hour = Number(time[1] ?? 0);
  const minute = Number(time[2] ?? 0);
  const second = Number(time[3] ?? 0);
  const millis = Number(((time[4] ?? "") + "000").slice(0, 3));
  if (time[5]) {
    const pm = time[5].toLowerCase() === "pm";
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(wall);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  const zone = time[6];
  if (!zone) return new Date(wall - SHOP_UTC_OFFSET_MS);
  if (zone === "Z") return new Date(wall);
  const zm = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const offset = (Number(zm[2]) * 60 + Number(zm[3])) * 60_000 * (zm[1] === "-" ? -1 : 1);
  return new Date(wall - offset);
}

/** "2026-11-24": a courier's date (any form readCourierTime reads) as the Pakistan calendar day. */
export function readCourierDay(value: unknown): string | null {
  const at = readCourierTime(value);
  return at ? new Date(at.getTime() + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10) : null;
}

/** A text field of a courier's answer, trimmed; null when absent or empty. */
export function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}
