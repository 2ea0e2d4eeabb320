import { startStandInServer, type SeenRequest } from "../../http-stand-in";
import {
  JAZZCASH_CARD_REFUND_PATH,
  JAZZCASH_INQUIRY_PATH,
  JAZZCASH_PAGE_PATH,
  JAZZCASH_WALLET_REFUND_PATH,
} from "./jazzcash-gateway.server";
import { jazzcashHash, jazzcashHashValid, jazzcashTime } from "./jazzcash-hash";

/**
 * JazzCash's stand-in for tests, on loopback: the hosted page (Page Redirection v1.1) that checks
 * the posted pp_ fields' hash and shows the buyer "Pay", "Decline" and "Cancel"; the signed return
 * to pp_ReturnURL; the status inquiry; wallet and card refunds (never more than was paid). Tests
 * drive it without a browser too: `returnFields` is what the buyer's browser would post back,
 * `notify` posts JazzCash's IPN to a URL, and failures come on demand (`failNext`, `hangNext`,
 * `tamper`). Test-only: lint refuses it outside tests.
 */
export type JazzcashStandInTransaction = {
  reference: string;
  amountPaisa: number;
  returnUrl: string;
  request: Record<string, string>;
  state: "started" | "paid" | "declined" | "cancelled";
  txnType: string;
  refundedPaisa: number;
  retrievalReference: string;
};

export type JazzcashStandIn = {
  url: string;
  credentials: { merchantId: string; password: string; integritySalt: string; mpin: string };
  transactions: Map<string, JazzcashStandInTransaction>;
  seen: SeenRequest[];
  /** The buyer's answer on the hosted page, without a browser: the transaction's state changes. */
  decide: (reference: string, decision: "pay" | "decline" | "cancel", txnType?: string) => void;
  /** The pp_ fields JazzCash posts back to pp_ReturnURL for the transaction as it stands, signed. */
  returnFields: (reference: string) => Record<string, string>;
  /** Posts the IPN (the same signed fields, as a form) to `url`; answers the HTTP status. */
  notify: (url: string, reference: string, fields?: Record<string, string>) => Promise<number>;
  failNext: (times: number, failure?: { status?: number }) => void;
  hangNext: (times: number) => void;
  stop: () => Promise<void>;
};

