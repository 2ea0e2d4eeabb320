import { isIP } from "node:net";
import { z } from "~/lib/zod";

const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

export const SECRET_HELP = "make one with `openssl rand -base64 32`";
const WEB_CONCURRENCY_MESSAGE = "must be a whole number of processes from 1 to 256";
const PORT_MESSAGE = "must be a port number from 1 to 65535";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: PORT_MESSAGE })
    .int(PORT_MESSAGE)
    .min(1, PORT_MESSAGE)
    .max(65535, PORT_MESSAGE)
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default("./data"),
  SHOP_NAME: z.string().trim().min(1).max(60).default("Kapra"),
  // The shop's public address (https://kapra.pk): every absolute link and sign-in's origin come from it, never from a request's Host.
  PUBLIC_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: "must be the shop's address, like https://kapra.pk" }).optional(),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Which proxies' X-Forwarded-For / -Proto to believe (Express's `trust proxy`): a hop count or their addresses.
  TRUST_PROXY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()).transform(parseTrustProxy),
  SHOP_OWNER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email("must be an e-mail address").optional()),
  BETTER_AUTH_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, `must be at least 32 characters: ${SECRET_HELP}`).optional(),
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  // Where e-mail goes out (modules/messages). Empty: e-mails are kept in the log, marked not sent.
  SMTP_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().refine(isSmtpUrl, "must be a URL like smtp://user:password@host:587 or smtps://host:465").optional(),
  ),
  // The sender: "Name <address>" or a bare address. Empty: the shop's name and contact e-mail from Settings.
  MAIL_FROM: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().refine(isMailbox, 'must be an e-mail address, or "Name <address>"').optional(),
  ),
  // WhatsApp Business Cloud API's base address (modules/messages, issue 32): Meta's Graph API, or a
  // sandbox or test server. The account and its token are the owner's, in Settings -> WhatsApp.
  WHATSAPP_API_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) address, like https://graph.facebook.com/v21.0" })
      .default("https://graph.facebook.com/v21.0"),
  ),
  // Meta's Graph API for the Conversions API (issue 44: Purchases, POST {base}/{pixel-id}/events), or a
  // test server. The Pixel and its access token are the owner's, in Settings -> Marketing.
  META_GRAPH_API_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) address, like https://graph.facebook.com/v21.0" })
      .default("https://graph.facebook.com/v21.0"),
  ),
  // Couriers' merchant APIs (issue 33): PostEx's and Leopards' base addresses, or a sandbox or test
  // server. The accounts' token, key and password are the owner's, in Settings -> Couriers.
  POSTEX_API_URL: httpAddress(
    "https://api.postex.pk/services/integration/api/order/",
    "https://api.postex.pk/services/integration/api/order/",
  ),
  LEOPARDS_API_URL: httpAddress(
    "https://merchantapi.leopardscourier.com/api/",
    "https://merchantapi.leopardscourier.com/api/",
  ),
  // Issue 45: TCS's E-COM API (OCI Connect; its sandbox is https://devconnect.tcscourier.com), Trax's
  // Sonic API (sandbox https://app.sonic.pk/api) and M&P's COD API (no published sandbox).
  TCS_API_URL: httpAddress("https://ociconnect.tcscourier.com", "https://ociconnect.tcscourier.com"),
  TRAX_API_URL: httpAddress("https://sonic.pk/api", "https://sonic.pk/api"),
  MNP_API_URL: httpAddress("https://mnpcourier.com/mycodapi/api/", "https://mnpcourier.com/mycodapi/api/"),
  // Payment gateways (issue 42): Safepay's API and JazzCash's merchant site, live by default; a
  // sandbox (https://sandbox.api.getsafepay.com, https://sandbox.jazzcash.com.pk) or a test server.
  // The merchant's keys are the owner's, in Settings -> Payments.
  SAFEPAY_API_URL: httpAddress("https://api.getsafepay.com", "https://api.getsafepay.com"),
  JAZZCASH_API_URL: httpAddress("https://payments.jazzcash.com.pk", "https://payments.jazzcash.com.pk"),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1, "must be a whole number of attempts of at least 1").default(10),
  // Server processes on PostgreSQL (server/cluster.ts). Empty: one per core. PGlite always runs one.
  WEB_CONCURRENCY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: WEB_CONCURRENCY_MESSAGE })
      .int(WEB_CONCURRENCY_MESSAGE)
      .min(1, WEB_CONCURRENCY_MESSAGE)
      .max(256, WEB_CONCURRENCY_MESSAGE)
      .optional(),
  ),
  // Memory (decision 0026): what each in-memory cache may hold, in MB, and PGlite's buffer pool.
  PAGE_CACHE_MB: megabytes(8),
  MEDIA_CACHE_MB: megabytes(8),
  READ_CACHE_MB: megabytes(8),
  PGLITE_SHARED_BUFFERS_MB: megabytes(16, 1),
  // The waiting room (decision 0034): past any of these, a process is busy and lets no one more in.
  WAITING_ROOM_MAX_IN_FLIGHT: wholeNumber(16),
  WAITING_ROOM_MAX_LOOP_DELAY_MS: wholeNumber(150),
  WAITING_ROOM_MAX_POOL_WAITING: wholeNumber(4),
  WAITING_ROOM_MAX_ANSWER_MS: wholeNumber(120),
});

/** A whole number from 0, its default when empty. */
function wholeNumber(fallback: number) {
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "must be a whole number from 0" })
      .int("must be a whole number from 0")
      .min(0, "must be a whole number from 0")
      .default(fallback),
  );
}

/** An outside service's base address: http(s) only, its default when empty. */
function httpAddress(fallback: string, example: string) {
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url({ protocol: /^https?$/, error: `must be an http(s) address, like ${example}` }).default(fallback),
  );
}

/** A size in whole megabytes, 0 (turns a cache off) or more, up to 4 GB; `min` for PGlite's buffers. */
function megabytes(fallback: number, min = 0) {
  const message = `must be a whole number of megabytes from ${min} to 4096`;
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(4096, message).default(fallback),
  );
}

export const TRUST_PROXY_HELP =
  'write the number of proxies in front of the shop (1 for nginx or Caddy on the same network, 2 for a CDN in front of nginx) or their addresses ("10.0.0.5" or "10.0.0.0/8, 172.16.0.1"); "false" or empty when clients connect directly';

/**
 * false (no proxy), a hop count, or proxy addresses/CIDRs (Express also knows loopback, linklocal
 * and uniquelocal). Never "true": Express would then believe the left-most X-Forwarded-For address,
 * which any client writes for itself, and the sign-in limit would count whatever it chose.
 */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  const text = value?.trim() ?? "false";
  if (text === "false" || text === "0") return false;
  if (text === "true") {
    ctx.addIssue({
      code: "custom",
      message: `"true" would trust any address a client writes in X-Forwarded-For: ${TRUST_PROXY_HELP}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
  }
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: "custom", message: `"${text}" is not a hop count or a list of addresses: ${TRUST_PROXY_HELP}` });
  return z.NEVER;
}

function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
}

function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

/**
 * On PostgreSQL the session-signing secret must come from the environment: kept in the database, it
 * would be in every backup of it, and anyone holding a backup could sign sessions.
 */
const checkedSchema = envSchema.superRefine((env, ctx) => {
  if (env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["BETTER_AUTH_SECRET"],
      message: `is required with DATABASE_URL (the same on every server): ${SECRET_HELP}`,
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Reads and validates configuration once; a bad value names the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  name = "ConfigError";
}
