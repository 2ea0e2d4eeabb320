import { PaymentGatewayError, type GatewayCredentials } from "~/modules/payments/payment-gateway";

/**
 * What the Safepay and JazzCash clients share: one JSON exchange with a timeout, the rules for
 * which failures are worth a retry, and the credentials cut out of every text we keep.
 */
export const GATEWAY_TIMEOUT_MS = 15_000;

export type GatewayHttp = { gateway: string; timeoutMs: number; fetchImpl: typeof fetch };

export type GatewayRequest = {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** In the owner's words, for messages: "the status of KP-1001's payment". */
  what: string;
};

/**
 * Sends one request and answers its JSON. Throws a retryable PaymentGatewayError when no answer
 * came, the answer was a 5xx or 429, or it was not JSON; a non-retryable one for other 4xx.
 */
export async function exchangeJson(
  http: GatewayHttp,
  credentials: GatewayCredentials,
  request: GatewayRequest,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  let text: string;
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
    text = await response.text();
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    const reason =
      name === "TimeoutError" || name === "AbortError"
        ? `no answer from ${http.gateway} within ${Math.round(http.timeoutMs / 1000)} s for ${request.what}`
        : `${http.gateway} could not be reached for ${request.what}`;
    throw new PaymentGatewayError(redact(reason, credentials), true);
  }
  if (response.status === 429 || response.status >= 500) {
    throw new PaymentGatewayError(
      redact(`${http.gateway} answered ${response.status} for ${request.what}; try again shortly`, credentials),
      true,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PaymentGatewayError(
      redact(`${http.gateway} answered ${response.status} without JSON for ${request.what}`, credentials),
      true,
    );
  }
  return { status: response.status, json };
}

/** Every credential value (4 characters or longer) replaced by [redacted] in a text we keep or show. */
export function redact(text: string, credentials: GatewayCredentials): string {
  let out = text;
  for (const value of Object.values(credentials)) {
    if (value && value.length >= 4) out = out.split(value).join("[redacted]");
  }
  return out;
}

/** A JSON value as a plain object, or an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

/** A whole non-negative number of paisa from a number or digits; null for anything else. */
export function paisa(value: unknown): number | null {
  const text = str(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}
