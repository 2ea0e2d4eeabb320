import type { Env } from "./env.server";

/**
 * The shop's own address, the one place absolute URLs start from: sign-in's base URL and trusted
 * origins, canonical links, the sitemap, robots.txt, the page cache's keys and e-mails. It comes
 * from PUBLIC_URL, never from a request's Host header, which the client writes: a forged Host must
 * not end up in a cached page, a password-reset link or better-auth's idea of where it lives.
 *
 * Without PUBLIC_URL the shop is one machine's (`npm start`, README's first command): it answers
 * only loopback names on its PORT and calls itself http://localhost:PORT.
 */
export type OriginEnv = Pick<Env, "PUBLIC_URL" | "PORT">;

const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];

/** "https://kapra.pk" (no trailing slash), or http://localhost:PORT when PUBLIC_URL is not set. */
export function publicOrigin(env: OriginEnv): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

export function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname.toLowerCase());
}

/**
 * The origins a browser may use to reach the shop: PUBLIC_URL's, plus the other loopback names for
 * the same port when the shop is reached on this machine (so http://127.0.0.1:3000 works as well as
 * http://localhost:3000).
 */
export function acceptedOrigins(env: OriginEnv): string[] {
  const origin = new URL(publicOrigin(env));
  if (!isLoopbackHostname(origin.hostname)) return [origin.origin];
  return LOOPBACK_HOSTNAMES.map(
    (hostname) => new URL(`${origin.protocol}//${hostname}${origin.port ? `:${origin.port}` : ""}`).origin,
  );
}

/** A Host-header checker: true when `host` names one of the accepted origins (default ports may be written or left out). */
export function createHostCheck(env: OriginEnv): (host: string | undefined) => boolean {
  const protocol = new URL(publicOrigin(env)).protocol;
  const accepted = new Set(acceptedOrigins(env).map((o) => new URL(o).host));
  return (host) => {
    if (!host || !/^[\w.:[\]-]+$/.test(host)) return false;
    try {
      return accepted.has(new URL(`${protocol}//${host}`).host);
    } catch {
      return false;
    }
  };
}

/** True when sign-in cookies must be `Secure` (and get the `__Host-` prefix). */
export function isHttpsShop(env: Pick<Env, "PUBLIC_URL">): boolean {
  return env.PUBLIC_URL?.startsWith("https://") ?? false;
}
