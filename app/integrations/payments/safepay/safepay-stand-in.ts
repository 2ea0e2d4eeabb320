import { randomBytes } from "node:crypto";
import { startStandInServer, type SeenRequest } from "../../http-stand-in";
import {
  SAFEPAY_CHECKOUT_PATH,
  SAFEPAY_INIT_PATH,
  SAFEPAY_REPORTER_PATH,
  safepayReturnSignature,
  safepayWebhookSignature,
} from "./safepay-gateway.server";

/**
 * Safepay's stand-in for tests, on loopback: `POST /order/v1/init` (the API key as `client`), the
 * hosted checkout (`/checkout/pay?beacon=...`) with "Pay", "Decline" and "Cancel", the signed
 * return (tracker + sig, posted to redirect_url), webhooks signed with X-SFPY-SIGNATURE, the
 * reporter (X-SFPY-MERCHANT-SECRET) and refunds (never more than was paid). Tests drive it without
 * a browser too (`decide`, `returnFields`, `webhook`), make it lie (`reportAmount`: a tampered
 * amount) and fail on demand (`failNext`, `hangNext`). Test-only: lint refuses it outside tests.
 */
export type SafepayStandInTracker = {
  token: string;
  orderId: string;
  amountPaisa: number;
  /** What the reporter says was paid: the amount, unless a test tampers with it. */
  reportedPaisa: number;
  currency: string;
  state: "TRACKER_STARTED" | "TRACKER_ENDED" | "TRACKER_CANCELLED";
  redirectUrl: string;
  cancelUrl: string;
  refundedPaisa: number;
  declines: number;
};

export type SafepayStandIn = {
  url: string;
  credentials: { apiKey: string; secretKey: string; webhookSecret: string; environment: string };
  trackers: Map<string, SafepayStandInTracker>;
  seen: SeenRequest[];
  /** Where Safepay posts webhooks once a tracker is paid (the shop's webhook address); none when null. */
  webhookUrl: string | null;
  decide: (token: string, decision: "pay" | "decline" | "cancel") => void;
  /** What the buyer's browser posts back to redirect_url, signed as Safepay signs it. */
  returnFields: (token: string) => Record<string, string>;
  /** Posts a webhook for the tracker to `url`; `signature` replaces the real one (a forgery). Answers the HTTP status. */
  webhook: (url: string, token: string, options?: { signature?: string; type?: string }) => Promise<number>;
  /** The reporter says this amount was paid (a tampered payment). */
  reportAmount: (token: string, amountPaisa: number) => void;
  failNext: (times: number, failure?: { status?: number }) => void;
  hangNext: (times: number) => void;
  stop: () => Promise<void>;
};

