import type { AppLoadContext } from "react-router";
import { expect } from "vitest";
import type { Db } from "~/db/client.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import type { Providers } from "~/integrations/providers.server";
import { testProviders } from "./test-providers";
import { TEST_AUTH_SECRET } from "./test-secret";
import { createSecretBoxes } from "~/db/secret-box.server";

/** The origin route tests send their requests from (same-origin, so writes pass the cross-site guard). */
export const TEST_ORIGIN = "http://shop.test";

/**
 * better-auth on a test database and the load context route tests call loaders and actions with.
 * Its providers are testProviders() (no e-mail sender: e-mails are kept, not sent) unless given.
 */
export async function routeContext(
  db: Db,
  { providers = testProviders() }: { providers?: Providers } = {},
): Promise<{ auth: Auth; context: AppLoadContext }> {
  const env = {
    PUBLIC_URL: undefined,
    PORT: 3000,
    GOOGLE_CLIENT_ID: undefined,
    GOOGLE_CLIENT_SECRET: undefined,
    SIGN_IN_RATE_LIMIT: 1000,
  };
  const auth = createShopAuth({ db, env, secret: TEST_AUTH_SECRET });
  return {
    auth,
    context: {
      db,
      auth,
      env,
      providers,
      secretBoxes: createSecretBoxes(TEST_AUTH_SECRET),
    } as unknown as AppLoadContext,
  };
}

/** Signs in through better-auth's own endpoint and returns the Cookie header of that session. */
export async function signInCookie(auth: Auth, email: string, password: string, ip = "10.1.0.1"): Promise<string> {
  const res = await auth.handler(
    new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: ip },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The shop owner (a seller made the way `npm run create-seller` makes one) and a buyer who signed up,
 * each signed in: the Cookie headers of their sessions.
 */
export async function ownerAndBuyerCookies(
  auth: Auth,
  db: Db,
  password: string,
): Promise<{ owner: string; buyer: string }> {
  await createSeller(auth, db, { email: "owner@shop.pk", password, name: "Owner" });
  await auth.handler(
    new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
      body: JSON.stringify({ name: "Bilal", email: "buyer@shop.pk", password }),
    }),
  );
  return {
    owner: await signInCookie(auth, "owner@shop.pk", password),
    buyer: await signInCookie(auth, "buyer@shop.pk", password),
  };
}

/**
 * Calls a route's loader or action as React Router does. A thrown Response (a redirect, a 404) is
 * returned rather than thrown, so tests can look at it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export async function callRoute(
  fn: (args: any) => unknown,
  args: { request: Request; context: unknown; params?: Record<string, string> },
): Promise<any> {
  /* eslint-enable @typescript-eslint/no-explicit-any */
  try {
    return await fn({ params: {}, ...args });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export function expectRedirect(result: unknown, location: string | RegExp): void {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  expect((result as Response).headers.get("location")).toMatch(location);
}
