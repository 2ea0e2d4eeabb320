import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The WhatsApp Cloud API's stand-in for tests (like smtp-stand-in.ts): a small HTTP server on
 * loopback that answers `POST /{version}/{phone-number-id}/messages` as Meta's Graph API does. It
 * checks the bearer token and the request's shape (refusing with Meta's error shape:
 * `{ error: { message, type, code, error_subcode?, fbtrace_id } }`; a bad token is 401 / code 190),
 * keeps every message it accepts, answers `{ messaging_product, contacts, messages: [{ id: "wamid..." }] }`,
 * fails on demand (5xx, 429, a refusal, or a hang longer than the client's timeout), and sends
 * webhooks signed as Meta signs them (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body
 * with the app secret>`) in Meta's envelope. `delayMs` answers each request that much later, like
 * Meta across a network. Test-only: lint refuses it outside tests.
 */
export type ReceivedWhatsapp = {
  wamid: string;
  phoneNumberId: string;
  authorization: string;
  to: string;
  template: string;
  language: string;
  bodyParameters: string[];
  /** Quick-reply payloads by button index. */
  buttonPayloads: string[];
  /** The request's JSON as sent. */
  body: Record<string, unknown>;
};

/** What the next request gets instead of an answer: an HTTP error in Meta's shape, or no answer at all. */
export type StandInFailure =
  { status: number; code?: number; subcode?: number; message?: string; type?: string } | { hang: true };

export type WhatsappStandIn = {
  /** The base address to give the client (WHATSAPP_API_URL): http://127.0.0.1:{port}/v21.0 */
  url: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  received: ReceivedWhatsapp[];
  /** Every request that reached the server, accepted or not (method, path, status answered). */
  requests: { method: string; path: string; status: number | null }[];
  /** The next `times` message requests fail this way (in order of arrival). */
  failNext: (failure: StandInFailure, times?: number) => void;
  /** Meta no longer knows this template: 404 / code 132001. */
  forgetTemplate: (name: string) => void;
  /** Resolves with the accepted messages that match once at least `count` do. */
  waitFor: (match: (m: ReceivedWhatsapp) => boolean, count?: number, timeoutMs?: number) => Promise<ReceivedWhatsapp[]>;
  /** POSTs one webhook delivery to `url`, signed with the app secret (or `signature` as given), as Meta does. */
  postWebhook: (
    url: string,
    payload: unknown,
    options?: { signature?: string | null; appSecret?: string; headers?: Record<string, string> },
  ) => Promise<Response>;
  stop: () => Promise<void>;
};

const fbtrace = () => randomBytes(8).toString("base64url");
const graphError = (message: string, code: number, type = "OAuthException", subcode?: number) => ({
  error: { message, type, code, ...(subcode !== undefined ? { error_subcode: subcode } : {}), fbtrace_id: fbtrace() },
});

/** The quick check of a send request Meta makes before it takes a template message. */
function shapeProblem(body: unknown): string | null {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b !== "object") return "(#100) The parameter messaging_product is required.";
  if (b.messaging_product !== "whatsapp") return "(#100) The parameter messaging_product is required.";
  if (typeof b.to !== "string" || !/^\d{8,15}$/.test(b.to)) return "(#100) Invalid parameter: to";
  if (b.type !== "template")
    return "(#100) Param type must be one of {AUDIO, CONTACTS, DOCUMENT, IMAGE, INTERACTIVE, LOCATION, REACTION, STICKER, TEMPLATE, TEXT, VIDEO}";
  const t = b.template as Record<string, unknown> | undefined;
  if (!t || typeof t.name !== "string" || !t.name) return "(#100) The parameter template['name'] is required.";
  const language = t.language as { code?: unknown } | undefined;
  if (!language || typeof language.code !== "string" || !language.code)
    return "(#100) The parameter template['language']['code'] is required.";
  const components = t.components;
  if (components === undefined) return null;
  if (!Array.isArray(components)) return "(#100) Invalid parameter: template['components']";
  for (const c of components as Record<string, unknown>[]) {
    if (c.type === "body") {
      if (
        !Array.isArray(c.parameters) ||
        !(c.parameters as Record<string, unknown>[]).every(
          (p) => p.type === "text" && typeof p.text === "string" && p.text !== "" && !/[\n\t]| {5,}/.test(p.text),
        )
      ) {
        return "(#131008) Required parameter is missing or a text parameter is invalid";
      }
    } else if (c.type === "button") {
      if (c.sub_type !== "quick_reply" || typeof c.index !== "string" || !/^\d$/.test(c.index))
        return "(#100) Invalid parameter: button sub_type and index";
      const ps = c.parameters as Record<string, unknown>[] | undefined;
      if (!Array.isArray(ps) || ps.length !== 1 || ps[0].type !== "payload" || typeof ps[0].payload !== "string")
        return "(#100) Invalid parameter: quick_reply payload";
    } else {
      return "(#100) Invalid parameter: component type";
    }
  }
  return null;
}

export async function startWhatsappStandIn({
  accessToken = "EAAG-stand-in-token-0123456789",
  phoneNumberId = "109876543210987",
  appSecret = "0123456789abcdef0123456789abcdef",
  version = "v21.0",
  delayMs = 0,
}: {
  accessToken?: string;
  phoneNumberId?: string;
  appSecret?: string;
  version?: string;
  delayMs?: number;
} = {}): Promise<WhatsappStandIn> {
  const received: ReceivedWhatsapp[] = [];
  const requests: WhatsappStandIn["requests"] = [];
  const failures: StandInFailure[] = [];
  const forgotten = new Set<string>();
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void (delayMs > 0 ? setTimeout(handle, delayMs) : handle()));
    const handle = () => {
      const path = (req.url ?? "/").split("?")[0];
      const entry = { method: req.method ?? "", path, status: null as number | null };
      requests.push(entry);
      const answer = (status: number, body: unknown) => {
        entry.status = status;
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      const match = new RegExp(`^/${version.replace(".", "\\.")}/([^/]+)/messages$`).exec(path);
      if (req.method !== "POST" || !match) return answer(400, graphError("Unknown path components", 2500));
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return answer(401, graphError("Invalid OAuth access token - Cannot parse access token", 190));
      }
      if (decodeURIComponent(match[1]) !== phoneNumberId) {
        return answer(
          400,
          graphError(
            `Unsupported post request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
            100,
            "GraphMethodException",
            33,
          ),
        );
      }
      const failure = failures.shift();
      if (failure && "hang" in failure) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (failure) {
        return answer(
          failure.status,
          graphError(
            failure.message ?? (failure.status === 429 ? "(#130429) Rate limit hit" : "(#131000) Something went wrong"),
            failure.code ?? (failure.status === 429 ? 130429 : 131000),
            failure.type ?? "OAuthException",
            failure.subcode,
          ),
        );
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return answer(400, graphError("(#100) Invalid JSON in the request body", 100));
      }
      const problem = shapeProblem(body);
      if (problem) return answer(400, graphError(problem, Number(/#(\d+)/.exec(problem)?.[1] ?? 100)));
      const template = body.template as {
        name: string;
        language: { code: string };
        components?: Record<string, unknown>[];
      };
      if (forgotten.has(template.name)) {
        return answer(404, graphError("(#132001) Template name does not exist in the translation", 132001));
      }
      const components = template.components ?? [];
      const wamid = `wamid.${randomBytes(18).toString("base64url")}`;
      received.push({
        wamid,
        phoneNumberId,
        authorization: req.headers.authorization,
        to: body.to as string,
        template: template.name,
        language: template.language.code,
        bodyParameters: components
          .filter((c) => c.type === "body")
          .flatMap((c) => (c.parameters as { text: string }[]).map((p) => p.text)),
        buttonPayloads: components
          .filter((c) => c.type === "button")
          .sort((a, b) => Number(a.index) - Number(b.index))
          .map((c) => (c.parameters as { payload: string }[])[0].payload),
        body,
      });
      for (const wake of waiters) wake();
      answer(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      });
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/${version}`,
    phoneNumberId,
    accessToken,
    appSecret,
    received,
    requests,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    forgetTemplate(name) {
      forgotten.add(name);
    },
    waitFor(match, count = 1, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.filter(match);
          if (found.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `the WhatsApp stand-in did not get ${count} matching message(s) within ${timeoutMs} ms (it has ${received.length})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async postWebhook(url, payload, options = {}) {
      const raw = JSON.stringify(payload);
      const signature =
        options.signature === undefined ? signWebhook(raw, options.appSecret ?? appSecret) : options.signature;
      return fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signature === null ? {} : { "X-Hub-Signature-256": signature }),
          ...options.headers,
        },
        body: raw,
      });
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Meta's webhook signature: "sha256=" and the hex HMAC-SHA256 of the raw body with the app secret. */
export function signWebhook(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

const unixNow = () => String(Math.floor(Date.now() / 1000));

/** Meta's envelope around one change: `object`, `entry[].changes[].value` with the business number's metadata. */
export function webhookEnvelope(
  phoneNumberId: string,
  value: Record<string, unknown>,
  displayPhoneNumber = "15550001234",
): Record<string, unknown> {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A delivery receipt for a message the shop sent: sent, delivered, read, or failed (with Meta's error). */
export function statusWebhook(
  phoneNumberId: string,
  status: {
    wamid: string;
    status: "sent" | "delivered" | "read" | "failed";
    recipient: string;
    error?: { code: number; title: string; message?: string };
  },
) {
  return webhookEnvelope(phoneNumberId, {
    statuses: [
      {
        id: status.wamid,
        status: status.status,
        timestamp: unixNow(),
        recipient_id: status.recipient,
        ...(status.status === "failed" && status.error
          ? {
              errors: [
                {
                  code: status.error.code,
                  title: status.error.title,
                  message: status.error.message ?? status.error.title,
                  error_data: { details: status.error.message ?? status.error.title },
                },
              ],
            }
          : {}),
      },
    ],
  });
}

/** The buyer tapped a template's quick-reply button: `type: button` with the payload the shop sent. */
export function buttonReplyWebhook(
  phoneNumberId: string,
  reply: { from: string; payload: string; text: string; contextWamid: string; name?: string; wamid?: string },
) {
  return webhookEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: reply.name ?? "Buyer" }, wa_id: reply.from }],
    messages: [
      {
        from: reply.from,
        id: reply.wamid ?? `wamid.${randomBytes(18).toString("base64url")}`,
        timestamp: unixNow(),
        context: { from: "15550001234", id: reply.contextWamid },
        type: "button",
        button: { payload: reply.payload, text: reply.text },
      },
    ],
  });
}

/** Anything else the buyer wrote. */
export function textMessageWebhook(
  phoneNumberId: string,
  message: { from: string; body: string; name?: string; wamid?: string },
) {
  return webhookEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: message.name ?? "Buyer" }, wa_id: message.from }],
    messages: [
      {
        from: message.from,
        id: message.wamid ?? `wamid.${randomBytes(18).toString("base64url")}`,
        timestamp: unixNow(),
        type: "text",
        text: { body: message.body },
      },
    ],
  });
}
