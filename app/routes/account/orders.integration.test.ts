import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import { matchRoutes, type AppLoadContext, type RouteObject } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { placeOrder } from "~/flows/place-order.server";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import routes from "~/routes";
import { callRoute, ownerAndBuyerCookies, routeContext } from "../../../tests/factories/route-calls";
import { TEST_ITEM } from "../../../tests/factories/test-orders";
import { useTestDatabase } from "../../../tests/factories/test-database";
import * as ordersTab from "./orders";
import * as profileTab from "./profile";
import * as settingsTab from "./settings";
import * as storeCreditTab from "./store-credit";
import * as wishlistTab from "./wishlist";
import * as layout from "./layout";

const ORIGIN = "http://shop.test";
const PASSWORD = "long-enough-password";

/** app/routes.ts as React Router matches it: the files that serve a path, outermost first. */
function filesFor(path: string): string[] {
  const toObject = (entry: RouteConfigEntry): RouteObject =>
    ({
      id: entry.id ?? entry.file,
      path: entry.path,
      index: entry.index,
      children: entry.children?.map(toObject),
      handle: entry.file,
    }) as RouteObject;
  return (matchRoutes((routes as RouteConfigEntry[]).map(toObject), path) ?? []).map((m) => m.route.handle as string);
}

/**
 * The buyer's account as a layout with one child route per tab (issue 27): each tab a URL of its
 * own whose loader loads only what it shows, the old `?tab=X` addresses sent on with a 301, and a
 * form posted the old way (every form to /buyer-dashboard) sent on to its tab with a 308.
 */
