import { createHmac, timingSafeEqual } from "node:crypto";
import {
  PaymentGatewayError,
  type GatewayCredentials,
  type GatewayReport,
  type PaymentGateway,
} from "~/modules/payments/payment-gateway";
import { exchangeJson, GATEWAY_TIMEOUT_MS, paisa, record, redact, str, type GatewayHttp } from "../gateway-http.server";

/**
 * Safepay's API, written to its published SDKs (@sfpy/node-sdk, @sfpy/node-core, safepay-php):
 * - `POST /order/v1/init` { client: API key, amount, currency, environment } -> data.token, the
 *   tracker; the buyer goes to `/checkout/pay?beacon={tracker}&order_id&redirect_url&cancel_url&env`;
 * - the return to redirect_url carries `tracker` and `sig` = HMAC-SHA256(tracker, secret key):
 *   it proves the tracker is ours, not that it was paid, so the module then asks the reporter;
 * - `GET /reporter/api/v1/payments/{tracker}` (header X-SFPY-MERCHANT-SECRET) -> data.state
 *   (TRACKER_ENDED: paid) and data.purchase_totals.quote_amount { amount (paisa), currency };
 * - webhooks carry X-SFPY-SIGNATURE = HMAC-SHA512 of the payload's `data` object (as the SDKs
 *   serialise it) with the webhook secret;
 * - `POST /order/payments/v3/{tracker}/refund` gives money back.
 * The v1 init's amount is in rupees with two decimals (the SDKs' examples pass the order total).
 * The base address is SAFEPAY_API_URL (sandbox: https://sandbox.api.getsafepay.com; live:
 * https://api.getsafepay.com, whose hosted checkout is on https://getsafepay.com).
 */
export const SAFEPAY_DEFAULT_URL = "https://sandbox.api.getsafepay.com";
export const SAFEPAY_INIT_PATH = "/order/v1/init";
export const SAFEPAY_CHECKOUT_PATH = "/checkout/pay";
export const SAFEPAY_REPORTER_PATH = "/reporter/api/v1/payments/";
export const SAFEPAY_WEBHOOK_HEADER = "x-sfpy-signature";

const PAID_STATES = new Set(["TRACKER_ENDED", "PAID"]);
const DECLINED_STATES = new Set(["TRACKER_CANCELLED", "TRACKER_EXPIRED", "TRACKER_FAILED", "CANCELLED", "FAILED"]);

/** The signature Safepay puts on a return: HMAC-SHA256 of the tracker with the secret key, hex. */
export function safepayReturnSignature(tracker: string, secretKey: string): string {
  return createHmac("sha256", secretKey).update(tracker, "utf8").digest("hex");
}

/** The X-SFPY-SIGNATURE of a webhook whose payload's `data` is `data`. */
export function safepayWebhookSignature(data: unknown, webhookSecret: string): string {
  return createHmac("sha512", webhookSecret).update(JSON.stringify(data), "utf8").digest("hex");
}

