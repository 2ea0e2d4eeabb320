import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { callRoute } from "../../../tests/factories/route-calls";
import * as moved from "./dashboard-redirect";

const ORIGIN = "http://shop.test";

/** app/routes.ts as React Router matches it: which file serves a path. */
function fileFor(path: string): string | undefined {
  const toObject = (entry: RouteConfigEntry): RouteObject =>
    ({
      id: entry.id ?? entry.file,
      path: entry.path,
      index: entry.index,
      children: entry.children?.map(toObject),
      handle: entry.file,
    }) as RouteObject;
  const matches = matchRoutes((routes as RouteConfigEntry[]).map(toObject), path);
  return matches?.at(-1)?.route.handle as string | undefined;
}

const call = (fn: Parameters<typeof callRoute>[0], path: string, method = "GET") =>
  callRoute(fn, {
    request: new Request(`${ORIGIN}${path}`, {
      method,
      body: method === "GET" ? undefined : new URLSearchParams({ intent: "x" }),
    }),
    context: {},
  });

/** Issue 27: every owner page under /seller/...; the old /seller-dashboard/... addresses answer with where it went. */
describe("the owner's old /seller-dashboard/... addresses", () => {
  const OLD_TO_NEW: [string, string][] = [
    ["/seller-dashboard/products", "/seller/products"],
    ["/seller-dashboard/products/new", "/seller/products/new"],
    ["/seller-dashboard/products/abc-123/edit", "/seller/products/abc-123/edit"],
    ["/seller-dashboard/products?q=tee&sort=price-low", "/seller/products?q=tee&sort=price-low"],
    ["/seller-dashboard/discounts", "/seller/discounts"],
    ["/seller-dashboard/discounts/7?page=2", "/seller/discounts/7?page=2"],
    ["/seller-dashboard/email-logs?status=failed&id=12", "/seller/email-logs?status=failed&id=12"],
    ["/seller-dashboard/settings", "/seller/settings"],
    ["/seller-dashboard/settings/couriers", "/seller/settings/couriers"],
    ["/seller-dashboard/settings/couriers?edit=3", "/seller/settings/couriers?edit=3"],
    ["/seller-dashboard/inbox?status=unhandled", "/seller/inbox?status=unhandled"],
    ["/seller-dashboard/reviews", "/seller/reviews"],
    ["/seller-dashboard/team", "/seller/team"],
    ["/seller-dashboard/password", "/seller/password"],
  ];

  it("/seller-dashboard itself is still the Overview; everything below it is the redirect", () => {
    expect(fileFor("/seller-dashboard")).toBe("routes/seller/dashboard.tsx");
    expect(fileFor("/seller-dashboard/")).toBe("routes/seller/dashboard.tsx");
    for (const [old] of OLD_TO_NEW)
      expect(fileFor(old.split("?")[0]), old).toBe("routes/seller/dashboard-redirect.tsx");
  });

  it("a GET answers 301 with the new address, keeping the sub-path and the query string; the new address is a real owner page", async () => {
    for (const [old, now] of OLD_TO_NEW) {
      const res = await call(moved.loader, old);
      expect(res, old).toBeInstanceOf(Response);
      expect(res.status, old).toBe(301);
      expect(res.headers.get("location"), old).toBe(now);
      const file = fileFor(now.split("?")[0]);
      expect(file, now).toMatch(/^routes\/seller\//);
      expect(file, now).not.toBe("routes/seller/dashboard-redirect.tsx");
    }
  });

  it("a POST (a form from a page open before the move) answers 308, so the browser posts the same form again there", async () => {
    for (const [old, now] of [
      ["/seller-dashboard/products/new", "/seller/products/new"],
      ["/seller-dashboard/products/abc-123/edit", "/seller/products/abc-123/edit"],
      ["/seller-dashboard/settings?index", "/seller/settings?index"],
      ["/seller-dashboard/team", "/seller/team"],
    ]) {
      const res = await call(moved.action, old, "POST");
      expect(res.status, old).toBe(308);
      expect(res.headers.get("location"), old).toBe(now);
    }
  });

  it("a path that never was an owner page is not found, as before (a prefix must end at a slash)", async () => {
    for (const path of ["/seller-dashboard/nope", "/seller-dashboard/productsx", "/seller-dashboard/orders"]) {
      const res = await call(moved.loader, path);
      expect(res, path).not.toBeInstanceOf(Response);
      expect(res.init?.status, path).toBe(404);
      const post = await call(moved.action, path, "POST");
      expect(post.status, path).toBe(405);
    }
  });
});
