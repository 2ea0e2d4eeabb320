import { z } from "zod";

const optionalText = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const WEB_CONCURRENCY_MESSAGE = "must be a whole number of processes from 1 to 256";
const PORT_MESSAGE = "must be a port number from 1 to 65535";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE).max(65535, PORT_MESSAGE).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional(),
  ),
  DATA_DIR: z.string().min(1).default("./data"),
  SHOP_NAME: z.string().trim().min(1).max(60).default("Kapra"),
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  SHOP_OWNER_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email("must be an e-mail address").optional()),
  BETTER_AUTH_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  // Where e-mail goes out (modules/email). Empty: e-mails are kept in the log, marked not sent.
  SMTP_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().refine(isSmtpUrl, "must be a URL like smtp://user:password@host:587 or smtps://host:465").optional(),
  ),
  // The sender: "Name <address>" or a bare address. Empty: the shop's name and contact e-mail from Settings.
  MAIL_FROM: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().refine(isMailbox, 'must be an e-mail address, or "Name <address>"').optional(),
  ),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1, "must be a whole number of attempts of at least 1").default(10),
  // Server processes on PostgreSQL (server/cluster.ts). Empty: one per core. PGlite always runs one.
  WEB_CONCURRENCY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ error: WEB_CONCURRENCY_MESSAGE }).int(WEB_CONCURRENCY_MESSAGE).min(1, WEB_CONCURRENCY_MESSAGE).max(256, WEB_CONCURRENCY_MESSAGE).optional(),
  ),
});

function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
}

function isMailbox(value: string): boolean {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value)?.[1] ?? value;
  return z.email().safeParse(address.trim()).success;
}

export type Env = z.infer<typeof envSchema>;

/** Reads and validates configuration once; a bad value names the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export class ConfigError extends Error {
  name = "ConfigError";
}