export function createSafepayGateway(
  options: { baseUrl?: string; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): PaymentGateway {
  const base = (options.baseUrl || SAFEPAY_DEFAULT_URL).replace(/\/+$/, "");
  // Live checkout is served from the site, not the API host; sandbox and stand-ins serve both.
  const checkoutBase = base === "https://api.getsafepay.com" ? "https://getsafepay.com" : base;
  const http: GatewayHttp = {
    gateway: "Safepay",
    timeoutMs: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
    fetchImpl: options.fetchImpl ?? fetch,
  };
  // Safepay's init names its environment; its sandbox has "sandbox" in its address.
  const environment = (credentials: GatewayCredentials) =>
    credentials.environment || (base.includes("sandbox") ? "sandbox" : "production");

  async function reporter(credentials: GatewayCredentials, tracker: string, what: string) {
    return exchangeJson(http, credentials, {
      method: "GET",
      url: `${base}${SAFEPAY_REPORTER_PATH}${encodeURIComponent(tracker)}`,
      headers: { "X-SFPY-MERCHANT-SECRET": need(credentials, "secretKey") },
      what,
    });
  }

  return {
    name: "safepay",
    credentialFields: [
      { key: "apiKey", label: "API key", secret: true },
      { key: "secretKey", label: "Secret key", secret: true },
      { key: "webhookSecret", label: "Webhook secret", secret: true },
    ],

    async start(credentials, payment) {
      const { status, json } = await exchangeJson(http, credentials, {
        method: "POST",
        url: `${base}${SAFEPAY_INIT_PATH}`,
        body: {
          client: need(credentials, "apiKey"),
          amount: Number((payment.amountPaisa / 100).toFixed(2)),
          currency: "PKR",
          environment: environment(credentials),
        },
        what: `the payment of ${payment.orderNumber}`,
      });
      const token = str(record(record(json).data).token);
      if (status >= 400 || !token) throw refusal(credentials, json, status, `the payment of ${payment.orderNumber}`);
      const query = new URLSearchParams({
        beacon: token,
        cancel_url: payment.cancelUrl,
        env: environment(credentials),
        order_id: payment.reference,
        redirect_url: payment.returnUrl,
        source: "custom",
        webhooks: "true",
      });
      return {
        gatewayReference: token,
        redirect: { method: "GET", url: `${checkoutBase}${SAFEPAY_CHECKOUT_PATH}?${query}` },
      };
    },

    readReturn(credentials, fields) {
      const tracker = fields.tracker ?? "";
      const sig = (fields.sig ?? "").toLowerCase();
      if (!tracker || !credentials.secretKey || !/^[0-9a-f]{64}$/.test(sig)) return null;
      if (!timingSafeEqual(Buffer.from(sig), Buffer.from(safepayReturnSignature(tracker, credentials.secretKey))))
        return null;
      return {
        reference: fields.order_id || null,
        gatewayReference: tracker,
        outcome: "pending",
        amountPaisa: null,
        currency: null,
        message: "returned from Safepay's checkout",
      };
    },

    readNotification(credentials, body, headers) {
      const signature = (headers[SAFEPAY_WEBHOOK_HEADER] ?? "").toLowerCase();
      if (!credentials.webhookSecret || !/^[0-9a-f]{128}$/.test(signature)) return null;
      let payload: Record<string, unknown>;
      try {
        payload = record(JSON.parse(body));
      } catch {
        return null;
      }
      const data = record(payload.data);
      const expected = safepayWebhookSignature(data, credentials.webhookSecret);
      if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
      const tracker = str(data.tracker) || str(data.token);
      if (!tracker) return null;
      // The webhook says a payment moved; its amount is read from the reporter (server to server),
      // whose units the SDKs document, rather than from the webhook's own fields.
      const state = str(data.state).toUpperCase();
      return {
        reference: str(data.order_id) || null,
        gatewayReference: tracker,
        outcome: DECLINED_STATES.has(state) ? "declined" : "pending",
        amountPaisa: null,
        currency: null,
        message: `Safepay webhook ${str(payload.type) || state || "event"}`,
      };
    },

    async status(credentials, payment) {
      const what = `the status of payment ${payment.reference}`;
      const { status, json } = await reporter(credentials, payment.gatewayReference, what);
      if (status === 404)
        return { ...unpaid(payment.gatewayReference), message: "Safepay has no payment for this tracker yet" };
      if (status >= 400) throw refusal(credentials, json, status, what);
      const data = record(record(json).data);
      const state = str(data.state).toUpperCase();
      const quote = record(record(data.purchase_totals).quote_amount);
      return {
        reference: payment.reference,
        gatewayReference: str(data.token) || payment.gatewayReference,
        outcome: PAID_STATES.has(state) ? "paid" : DECLINED_STATES.has(state) ? "declined" : "pending",
        amountPaisa: paisa(quote.amount),
        currency: str(quote.currency) || null,
        method: str(data.intent) || null,
        message: state || "no state given",
      } satisfies GatewayReport;
    },

    async refund(credentials, payment, amountPaisa) {
      const what = `the refund of payment ${payment.reference}`;
      const { status, json } = await exchangeJson(http, credentials, {
        method: "POST",
        url: `${base}/order/payments/v3/${encodeURIComponent(payment.gatewayReference)}/refund`,
        headers: { "X-SFPY-MERCHANT-SECRET": need(credentials, "secretKey") },
        body: { amount: amountPaisa, currency: "PKR" },
        what,
      });
      if (status >= 400) throw refusal(credentials, json, status, what);
      const data = record(record(json).data);
      return { reference: str(data.token) || str(data.reference) || payment.gatewayReference };
    },

    async test(credentials) {
      need(credentials, "apiKey");
      const { status, json } = await reporter(credentials, "track_test_connection", "a test call");
      if (status === 401 || status === 403) throw refusal(credentials, json, status, "a test call");
    },
  };
}

function unpaid(tracker: string): Omit<GatewayReport, "message"> {
  return { reference: null, gatewayReference: tracker, outcome: "pending", amountPaisa: null, currency: null };
}

function refusal(credentials: GatewayCredentials, json: unknown, status: number, what: string): PaymentGatewayError {
  const errors = record(record(json).status).errors;
  const reason =
    (Array.isArray(errors) ? errors.map(str).filter(Boolean).join("; ") : "") ||
    str(record(record(json).status).message) ||
    str(record(json).message) ||
    "no reason given";
  const words =
    status === 401 || status === 403
      ? `Safepay refused the keys for ${what}: ${reason}`
      : `Safepay refused ${what} (HTTP ${status}): ${reason}`;
  return new PaymentGatewayError(redact(words, credentials), false);
}

function need(credentials: GatewayCredentials, key: string): string {
  const value = credentials[key];
  if (!value) throw new PaymentGatewayError(`Safepay's ${key} is not set in Settings -> Payments`, false);
  return value;
}
