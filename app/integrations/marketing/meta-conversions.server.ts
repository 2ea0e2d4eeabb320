import type { MetaEventSender, OutgoingMetaEvents, SendOutcome } from "~/modules/messages/message-sender";
import { describeGraphError, isRetryable } from "../messaging/whatsapp-cloud.server";

/**
 * Meta's Conversions API (issue 44): `POST {base}/{pixel-id}/events` with a JSON body
 * `{ data: [events], test_event_code?, access_token }` (Meta's documented request: the token may be a
 * body parameter, which keeps it out of URLs and proxies' logs). Meta answers
 * `{ events_received, messages, fbtrace_id }`; its errors are the Graph API's shape, read as the
 * WhatsApp client reads them (5xx, 429 and throttling codes retried by the outbox; a bad token or a
 * refused event not). Every request gives up after 10 s. The token never appears in a reason.
 */
export const META_TIMEOUT_MS = 10_000;
export const DEFAULT_META_GRAPH_API_URL = "https://graph.facebook.com/v21.0";

export function conversionsRequestBody(message: OutgoingMetaEvents): Record<string, unknown> {
  return {
    data: message.events,
    ...(message.testEventCode ? { test_event_code: message.testEventCode } : {}),
    access_token: message.accessToken,
  };
}

export function createMetaConversionsSender({
  baseUrl = DEFAULT_META_GRAPH_API_URL,
  timeoutMs = META_TIMEOUT_MS,
  fetchImpl = fetch,
}: { baseUrl?: string; timeoutMs?: number; fetchImpl?: typeof fetch } = {}): MetaEventSender {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    async send(message): Promise<SendOutcome> {
      const url = `${base}/${encodeURIComponent(message.pixelId)}/events`;
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(conversionsRequestBody(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const name = (error as { name?: unknown } | null)?.name;
        const reason =
          name === "TimeoutError" || name === "AbortError"
            ? `no answer from Meta's Conversions API within ${Math.round(timeoutMs / 1000)} s`
            : `Meta's Conversions API could not be reached: ${(error as Error)?.message ?? String(error)}`;
        return { accepted: false, reason, permanent: false };
      }
      let body: { events_received?: unknown; fbtrace_id?: unknown; error?: Parameters<typeof describeGraphError>[1] };
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = {};
      }
      if (response.ok && typeof body.events_received === "number" && body.events_received >= message.events.length) {
        return { accepted: true, messageId: typeof body.fbtrace_id === "string" ? body.fbtrace_id : "received" };
      }
      if (response.ok) {
        return {
          accepted: false,
          reason: `Meta answered ${response.status} without counting the event`,
          permanent: false,
        };
      }
      return {
        accepted: false,
        reason: describeGraphError(response.status, body.error, message.accessToken),
        permanent: !isRetryable(response.status, body.error?.code),
      };
    },
    async close() {},
  };
}