describe("the buyer's account tabs", () => {
  const database = useTestDatabase("pglite");
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };
  let orderId = "";

  const request = (path: string, who: "buyer" | "owner" | "guest" = "buyer", form?: Record<string, string>) =>
    new Request(`${ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const call = (fn: Parameters<typeof callRoute>[0], req: Request) => callRoute(fn, { request: req, context });
  const expectMoved = (result: unknown, status: 301 | 302 | 308, location: string) => {
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(status);
    expect((result as Response).headers.get("location")).toBe(location);
  };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    cookies = await ownerAndBuyerCookies(auth, database.db, PASSWORD);
    const [buyer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk"));
    const shipping = {
      fullName: "Bilal Ahmed",
      email: "buyer@shop.pk",
      phone: "+923001234567",
      city: "Karachi",
      address: "House 1",
      postalCode: null,
      country: "Pakistan" as const,
    };
    orderId = (
      await placeOrder({ db: database.db }, { userId: buyer.id, shipping, items: [{ ...TEST_ITEM, quantity: 1 }] })
    ).orderId;
    await setWishlisted(database.db, buyer.id, TEST_ITEM.productId, true);
  }, 300_000);

  it("every tab is a child of the account layout; /buyer-dashboard and /orders are My Orders; /orders/:id is the order page", () => {
    expect(filesFor("/buyer-dashboard")).toEqual(["routes/account/layout.tsx", "routes/account/orders.tsx"]);
    expect(filesFor("/orders")).toEqual(["routes/account/layout.tsx", "routes/account/orders.tsx"]);
    expect(filesFor("/buyer-dashboard/wishlist")).toEqual(["routes/account/layout.tsx", "routes/account/wishlist.tsx"]);
    expect(filesFor("/buyer-dashboard/profile")).toEqual(["routes/account/layout.tsx", "routes/account/profile.tsx"]);
    expect(filesFor("/buyer-dashboard/settings")).toEqual(["routes/account/layout.tsx", "routes/account/settings.tsx"]);
    expect(filesFor("/buyer-dashboard/store-credit")).toEqual([
      "routes/account/layout.tsx",
      "routes/account/store-credit.tsx",
    ]);
    expect(filesFor("/orders/abc")).toEqual(["routes/account/order.tsx"]);
  });

  it("the old ?tab=X addresses answer 301 with the tab's own URL (other parameters kept), before any sign-in", async () => {
    const moves: [string, string][] = [
      ["/buyer-dashboard?tab=wishlist", "/buyer-dashboard/wishlist"],
      ["/buyer-dashboard?tab=profile", "/buyer-dashboard/profile"],
      ["/buyer-dashboard?tab=settings", "/buyer-dashboard/settings"],
      ["/buyer-dashboard?tab=store-credit", "/buyer-dashboard/store-credit"],
      ["/buyer-dashboard?tab=orders", "/buyer-dashboard"],
      ["/buyer-dashboard?tab=nonsense", "/buyer-dashboard"],
      ["/orders?tab=orders", "/orders"],
      ["/orders?tab=settings", "/buyer-dashboard/settings"],
      ["/buyer-dashboard?utm_source=email&tab=wishlist", "/buyer-dashboard/wishlist?utm_source=email"],
    ];
    for (const [old, now] of moves) {
      expectMoved(await call(layout.loader, request(old)), 301, now);
      expectMoved(await call(layout.loader, request(old, "guest")), 301, now);
    }
  });

  it("the frame asks a guest to sign in and sends the owner to their own dashboard, from every tab", async () => {
    for (const [path, loader] of [
      ["/buyer-dashboard", ordersTab.loader],
      ["/orders", ordersTab.loader],
      ["/buyer-dashboard/wishlist", wishlistTab.loader],
      ["/buyer-dashboard/profile", profileTab.loader],
      ["/buyer-dashboard/settings", settingsTab.loader],
      ["/buyer-dashboard/store-credit", storeCreditTab.loader],
    ] as const) {
      for (const fn of [layout.loader, loader]) {
        expectMoved(
          await call(fn, request(path, "guest")),
          302,
          `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`,
        );
        expectMoved(await call(fn, request(path, "owner")), 302, "/seller-dashboard");
      }
    }
    const frame = await call(layout.loader, request("/buyer-dashboard"));
    expect(frame.account).toMatchObject({ name: "Bilal", email: "buyer@shop.pk" });
  });

  it("each tab's loader loads only what it shows", async () => {
    const myOrders = await call(ordersTab.loader, request("/orders"));
    expect(Object.keys(myOrders).sort()).toEqual(["myRatings", "orders", "returnsOpenUntil"]);
    expect(myOrders.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    // Not delivered: no Return or exchange on its card.
    expect(myOrders.returnsOpenUntil).toEqual({});
    const wishlist = await call(wishlistTab.loader, request("/buyer-dashboard/wishlist"));
    expect(Object.keys(wishlist)).toEqual(["wishlist"]);
    expect(wishlist.wishlist.map((p: { id: string }) => p.id)).toEqual([TEST_ITEM.productId]);
    const profile = await call(profileTab.loader, request("/buyer-dashboard/profile"));
    expect(Object.keys(profile).sort()).toEqual(["account", "profile"]);
    const settings = await call(settingsTab.loader, request("/buyer-dashboard/settings"));
    expect(settings).toMatchObject({
      profile: { orderEmails: true, smsUpdates: true, marketingEmails: false },
      signsInWithPassword: true,
      googleEnabled: false,
    });
    const credit = await call(storeCreditTab.loader, request("/buyer-dashboard/store-credit?page=nonsense"));
    expect(credit).toEqual({ credit: { balance: 0, entries: [], total: 0, page: 1, pageCount: 1 } });
  });

  it("each tab's forms post to the tab; one posted the old way to /buyer-dashboard goes on to its tab with a 308", async () => {
    for (const [intent, tab] of [
      ["unsave", "/buyer-dashboard/wishlist"],
      ["profile", "/buyer-dashboard/profile"],
      ["settings", "/buyer-dashboard/settings"],
      ["password", "/buyer-dashboard/settings"],
      ["delete-account", "/buyer-dashboard/settings"],
    ]) {
      expectMoved(await call(ordersTab.action, request("/buyer-dashboard?tab=x", "buyer", { intent })), 308, tab);
    }
    const saved = await call(
      settingsTab.action,
      request("/buyer-dashboard/settings", "buyer", { intent: "settings", orderEmails: "on" }),
    );
    expect(saved.data).toEqual({ intent: "settings", ok: true, message: "Settings saved" });
    const profile = await call(
      profileTab.action,
      request("/buyer-dashboard/profile", "buyer", {
        intent: "profile",
        name: "Bilal Ahmed",
        phone: "0300 1234567",
        address: "House 2",
        city: "Lahore",
        postalCode: "",
      }),
    );
    expect(profile.data).toEqual({ intent: "profile", ok: true, message: "Profile updated" });
    const removed = await call(
      wishlistTab.action,
      request("/buyer-dashboard/wishlist", "buyer", { intent: "unsave", productId: TEST_ITEM.productId }),
    );
    expect(removed.data).toMatchObject({ intent: "unsave", ok: true, target: TEST_ITEM.productId });
    // A tab refuses another tab's form: nothing changes.
    const wrong = await call(
      wishlistTab.action,
      request("/buyer-dashboard/wishlist", "buyer", { intent: "cancel", orderId }),
    );
    expect(wrong.init?.status).toBe(400);
    expect(
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status,
    ).toBe("pending");
    const cancelled = await call(ordersTab.action, request("/orders", "buyer", { intent: "cancel", orderId }));
    expect(cancelled.data).toMatchObject({ intent: "cancel", ok: true, target: orderId });
    expect(
      (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status,
    ).toBe("cancelled");
  });
});
