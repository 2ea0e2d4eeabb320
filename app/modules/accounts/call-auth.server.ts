import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";

export type AuthCallResult =
  | { ok: true; cookies: string[]; body: Record<string, unknown> }
  | { ok: false; status: number; code: string | undefined; message: string | undefined; cookies: string[] };

const FORWARDED = ["cookie", "user-agent", "origin", "sec-fetch-site", CLIENT_IP_HEADER];

/**
 * Calls one of better-auth's endpoints the way a browser would (through its handler, so its rate
 * limits, origin checks and cookie rules all apply) on behalf of a form that posted to a page.
 */
export async function callAuth(
  auth: Auth,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  method = "POST",
): Promise<AuthCallResult> {
  const url = new URL(`/api/auth${path}`, request.url);
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("origin")) headers.set("origin", url.origin);
  const response = await auth.handler(
    new Request(url, { method, headers, body: method === "GET" ? undefined : JSON.stringify(body) }),
  );
  const cookies = response.headers.getSetCookie();
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown> | null;
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      code: typeof json?.code === "string" ? json.code : undefined,
      message: typeof json?.message === "string" ? json.message : undefined,
      cookies,
    };
  }
  return { ok: true, cookies, body: json ?? {} };
}
