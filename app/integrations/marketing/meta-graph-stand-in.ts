import { randomBytes } from "node:crypto";
import { startStandInServer, type StandInServer } from "../http-stand-in";

/**
 * Meta's Conversions API stand-in for tests: `POST /{version}/{pixel-id}/events` answered as the Graph
 * API does, with the checks Meta documents for server events (so a test of our client is a test of
 * what Meta would take): the access token (code 190 otherwise), the Pixel, `data` an array of 1 to
 * 1,000 events, each with event_name, an event_time in seconds not in the future nor older than
 * seven days, action_source, and for a "website" event event_source_url and
 * user_data.client_user_agent; hashed customer fields (em, ph, fn, ln, ct, zp, country, external_id)
 * must be SHA-256 hex, never clear text; a Purchase needs custom_data.currency and a numeric value.
 * Accepted events are kept in `events`; failures on demand come from http-stand-in (5xx, 429, hang).
 */
export type ReceivedMetaEvent = {
  pixelId: string;
  testEventCode: string | null;
  event: Record<string, unknown> & {
    event_name: string;
    event_id?: string;
    user_data: Record<string, unknown>;
    custom_data?: Record<string, unknown>;
  };
};

export type MetaGraphStandIn = StandInServer & {
  /** The base address to give the client (META_GRAPH_API_URL). */
  url: string;
  pixelId: string;
  accessToken: string;
  events: ReceivedMetaEvent[];
  /** The next `times` requests are refused with this Graph API error (e.g. 429 / code 4, or 400 / code 100). */
  refuseNext: (status: number, code: number, message?: string, times?: number) => void;
};

const HASHED = ["em", "ph", "fn", "ln", "ct", "st", "zp", "country", "external_id", "ge", "db"];
const SHA256 = /^[0-9a-f]{64}$/;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

function eventProblem(event: Record<string, unknown>, nowS: number): string | null {
  if (typeof event.event_name !== "string" || !event.event_name) return "(#100) The parameter event_name is required";
  if (typeof event.event_time !== "number" || !Number.isInteger(event.event_time))
    return "(#100) The parameter event_time is required and must be a Unix time in seconds";
  if (event.event_time > nowS + 60) return "(#100) event_time cannot be in the future";
  if (event.event_time < nowS - SEVEN_DAYS_S) return "(#100) event_time is more than 7 days ago";
  if (typeof event.action_source !== "string") return "(#100) The parameter action_source is required";
  const user = event.user_data as Record<string, unknown> | undefined;
  if (!user || typeof user !== "object") return "(#100) The parameter user_data is required";
  if (event.action_source === "website") {
    if (typeof event.event_source_url !== "string" || !/^https?:\/\//.test(event.event_source_url))
      return "(#100) event_source_url is required for website events";
    if (typeof user.client_user_agent !== "string" || !user.client_user_agent)
      return "(#100) client_user_agent is required for website events";
  }
  for (const key of HASHED) {
    const value = user[key];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    if (!values.every((v) => typeof v === "string" && SHA256.test(v)))
      return `(#100) user_data.${key} must be hashed with SHA-256`;
  }
  if (event.event_name === "Purchase") {
    const custom = event.custom_data as Record<string, unknown> | undefined;
    if (!custom || typeof custom.currency !== "string" || !/^[A-Z]{3}$/.test(custom.currency))
      return "(#100) custom_data.currency is required for Purchase events";
    if (typeof custom.value !== "number") return "(#100) custom_data.value is required for Purchase events";
  }
  return null;
}

export async function startMetaGraphStandIn({
  pixelId = "123456789012345",
  accessToken = "EAAG-capi-stand-in-token-0123456789",
  version = "v21.0",
}: { pixelId?: string; accessToken?: string; version?: string } = {}): Promise<MetaGraphStandIn> {
  const events: ReceivedMetaEvent[] = [];
  const refusals: { status: number; code: number; message: string }[] = [];
  const graphError = (message: string, code: number, type = "OAuthException") => ({
    error: { message, type, code, fbtrace_id: randomBytes(8).toString("base64url") },
  });
  const server = await startStandInServer((request, reply) => {
    const match = new RegExp(`^/${version.replace(".", "\\.")}/([^/]+)/events$`).exec(request.path);
    if (request.method !== "POST" || !match) return reply.json(400, graphError("Unknown path components", 2500));
    const refusal = refusals.shift();
    if (refusal) return reply.json(refusal.status, graphError(refusal.message, refusal.code));
    const body = request.body as Record<string, unknown> | null;
    const token = body?.access_token ?? request.query.access_token;
    if (token !== accessToken)
      return reply.json(401, graphError("Invalid OAuth access token - Cannot parse access token", 190));
    if (decodeURIComponent(match[1]) !== pixelId)
      return reply.json(
        400,
        graphError(
          `Unsupported post request. Object with ID '${match[1]}' does not exist`,
          100,
          "GraphMethodException",
        ),
      );
    const data = body?.data;
    if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
      return reply.json(400, graphError("(#100) The parameter data is required and must hold 1 to 1000 events", 100));
    const nowS = Math.floor(Date.now() / 1000);
    for (const event of data as Record<string, unknown>[]) {
      const problem = eventProblem(event, nowS);
      if (problem) return reply.json(400, graphError(`Invalid parameter: ${problem}`, 100));
    }
    const testEventCode = typeof body?.test_event_code === "string" ? body.test_event_code : null;
    for (const event of data) events.push({ pixelId, testEventCode, event: event as ReceivedMetaEvent["event"] });
    reply.json(200, { events_received: data.length, messages: [], fbtrace_id: randomBytes(8).toString("base64url") });
  });
  return {
    ...server,
    url: `${server.origin}/${version}`,
    pixelId,
    accessToken,
    events,
    refuseNext(status, code, message = "Application request limit reached", times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ status, code, message });
    },
  };
}
