import {
  PaymentGatewayError,
  type GatewayCredentials,
  type GatewayReport,
  type KnownPayment,
  type PaymentGateway,
  type PaymentToStart,
} from "~/modules/payments/payment-gateway";
import { exchangeJson, GATEWAY_TIMEOUT_MS, paisa, record, redact, str, type GatewayHttp } from "../gateway-http.server";
import { jazzcashHash, jazzcashHashValid, jazzcashMobile, jazzcashTime } from "./jazzcash-hash";

/**
 * JazzCash's merchant APIs, written to its Page Redirection v1.1 guide and the REST APIs the
 * published SDKs call:
 * - the buyer's browser posts the pp_ fields to the hosted page
 *   (`/CustomerPortal/transactionmanagement/merchantform/`), which sends the buyer back to
 *   pp_ReturnURL with the result's pp_ fields (pp_ResponseCode 000: paid; 124: a voucher to pay
 *   at a shop, still pending) and their pp_SecureHash;
 * - the status inquiry (`/ApplicationAPI/API/PaymentInquiry/Inquire`) answers where a pp_TxnRefNo
 *   stands (pp_PaymentResponseCode, pp_Status);
 * - refunds: `/ApplicationAPI/API/Purchase/domwalletrefundtransaction` for wallet payments (with
 *   the merchant's MPIN) and `/ApplicationAPI/API/authorize/Refund` for cards.
 * Amounts are paisa (pp_Amount: the last two digits are the paisa). The base address is
 * JAZZCASH_API_URL (sandbox: https://sandbox.jazzcash.com.pk; live: https://payments.jazzcash.com.pk).
 */
export const JAZZCASH_DEFAULT_URL = "https://sandbox.jazzcash.com.pk";
export const JAZZCASH_PAGE_PATH = "/CustomerPortal/transactionmanagement/merchantform/";
export const JAZZCASH_INQUIRY_PATH = "/ApplicationAPI/API/PaymentInquiry/Inquire";
export const JAZZCASH_WALLET_REFUND_PATH = "/ApplicationAPI/API/Purchase/domwalletrefundtransaction";
export const JAZZCASH_CARD_REFUND_PATH = "/ApplicationAPI/API/authorize/Refund";

/** pp_ResponseCode (and pp_PaymentResponseCode) for a payment made, and for one still awaited (a voucher, a pending wallet approval). */
const PAID_CODES = new Set(["000", "121"]);
const PENDING_CODES = new Set(["124", "157", "210"]);

