/**
 * The port to an online payment gateway (issue 42): Safepay (cards and wallets) and JazzCash (the
 * mobile wallet). Plain data in and out, no database handle: the payments module reads and decrypts
 * the gateway's credentials (Settings -> Payments) and hands them with every call. One
 * implementation per gateway in app/integrations/payments/{safepay,jazzcash}/, made once at start
 * (providers.server.ts) and reached as `context.providers.payments[gateway]`.
 *
 * Money crosses this port in paisa (1 rupee = 100 paisa), as both gateways count it, so an amount
 * is compared to the order's exactly. Nothing here marks anything paid: a gateway answers what it
 * says about a payment, verified (signature or its own server-to-server answer); the payments
 * module decides what that means for the order.
 *
 * Methods that call the gateway throw PaymentGatewayError when it cannot be reached or refuses:
 * `retryable` for timeouts, network errors, 5xx, 429 and answers the client cannot read.
 */
import type { PaymentGatewayName } from "~/db/schema/statuses";

export { PAYMENT_GATEWAYS, type PaymentGatewayName } from "~/db/schema/statuses";

/** What the buyer sees for each gateway at checkout and in the owner's lists. */
export const GATEWAY_LABELS: Record<PaymentGatewayName, string> = {
  safepay: "Safepay (card or wallet)",
  jazzcash: "JazzCash",
};

export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  /** The credential fields the owner types in Settings -> Payments, in the order shown. */
  readonly credentialFields: readonly GatewayCredentialField[];
  /**
   * Starts a payment at the gateway and answers where to send the buyer: a link (Safepay's hosted
   * checkout) or a form the buyer's browser posts (JazzCash's hosted page).
   */
  start(credentials: GatewayCredentials, payment: PaymentToStart): Promise<StartedPayment>;
  /**
   * Reads what the buyer's browser brought back from the gateway (query or form fields). Answers
   * null when its signature is not the gateway's: a forged or tampered return changes nothing.
   * A verified return may still carry no amount (Safepay's signs the tracker only): the module
   * then asks `status`.
   */
  readReturn(credentials: GatewayCredentials, fields: Record<string, string>): GatewayReport | null;
  /** Reads a server-to-server notification (a webhook); null when its signature is not the gateway's. */
  readNotification(
    credentials: GatewayCredentials,
    body: string,
    headers: Record<string, string | undefined>,
  ): GatewayReport | null;
  /** Asks the gateway, server to server, where a payment stands. */
  status(credentials: GatewayCredentials, payment: KnownPayment): Promise<GatewayReport>;
  /** Gives `amountPaisa` of a paid payment back to the buyer through the gateway. */
  refund(credentials: GatewayCredentials, payment: KnownPayment, amountPaisa: number): Promise<{ reference: string }>;
  /** Settings -> Payments' Test: one harmless call that proves the credentials reach the gateway. */
  test(credentials: GatewayCredentials): Promise<void>;
}

export type PaymentGateways = Record<PaymentGatewayName, PaymentGateway>;

/** One key the owner types; `optional` ones may be left empty (JazzCash's MPIN, needed only for wallet refunds). */
export type GatewayCredentialField = { key: string; label: string; secret: boolean; optional?: boolean };
/** The gateway's credentials as the sealed JSON object holds them. */
export type GatewayCredentials = Record<string, string>;

export type PaymentToStart = {
  /** Our reference for this attempt: unique, at most 20 characters of [A-Za-z0-9] (JazzCash's pp_TxnRefNo). */
  reference: string;
  orderNumber: string;
  amountPaisa: number;
  /** What the buyer pays for, in a few words ("Order KP-1001"). */
  description: string;
  /** The buyer's phone (E.164), which JazzCash shows on its page. */
  phone: string;
  email: string;
  /** Where the gateway sends the buyer back, paid or not. */
  returnUrl: string;
  /** Where the buyer lands on Cancel at the gateway (Safepay); JazzCash returns to `returnUrl`. */
  cancelUrl: string;
  createdAt: Date;
  expiresAt: Date;
};

export type StartedPayment = {
  /** The gateway's own id for the payment (Safepay's tracker); ours where it keeps none (JazzCash). */
  gatewayReference: string;
  redirect: { method: "GET"; url: string } | { method: "POST"; url: string; fields: Record<string, string> };
};

export type KnownPayment = {
  reference: string;
  gatewayReference: string;
  amountPaisa: number;
  createdAt: Date;
  /** How the buyer paid, as the gateway named it (JazzCash's pp_TxnType: MWALLET, MPAY); null when unknown. */
  method?: string | null;
};

/** What a verified answer from the gateway says about one payment. */
export type GatewayReport = {
  /** Our reference (JazzCash's pp_TxnRefNo) or the gateway's (Safepay's tracker): either finds the payment. */
  reference: string | null;
  gatewayReference: string | null;
  outcome: "paid" | "declined" | "pending";
  /** What the gateway says was paid; null when the answer does not say (the module then asks `status`). */
  amountPaisa: number | null;
  currency: string | null;
  /** How the buyer paid, as the gateway names it (JazzCash's pp_TxnType), when it says. */
  method?: string | null;
  /** The gateway's own words ("Transaction is successful", "Insufficient balance"), for the owner and the log. */
  message: string;
};

export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}

/** Whole rupees to paisa, and back for showing: the shop's prices are whole rupees. */
export const toPaisa = (rupees: number): number => Math.round(rupees * 100);