export async function startSafepayStandIn(
  credentials: Partial<SafepayStandIn["credentials"]> = {},
): Promise<SafepayStandIn> {
  const creds = {
    apiKey: credentials.apiKey ?? "sec_standin-api-key-0001",
    secretKey: credentials.secretKey ?? "standin-secret-key-0123456789abcdef",
    webhookSecret: credentials.webhookSecret ?? "standin-webhook-secret-0123456789",
    environment: credentials.environment ?? "sandbox",
  };
  const trackers = new Map<string, SafepayStandInTracker>();
  const find = (token: string) => {
    const tracker = trackers.get(token);
    if (!tracker) throw new Error(`Safepay stand-in: no tracker ${token}`);
    return tracker;
  };
  const webhookData = (t: SafepayStandInTracker) => ({
    tracker: t.token,
    order_id: t.orderId,
    state: t.state,
    amount: t.reportedPaisa,
    currency: t.currency,
  });

  const server = await startStandInServer((request, reply) => {
    const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
    const form = () => Object.fromEntries(new URLSearchParams(request.raw));
    const merchantSecretOk = request.headers["x-sfpy-merchant-secret"] === creds.secretKey;

    if (request.method === "POST" && request.path === SAFEPAY_INIT_PATH) {
      if (body.client !== creds.apiKey)
        return reply.json(401, { data: null, status: { errors: ["invalid client key"], message: "error" } });
      const amount = Number(body.amount);
      if (!Number.isFinite(amount) || amount <= 0 || body.currency !== "PKR")
        return reply.json(422, {
          data: null,
          status: { errors: ["amount and currency are required"], message: "error" },
        });
      const token = `track_${randomBytes(12).toString("hex")}`;
      const paisa = Math.round(amount * 100);
      trackers.set(token, {
        token,
        orderId: "",
        amountPaisa: paisa,
        reportedPaisa: paisa,
        currency: "PKR",
        state: "TRACKER_STARTED",
        redirectUrl: "",
        cancelUrl: "",
        refundedPaisa: 0,
        declines: 0,
      });
      return reply.json(201, {
        data: {
          token,
          client: creds.apiKey,
          environment: body.environment,
          state: "TRACKER_STARTED",
          amount,
          currency: "PKR",
        },
        status: { errors: [], message: "success" },
      });
    }

    if (request.method === "GET" && request.path === SAFEPAY_CHECKOUT_PATH) {
      const tracker = trackers.get(request.query.beacon ?? "");
      if (!tracker) return reply.html(404, page('<p role="alert">This checkout link is not valid.</p>'));
      tracker.orderId = request.query.order_id ?? "";
      tracker.redirectUrl = request.query.redirect_url ?? "";
      tracker.cancelUrl = request.query.cancel_url ?? "";
      return reply.html(200, checkoutPage(tracker));
    }

    if (request.method === "POST" && request.path === "/stand-in/decide") {
      const fields = form();
      const tracker = trackers.get(fields.tracker ?? "");
      if (!tracker) return reply.html(404, page("<p>Unknown tracker</p>"));
      const decision = fields.decision as "pay" | "decline" | "cancel";
      decide(tracker.token, decision);
      if (decision === "decline") return reply.html(200, checkoutPage(tracker));
      if (decision === "cancel") {
        const back = new URL(tracker.cancelUrl);
        back.searchParams.set("tracker", tracker.token);
        return reply.redirect(back.toString());
      }
      if (standIn.webhookUrl) void standIn.webhook(standIn.webhookUrl, tracker.token).catch(() => {});
      return reply.html(200, postBack(tracker.redirectUrl, returnFields(tracker.token)));
    }

    const reporter = request.path.startsWith(SAFEPAY_REPORTER_PATH) && request.method === "GET";
    if (reporter) {
      if (!merchantSecretOk) return reply.json(401, { status: { errors: ["unauthorized"], message: "error" } });
      const tracker = trackers.get(decodeURIComponent(request.path.slice(SAFEPAY_REPORTER_PATH.length)));
      if (!tracker) return reply.json(404, { status: { errors: ["tracker not found"], message: "error" } });
      return reply.json(200, {
        data: {
          token: tracker.token,
          state: tracker.state,
          intent: "CYBERSOURCE",
          purchase_totals: { quote_amount: { amount: tracker.reportedPaisa, currency: tracker.currency } },
        },
        status: { errors: [], message: "success" },
      });
    }

    const refund = /^\/order\/payments\/v3\/([^/]+)\/refund$/.exec(request.path);
    if (refund && request.method === "POST") {
      if (!merchantSecretOk) return reply.json(401, { status: { errors: ["unauthorized"], message: "error" } });
      const tracker = trackers.get(decodeURIComponent(refund[1]));
      if (!tracker || tracker.state !== "TRACKER_ENDED")
        return reply.json(404, { status: { errors: ["no paid payment for this tracker"], message: "error" } });
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0 || tracker.refundedPaisa + amount > tracker.amountPaisa)
        return reply.json(422, { status: { errors: ["refund amount exceeds the amount paid"], message: "error" } });
      tracker.refundedPaisa += amount;
      return reply.json(200, {
        data: { token: `ref_${randomBytes(8).toString("hex")}`, amount, currency: "PKR" },
        status: { errors: [], message: "success" },
      });
    }

    reply.json(404, { status: { errors: [`no such path ${request.path}`], message: "error" } });
  });

  function decide(token: string, decision: "pay" | "decline" | "cancel") {
    const tracker = find(token);
    if (decision === "pay") tracker.state = "TRACKER_ENDED";
    else if (decision === "cancel") tracker.state = "TRACKER_CANCELLED";
    else tracker.declines += 1; // a declined card leaves the tracker open: the buyer may try another
  }

  function returnFields(token: string): Record<string, string> {
    const tracker = find(token);
    return {
      order_id: tracker.orderId,
      tracker: tracker.token,
      reference: tracker.state === "TRACKER_ENDED" ? `${tracker.token.slice(6, 12)}` : "",
      sig: safepayReturnSignature(tracker.token, creds.secretKey),
    };
  }

  const standIn: SafepayStandIn = {
    url: server.origin,
    credentials: creds,
    trackers,
    seen: server.seen,
    webhookUrl: null,
    decide,
    returnFields,
    async webhook(url, token, options = {}) {
      const data = webhookData(find(token));
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-SFPY-SIGNATURE": options.signature ?? safepayWebhookSignature(data, creds.webhookSecret),
        },
        body: JSON.stringify({ type: options.type ?? "payment.succeeded", data }),
      });
      await res.arrayBuffer();
      return res.status;
    },
    reportAmount(token, amountPaisa) {
      find(token).reportedPaisa = amountPaisa;
    },
    failNext: server.failNext,
    hangNext: server.hangNext,
    stop: server.stop,
  };
  return standIn;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Safepay Checkout</title></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(tracker: SafepayStandInTracker): string {
  const amount = (tracker.amountPaisa / 100).toLocaleString("en-PK", { minimumFractionDigits: 2 });
  const declined =
    tracker.declines > 0 ? `<p role="alert">Your card was declined. Try another card or cancel.</p>` : "";
  return page(`<h1>Safepay Checkout</h1>
<p>Pay <strong>PKR ${amount}</strong></p>${declined}
<form method="post" action="/stand-in/decide">
<input type="hidden" name="tracker" value="${escape(tracker.token)}">
<button name="decision" value="pay">Pay PKR ${amount}</button>
<button name="decision" value="decline">Decline</button>
<button name="decision" value="cancel">Cancel</button>
</form>`);
}

/** Safepay posts the signed result back to redirect_url (a button where scripts do not run). */
function postBack(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join("");
  return page(
    `<form id="back" method="post" action="${escape(url)}">${inputs}<button>Return to the shop</button></form><script>document.getElementById("back").submit()</script>`,
  );
}
