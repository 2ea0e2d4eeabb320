import { and, eq, gt } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, productVariants, users } from "~/schema";
import { placeOrder } from "~/flows/place-order.server";
import * as apiCartItems from "../api/cart-items";
import * as apiOrder from "../api/order";
import * as order from "./order";
import * as root from "~/root";
import * as sellerOrders from "../seller/orders/orders";
import {
  callRoute,
  routeContext,
  expectRedirect,
  signInCookie,
  TEST_ORIGIN,
} from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { getSessionUser } from "~/modules/accounts/session-user.server";

const PASSWORD = "a-long-password-1";
const PRODUCT = "essential-crew-neck-tee";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@shop.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 1",
  postalCode: null,
  country: "Pakistan" as const,
};

/**
 * Issue 9: page views read better-auth's signed session cookie cache instead of the database, but
 * nothing that changes something, and nothing a seller does, trusts it.
 */
describe.each(DATABASE_KINDS)("the session cookie cache (%s)", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  let variant: { color: string; size: string };

  const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  const postJson = (path: string, cookie: string, body: unknown) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const call = (fn: Parameters<typeof callRoute>[0], request: Request, params: Record<string, string> = {}) =>
    callRoute(fn, { request, context, params });
  const cartRows = async (email: string) => {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return database.db.select().from(cartItems).where(eq(cartItems.userId, user.id));
  };
  const signUp = (name: string, email: string) =>
    auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.3.0.1" },
        body: JSON.stringify({ name, email, password: PASSWORD }),
      }),
    );

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    [variant] = await database.db
      .select({ color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(and(eq(productVariants.productId, PRODUCT), gt(productVariants.stock, 5)))
      .limit(1);
  }, 300_000);

  it("lets a page view read the signed cookie, not the database, and hands a renewed cookie back with the page", async () => {
    await signUp("Bilal Ahmed", "bilal@shop.pk");
    const cookie = await signInCookie(auth, "bilal@shop.pk", PASSWORD);
    expect(cookie).toContain("session_data=");
    // Renamed behind the cache's back: a page view still shows the name the cookie carries...
    await database.db.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.email, "bilal@shop.pk"));
    expect((await getSessionUser(auth, get("/products", cookie)))?.name).toBe("Bilal Ahmed");
    // ...while anything that writes reads the database.
    expect((await getSessionUser(auth, postJson("/api/cart/items", cookie, {})))?.name).toBe("Renamed Elsewhere");

    // Without the cache cookie the page reads the database and the response carries a new cache cookie.
    const tokenOnly = cookie
      .split("; ")
      .filter((c) => c.includes("session_token"))
      .join("; ");
    const page = await call(root.loader, get("/products", tokenOnly));
    expect(page.data.user.name).toBe("Renamed Elsewhere");
    expect(
      new Headers(page.init.headers)
        .getSetCookie()
        .some((c: string) => c.includes("session_data=") && !c.includes("Max-Age=0")),
    ).toBe(true);
  });

  it("a session signed out on another device can change nothing, though its cached page views last a minute at most", async () => {
    await signUp("Sana Malik", "sana@shop.pk");
    const phone = await signInCookie(auth, "sana@shop.pk", PASSWORD, "10.3.0.2");
    const laptop = await signInCookie(auth, "sana@shop.pk", PASSWORD, "10.3.0.3");
    // From the laptop: "sign out of every other device".
    const revoked = await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/revoke-other-sessions`, {
        method: "POST",
        headers: {
          cookie: laptop,
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          [CLIENT_IP_HEADER]: "10.3.0.3",
        },
        body: "{}",
      }),
    );
    expect(revoked.status).toBe(200);

    // The phone's cached copy still draws a page until it expires...
    expect((await getSessionUser(auth, get("/", phone)))?.email).toBe("sana@shop.pk");
    // ...but adding to the cart is refused and nothing is added.
    const add = await call(
      apiCartItems.action,
      postJson("/api/cart/items", phone, { productId: PRODUCT, ...variant, quantity: 1 }),
    );
    expect(add.status).toBe(401);
    expect(await cartRows("sana@shop.pk")).toHaveLength(0);
    // The laptop, still signed in, can.
    const ok = await call(
      apiCartItems.action,
      postJson("/api/cart/items", laptop, { productId: PRODUCT, ...variant, quantity: 1 }),
    );
    expect(ok.status).toBe(201);
    expect(await cartRows("sana@shop.pk")).toHaveLength(1);
  });

  it("a seller whose role was taken away can open no seller page, call no seller API and read no one else's order, at once", async () => {
    await createSeller(auth, database.db, { email: "staff@shop.pk", password: PASSWORD, name: "Staff" });
    const staff = await signInCookie(auth, "staff@shop.pk", PASSWORD);
    await signUp("Hina Raza", "hina@shop.pk");
    const [hina] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "hina@shop.pk"));
    const placed = await placeOrder(
      { db: database.db },
      { userId: hina.id, shipping: SHIPPING, items: [{ productId: PRODUCT, ...variant, quantity: 1 }] },
    );

    // While a seller, staff reads any order.
    expect((await call(order.loader, get(`/orders/${placed.orderId}`, staff), { id: placed.orderId })).order.id).toBe(
      placed.orderId,
    );

    // The role goes (the cookie in staff's browser still says "seller" for up to a minute).
    await database.db.update(users).set({ role: "buyer" }).where(eq(users.email, "staff@shop.pk"));
    expectRedirect(await call(sellerOrders.loader, get("/seller/orders", staff)), "/buyer-dashboard");
    const apiOrderRead = await call(apiOrder.loader, get(`/api/orders/${placed.orderId}`, staff), {
      id: placed.orderId,
    });
    expect(apiOrderRead.status).toBe(404);
    const page = await call(order.loader, get(`/orders/${placed.orderId}`, staff), { id: placed.orderId });
    expect(page.init.status).toBe(404);
    expect((await call(root.loader, get("/", staff))).data.user.role).toBe("buyer");
  });
});
