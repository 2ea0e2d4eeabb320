import type { OutgoingWhatsapp, SendOutcome, WhatsappSender } from "~/modules/messages/message-sender";

/**
 * The WhatsApp channel over Meta's WhatsApp Business Cloud API (Graph API): one HTTPS request per
 * template message, `POST {base}/{phone-number-id}/messages` with the account's bearer token (both
 * from Settings -> WhatsApp, handed in with each message: nothing here reads the database or the
 * environment but the base address). Every request gives up after 10 s, far inside the outbox's
 * 2-minute claim, and is retried by the outbox instead. The token never appears in an answer, a
 * reason or a log line made here.
 */
export const WHATSAPP_TIMEOUT_MS = 10_000;
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

/** Meta's error answer: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
type GraphError = {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  fbtrace_id?: unknown;
  error_data?: { details?: unknown };
};

/**
 * Meta's throttling codes: worth waiting for even when they come with HTTP 400 (4: app calls, 80007:
 * the account's rate, 130429: throughput, 131056: too many to one number; 131000: "something went
 * wrong", 133004: server unavailable).
 */
const RETRYABLE_CODES = new Set([4, 80007, 130429, 131056, 131000, 133004]);

/** The JSON body of a template message with body parameters and quick-reply buttons (Meta's documented shape). */
export function templateRequestBody(message: Omit<OutgoingWhatsapp, "account">): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (message.bodyParameters.length > 0) {
    components.push({ type: "body", parameters: message.bodyParameters.map((text) => ({ type: "text", text })) });
  }
  message.buttonPayloads.forEach((payload, index) => {
    components.push({
      type: "button",
      sub_type: "quick_reply",
      index: String(index),
      parameters: [{ type: "payload", payload }],
    });
  });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      ...(components.length > 0 ? { components } : {}),
    },
  };
}

/** Meta's words for a refusal, short and without the token: "(#132001) Template name does not exist [code 132001]". */
export function describeGraphError(status: number, error: GraphError | undefined, token: string): string {
  const message = typeof error?.message === "string" ? error.message : `HTTP ${status}`;
  const details = typeof error?.error_data?.details === "string" ? ` (${error.error_data.details})` : "";
  const code =
    typeof error?.code === "number"
      ? ` [code ${error.code}${typeof error.error_subcode === "number" ? `/${error.error_subcode}` : ""}]`
      : "";
  const trace = typeof error?.fbtrace_id === "string" ? ` fbtrace_id ${error.fbtrace_id}` : "";
  return redact(`Meta answered ${status}: ${message}${details}${code}${trace}`, token);
}

function redact(text: string, token: string): string {
  const cleaned = token.length >= 4 ? text.split(token).join("[token]") : text;
  return cleaned.replace(/\s+/g, " ").trim().slice(0, 500);
}

/** 5xx, 429 and Meta's throttling codes are worth a retry; any other 4xx (a bad number, a missing template, a bad token) is not. */
export function isRetryable(status: number, code: unknown): boolean {
  if (status >= 500 || status === 429) return true;
  return typeof code === "number" && RETRYABLE_CODES.has(code);
}

export function createWhatsappCloudSender({
  baseUrl = DEFAULT_WHATSAPP_API_URL,
  timeoutMs = WHATSAPP_TIMEOUT_MS,
  fetchImpl = fetch,
}: {
  baseUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
} = {}): WhatsappSender {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async send(message): Promise<SendOutcome> {
      const { account, ...rest } = message;
      const url = `${base}/${encodeURIComponent(account.phoneNumberId)}/messages`;
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${account.accessToken}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify(templateRequestBody(rest)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // A network failure or the timeout: Meta may never have seen it; the outbox tries again.
        const name = (error as { name?: unknown } | null)?.name;
        const reason =
          name === "TimeoutError" || name === "AbortError"
            ? `no answer from the WhatsApp API within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`
            : `the WhatsApp API could not be reached: ${networkReason(error)}`;
        return { accepted: false, reason: redact(reason, account.accessToken), permanent: false };
      }
      let body: { messages?: { id?: unknown }[]; error?: GraphError } | undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const id = body?.messages?.[0]?.id;
      if (response.ok && typeof id === "string" && id) return { accepted: true, messageId: id };
      if (response.ok) {
        // Accepted by HTTP but no message id: treat as not known to be sent, and retry.
        return { accepted: false, reason: `Meta answered ${response.status} without a message id`, permanent: false };
      }
      return {
        accepted: false,
        reason: describeGraphError(response.status, body?.error, account.accessToken),
        permanent: !isRetryable(response.status, body?.error?.code),
      };
    },
    async close() {},
  };
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
  return code ? `${code} ${message}` : message;
}