export function createJazzcashGateway(
  options: { baseUrl?: string; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): PaymentGateway {
  const base = (options.baseUrl || JAZZCASH_DEFAULT_URL).replace(/\/+$/, "");
  const http: GatewayHttp = {
    gateway: "JazzCash",
    timeoutMs: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
    fetchImpl: options.fetchImpl ?? fetch,
  };

  /** One signed REST call; the answer's own hash is checked before anything in it is believed. */
  async function call(credentials: GatewayCredentials, path: string, fields: Record<string, string>, what: string) {
    const salt = need(credentials, "integritySalt");
    const body = { ...fields, pp_SecureHash: jazzcashHash(fields, salt) };
    const { status, json } = await exchangeJson(http, credentials, {
      method: "POST",
      url: `${base}${path}`,
      body,
      what,
    });
    const answer = Object.fromEntries(Object.entries(record(json)).map(([k, v]) => [k, str(v)]));
    if (status >= 400 || !answer.pp_ResponseCode) {
      throw new PaymentGatewayError(
        redact(
          `JazzCash refused ${what} (HTTP ${status}): ${answer.pp_ResponseMessage || "no reason given"}`,
          credentials,
        ),
        false,
      );
    }
    if (!jazzcashHashValid(answer, salt)) {
      throw new PaymentGatewayError(
        `JazzCash's answer for ${what} does not carry a valid pp_SecureHash: check the integrity salt`,
        false,
      );
    }
    return answer;
  }

  return {
    name: "jazzcash",
    credentialFields: [
      { key: "merchantId", label: "Merchant ID", secret: false },
      { key: "password", label: "Password", secret: true },
      { key: "integritySalt", label: "Integrity salt", secret: true },
      { key: "mpin", label: "MPIN (for wallet refunds)", secret: true, optional: true },
    ],

    async start(credentials, payment: PaymentToStart) {
      const fields: Record<string, string> = {
        pp_Version: "1.1",
        // Blank: the hosted page offers every method the merchant has (wallet, card, voucher).
        pp_TxnType: "",
        pp_Language: "EN",
        pp_MerchantID: need(credentials, "merchantId"),
        pp_SubMerchantID: "",
        pp_Password: need(credentials, "password"),
        pp_BankID: "",
        pp_ProductID: "",
        pp_TxnRefNo: payment.reference,
        pp_Amount: String(payment.amountPaisa),
        pp_TxnCurrency: "PKR",
        pp_TxnDateTime: jazzcashTime(payment.createdAt),
        pp_BillReference: payment.orderNumber.replace(/[^A-Za-z0-9]/g, ""),
        pp_Description: payment.description.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 100),
        pp_TxnExpiryDateTime: jazzcashTime(payment.expiresAt),
        pp_ReturnURL: payment.returnUrl,
        ppmpf_1: jazzcashMobile(payment.phone),
        ppmpf_2: "",
        ppmpf_3: "",
        ppmpf_4: "",
        ppmpf_5: "",
      };
      fields.pp_SecureHash = jazzcashHash(fields, need(credentials, "integritySalt"));
      return {
        gatewayReference: payment.reference,
        redirect: { method: "POST", url: `${base}${JAZZCASH_PAGE_PATH}`, fields },
      };
    },

    readReturn(credentials, fields) {
      if (!credentials.integritySalt || !jazzcashHashValid(fields, credentials.integritySalt)) return null;
      if (fields.pp_MerchantID && fields.pp_MerchantID !== credentials.merchantId) return null;
      return report(fields, fields.pp_ResponseCode);
    },

    readNotification(credentials, body) {
      // JazzCash's IPN posts the same pp_ fields as the return, as a form or as JSON.
      let fields: Record<string, string>;
      try {
        fields = body.trim().startsWith("{")
          ? Object.fromEntries(Object.entries(record(JSON.parse(body))).map(([k, v]) => [k, str(v)]))
          : Object.fromEntries(new URLSearchParams(body));
      } catch {
        return null;
      }
      return this.readReturn(credentials, fields);
    },

    async status(credentials, payment: KnownPayment) {
      const answer = await call(
        credentials,
        JAZZCASH_INQUIRY_PATH,
        {
          pp_Version: "1.1",
          pp_TxnRefNo: payment.reference,
          pp_MerchantID: need(credentials, "merchantId"),
          pp_Password: need(credentials, "password"),
        },
        `the status of payment ${payment.reference}`,
      );
      if (answer.pp_ResponseCode !== "000") {
        // The inquiry itself was refused (an unknown reference reads as not paid, still open).
        return {
          reference: payment.reference,
          gatewayReference: payment.gatewayReference,
          outcome: "pending",
          amountPaisa: null,
          currency: null,
          message: answer.pp_ResponseMessage || `code ${answer.pp_ResponseCode}`,
        } satisfies GatewayReport;
      }
      // The inquiry names the transaction; pp_Amount when JazzCash gives it back. Without it, the
      // amount is the one our signed request fixed (JazzCash charges what the hashed form asked).
      const reported = report({ ...answer, pp_TxnRefNo: payment.reference }, answer.pp_PaymentResponseCode);
      return { ...reported, amountPaisa: reported.amountPaisa ?? payment.amountPaisa };
    },

    async refund(credentials, payment, amountPaisa) {
      const card = (payment.method ?? "").toUpperCase() === "MPAY";
      const fields: Record<string, string> = {
        pp_TxnRefNo: payment.reference,
        pp_Amount: String(amountPaisa),
        pp_TxnCurrency: "PKR",
        pp_MerchantID: need(credentials, "merchantId"),
        pp_Password: need(credentials, "password"),
        ...(card ? {} : { pp_MerchantMPIN: need(credentials, "mpin") }),
      };
      const answer = await call(
        credentials,
        card ? JAZZCASH_CARD_REFUND_PATH : JAZZCASH_WALLET_REFUND_PATH,
        fields,
        `the refund of payment ${payment.reference}`,
      );
      if (answer.pp_ResponseCode !== "000") {
        throw new PaymentGatewayError(
          redact(
            `JazzCash refused the refund: ${answer.pp_ResponseMessage || `code ${answer.pp_ResponseCode}`}`,
            credentials,
          ),
          false,
        );
      }
      return { reference: answer.pp_RetreivalReferenceNo || answer.pp_TxnRefNo || payment.reference };
    },

    async test(credentials) {
      // An inquiry about a reference that cannot exist: a signed answer proves the salt, and any
      // code but a refusal of the merchant's ID or password proves the rest.
      const answer = await call(
        credentials,
        JAZZCASH_INQUIRY_PATH,
        {
          pp_Version: "1.1",
          pp_TxnRefNo: "TEST0000000000000000",
          pp_MerchantID: need(credentials, "merchantId"),
          pp_Password: need(credentials, "password"),
        },
        "a test inquiry",
      );
      if (CREDENTIAL_REFUSALS.has(answer.pp_ResponseCode)) {
        throw new PaymentGatewayError(
          redact(`JazzCash refused the merchant ID or password: ${answer.pp_ResponseMessage}`, credentials),
          false,
        );
      }
    },
  };
}

/** Codes JazzCash answers when the merchant ID or password is wrong. */
const CREDENTIAL_REFUSALS = new Set(["101", "102", "110", "115"]);

function report(fields: Record<string, string>, code: string | undefined): GatewayReport {
  const outcome = PAID_CODES.has(code ?? "") ? "paid" : PENDING_CODES.has(code ?? "") ? "pending" : "declined";
  return {
    reference: fields.pp_TxnRefNo || null,
    gatewayReference: fields.pp_TxnRefNo || null,
    outcome,
    amountPaisa: paisa(fields.pp_Amount),
    currency: fields.pp_TxnCurrency || null,
    method: fields.pp_TxnType || null,
    message: fields.pp_ResponseMessage || fields.pp_PaymentResponseMessage || `code ${code ?? "none"}`,
  };
}

function need(credentials: GatewayCredentials, key: string): string {
  const value = credentials[key];
  if (!value) throw new PaymentGatewayError(`JazzCash's ${key} is not set in Settings -> Payments`, false);
  return value;
}
