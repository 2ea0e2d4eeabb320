import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { accounts, rateLimits, sessions, users, verifications } from "~/modules/accounts/tables";
import type { Env } from "~/lib/env.server";
import type { QueueMessages } from "./ports";
import { outboxMessage } from "~/modules/messages/email-messages";
import { loadAuthSecret as loadSecret } from "~/db/auth-secret.server";
import { acceptedOrigins, isHttpsShop, publicOrigin } from "~/lib/public-origin";
import { withoutQueries } from "~/lib/log-redaction";
import { SELLER_PASSWORD_PATH } from "./account-paths";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { authRequestRules } from "./auth-request-rules.server";
import { MAX_PASSWORD_LENGTH_RULE, MIN_PASSWORD_LENGTH_RULE } from "./password-rule";
import { SESSION_SLIDING_SECONDS } from "./session-age";

/** How long a shopper's signed copy of their session (better-auth's cookie cache) is trusted for page views. */
export const SESSION_COOKIE_CACHE_SECONDS = 60;

export type AuthOptions = {
  db: Db;
  /** PORT: without PUBLIC_URL the shop is http://localhost:PORT. Tests that call auth in-process leave both out. */
  env: Pick<Env, "PUBLIC_URL" | "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "SIGN_IN_RATE_LIMIT"> &
    Partial<Pick<Env, "PORT">>;
  secret: string;
  logger?: Logger;
  /**
   * Runs before an account is deleted: the rest of the shop lets go of the person (their orders
   * kept anonymised, their reviews removed). The delete-account flow gives it (app/flows).
   */
  beforeDeleteUser: (userId: string) => Promise<void>;
  /** Queues "Your password was changed" (modules/messages' outbox; create-shop-auth gives it). */
  queueMessages: QueueMessages;
};

/** better-auth on our database: e-mail and password, database sessions, roles, rate-limited sign-in. */
/**
 * Session cookies. Over https they are `__Host-` cookies: Secure, Path=/ and no Domain, so neither
 * plain http nor a sibling subdomain can set or overwrite them. better-auth only makes `__Secure-`
 * names itself, so the prefix goes in its cookie prefix and Secure is set by hand.
 */
export function cookieOptions(env: Pick<Env, "PUBLIC_URL">) {
  const https = isHttpsShop(env);
  return {
    cookiePrefix: https ? "__Host-better-auth" : "better-auth",
    useSecureCookies: false,
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: https },
  };
}

/** Set-Cookie values that remove the session cookies (signing out when better-auth had none to clear). */
export function expiredSessionCookies(env: Pick<Env, "PUBLIC_URL">): string[] {
  const { cookiePrefix, defaultCookieAttributes } = cookieOptions(env);
  return ["session_token", "session_data"].map(
    (name) =>
      `${cookiePrefix}.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${defaultCookieAttributes.secure ? "; Secure" : ""}`,
  );
}

export function createAuth({ db, env, secret, logger, beforeDeleteUser, queueMessages }: AuthOptions) {
  // The base URL is PUBLIC_URL (or this machine's), never the Host a request names.
  const origins =
    env.PUBLIC_URL || env.PORT
      ? {
          baseURL: publicOrigin({ PUBLIC_URL: env.PUBLIC_URL, PORT: env.PORT ?? 3000 }),
          trustedOrigins: acceptedOrigins({ PUBLIC_URL: env.PUBLIC_URL, PORT: env.PORT ?? 3000 }),
        }
      : {};
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
      : undefined;
  return betterAuth({
    appName: "Shop",
    secret,
    ...origins,
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    // The common-password part of the rule is checked by authRequestRules below. A password reset
    // (the owner's first-start link) ends every session of the account.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH_RULE,
      maxPasswordLength: MAX_PASSWORD_LENGTH_RULE,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    socialProviders: google,
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "buyer", input: false },
        disabled: { type: "boolean", required: false, defaultValue: false, input: false },
      },
      // The shop keeps a deleted person's orders with their personal fields blanked out; their
      // reviews go, and the products they rated are recounted.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await beforeDeleteUser(user.id);
        },
      },
    },
    // The cookie cache spares a shopper's page views the session query; writes, owner pages and
    // sellers still read the database (session-user.server.ts), so it never grants anything.
    session: {
      expiresIn: SESSION_SLIDING_SECONDS,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [user] = await db
              .select({ disabled: users.disabled })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.disabled)
              throw new APIError("FORBIDDEN", { message: "This account has been disabled.", code: "ACCOUNT_DISABLED" });
          },
        },
      },
    },
    hooks: {
      before: authRequestRules,
      // "Your password was changed" goes to the account holder whatever their e-mail settings say:
      // it is how they learn that someone else got in. better-auth runs its own transaction, so the
      // e-mail is queued right after the change succeeds.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password") return;
        const returned = ctx.context.returned as
          { user?: { email?: string; name?: string; role?: string } } | APIError | undefined;
        if (!returned || returned instanceof APIError || !returned.user?.email) return;
        await queueMessages(db, [
          outboxMessage({
            kind: "password_changed",
            to: returned.user.email,
            data: {
              name: returned.user.name || returned.user.email,
              at: new Date().toISOString(),
              dashboardPath: returned.user.role === "seller" ? SELLER_PASSWORD_PATH : "/buyer-dashboard",
            },
          }),
        ]);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": { window: 60, max: env.SIGN_IN_RATE_LIMIT },
        "/sign-up/email": { window: 60, max: env.SIGN_IN_RATE_LIMIT },
        "/change-password": { window: 60, max: env.SIGN_IN_RATE_LIMIT },
        "/delete-user": { window: 60, max: env.SIGN_IN_RATE_LIMIT },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      ...cookieOptions(env),
    },
    telemetry: { enabled: false },
    logger: logger
      ? { level: "warn", log: (level, message) => logger[level]({ source: "better-auth" }, withoutQueries(message)) }
      : { disabled: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The signing secret (app/db/auth-secret.server.ts): BETTER_AUTH_SECRET, or on PGlite DATA_DIR/auth-secret. */
export const loadAuthSecret = loadSecret;