export async function startJazzcashStandIn(
  credentials: Partial<JazzcashStandIn["credentials"]> = {},
): Promise<JazzcashStandIn> {
  const creds = {
    merchantId: credentials.merchantId ?? "MC12345",
    password: credentials.password ?? "jc-password-1234",
    integritySalt: credentials.integritySalt ?? "jc-salt-0123456789",
    mpin: credentials.mpin ?? "1234",
  };
  const transactions = new Map<string, JazzcashStandInTransaction>();
  let retrieval = 100000;

  const sign = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: jazzcashHash(fields, creds.integritySalt),
  });
  const credentialsWrong = (fields: Record<string, string>) =>
    fields.pp_MerchantID !== creds.merchantId || fields.pp_Password !== creds.password;

  function returnFields(reference: string): Record<string, string> {
    const txn = transactions.get(reference);
    if (!txn) throw new Error(`JazzCash stand-in: no transaction ${reference}`);
    const [code, message] =
      txn.state === "paid"
        ? ["000", "Thank you for Using JazzCash, your transaction was successful."]
        : txn.state === "declined"
          ? ["157", "Transaction declined: insufficient balance."]
          : txn.state === "cancelled"
            ? ["110", "Transaction cancelled by the user."]
            : ["124", "Order is placed and waiting for financials to be received."];
    return sign({
      pp_Amount: String(txn.amountPaisa),
      pp_AuthCode: txn.state === "paid" ? "A1B2C3" : "",
      pp_BillReference: txn.request.pp_BillReference ?? "",
      pp_Language: "EN",
      pp_MerchantID: creds.merchantId,
      pp_ResponseCode: code === "157" ? "199" : code,
      pp_ResponseMessage: message,
      pp_RetreivalReferenceNo: txn.retrievalReference,
      pp_SubMerchantId: "",
      pp_TxnCurrency: "PKR",
      pp_TxnDateTime: txn.request.pp_TxnDateTime ?? jazzcashTime(new Date()),
      pp_TxnRefNo: txn.reference,
      pp_TxnType: txn.txnType,
      pp_Version: "1.1",
      ppmpf_1: txn.request.ppmpf_1 ?? "",
    });
  }

  const server = await startStandInServer((request, reply) => {
    const form = (): Record<string, string> =>
      typeof request.body === "object" && request.body
        ? Object.fromEntries(Object.entries(request.body as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
        : Object.fromEntries(new URLSearchParams(request.raw));

    if (request.method === "POST" && request.path.replace(/\/?$/, "/") === JAZZCASH_PAGE_PATH) {
      const fields = form();
      if (!jazzcashHashValid(fields, creds.integritySalt) || credentialsWrong(fields)) {
        reply.html(
          200,
          page(
            "JazzCash",
            `<p role="alert">Sorry! Your transaction could not be processed: invalid secure hash or merchant credentials.</p>`,
          ),
        );
        return;
      }
      const reference = fields.pp_TxnRefNo;
      if (!transactions.has(reference)) {
        transactions.set(reference, {
          reference,
          amountPaisa: Number(fields.pp_Amount),
          returnUrl: fields.pp_ReturnURL,
          request: fields,
          state: "started",
          txnType: fields.pp_TxnType || "MWALLET",
          refundedPaisa: 0,
          retrievalReference: String(retrieval++),
        });
      }
      const amount = (Number(fields.pp_Amount) / 100).toLocaleString("en-PK", { minimumFractionDigits: 2 });
      reply.html(
        200,
        page(
          "JazzCash",
          `<h1>JazzCash</h1>
<p>Pay <strong>Rs ${amount}</strong> to merchant ${escape(creds.merchantId)} for ${escape(fields.pp_Description ?? "")}</p>
<p>Mobile account: ${escape(fields.ppmpf_1 ?? "")}</p>
<form method="post" action="/stand-in/decide">
<input type="hidden" name="reference" value="${escape(reference)}">
<button name="decision" value="pay">Pay with JazzCash</button>
<button name="decision" value="decline">Decline</button>
<button name="decision" value="cancel">Cancel</button>
</form>`,
        ),
      );
      return;
    }

    if (request.method === "POST" && request.path === "/stand-in/decide") {
      const fields = form();
      const txn = transactions.get(fields.reference ?? "");
      if (!txn) return reply.html(404, page("JazzCash", "<p>Unknown transaction</p>"));
      decide(txn.reference, fields.decision as "pay" | "decline" | "cancel");
      reply.html(200, postBack(txn.returnUrl, returnFields(txn.reference)));
      return;
    }

    if (request.method === "POST" && request.path === JAZZCASH_INQUIRY_PATH) {
      const fields = form();
      if (!jazzcashHashValid(fields, creds.integritySalt))
        return reply.json(200, sign({ pp_ResponseCode: "115", pp_ResponseMessage: "Invalid secure hash." }));
      if (credentialsWrong(fields))
        return reply.json(200, sign({ pp_ResponseCode: "110", pp_ResponseMessage: "Invalid merchant credentials." }));
      const txn = transactions.get(fields.pp_TxnRefNo);
      if (!txn) return reply.json(200, sign({ pp_ResponseCode: "404", pp_ResponseMessage: "Transaction not found." }));
      const [code, status] =
        txn.state === "paid" ? ["121", "Completed"] : txn.state === "started" ? ["124", "Pending"] : ["199", "Failed"];
      return reply.json(
        200,
        sign({
          pp_ResponseCode: "000",
          pp_ResponseMessage: "Operation completed successfully.",
          pp_TxnRefNo: txn.reference,
          pp_Amount: String(txn.amountPaisa),
          pp_TxnCurrency: "PKR",
          pp_Status: status,
          pp_PaymentResponseCode: code,
          pp_PaymentResponseMessage: status,
          pp_RetreivalReferenceNo: txn.retrievalReference,
        }),
      );
    }

    if (
      request.method === "POST" &&
      (request.path === JAZZCASH_WALLET_REFUND_PATH || request.path === JAZZCASH_CARD_REFUND_PATH)
    ) {
      const fields = form();
      const wallet = request.path === JAZZCASH_WALLET_REFUND_PATH;
      if (
        !jazzcashHashValid(fields, creds.integritySalt) ||
        credentialsWrong(fields) ||
        (wallet && fields.pp_MerchantMPIN !== creds.mpin)
      )
        return reply.json(
          200,
          sign({ pp_ResponseCode: "110", pp_ResponseMessage: "Invalid merchant credentials or MPIN." }),
        );
      const txn = transactions.get(fields.pp_TxnRefNo);
      const amount = Number(fields.pp_Amount);
      if (!txn || txn.state !== "paid")
        return reply.json(200, sign({ pp_ResponseCode: "404", pp_ResponseMessage: "No paid transaction to refund." }));
      if (!Number.isSafeInteger(amount) || amount <= 0 || txn.refundedPaisa + amount > txn.amountPaisa)
        return reply.json(
          200,
          sign({ pp_ResponseCode: "431", pp_ResponseMessage: "Refund amount exceeds the transaction amount." }),
        );
      txn.refundedPaisa += amount;
      return reply.json(
        200,
        sign({
          pp_ResponseCode: "000",
          pp_ResponseMessage: "Thank you for Using JazzCash, your transaction was successful.",
          pp_TxnRefNo: txn.reference,
          pp_RetreivalReferenceNo: String(retrieval++),
        }),
      );
    }

    reply.json(404, { pp_ResponseCode: "404", pp_ResponseMessage: `no such path ${request.path}` });
  });

  function decide(reference: string, decision: "pay" | "decline" | "cancel", txnType?: string) {
    const txn = transactions.get(reference);
    if (!txn) throw new Error(`JazzCash stand-in: no transaction ${reference}`);
    txn.state = decision === "pay" ? "paid" : decision === "decline" ? "declined" : "cancelled";
    if (txnType) txn.txnType = txnType;
  }

  return {
    url: server.origin,
    credentials: creds,
    transactions,
    seen: server.seen,
    decide,
    returnFields,
    async notify(url, reference, fields) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields ?? returnFields(reference)).toString(),
      });
      await res.arrayBuffer();
      return res.status;
    },
    failNext: server.failNext,
    hangNext: server.hangNext,
    stop: server.stop,
  };
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main>${body}</main></body></html>`;
}

/** The page that posts the result back to the shop, as JazzCash's does (with a button where scripts do not run). */
function postBack(url: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
    .join("");
  return page(
    "JazzCash",
    `<form id="back" method="post" action="${escape(url)}">${inputs}<button>Return to the shop</button></form><script>document.getElementById("back").submit()</script>`,
  );
}
