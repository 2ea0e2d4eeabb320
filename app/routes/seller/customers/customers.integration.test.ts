import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { customers, users } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import type { Auth } from "~/modules/accounts/auth.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import * as api from "../../api/seller-customers";
import * as apiOne from "../../api/seller-customer";
import * as csv from "./customers-csv";
import * as one from "./customer";
import * as list from "./customers";

const PASSWORD = "long-enough-password";
const PHONE = "+923214440001";

/** Dashboard -> Customers through its routes, with real better-auth sessions: the owner's only. */
describe.each(DATABASE_KINDS)("Dashboard -> Customers routes on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };
  let id = 0;

  const request = (who: keyof typeof cookies, path: string, form?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { cookie } }))).flash?.message;
  };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
    const [owner] = await database.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.email, "owner@shop.pk"));
    await placeTestOrder(database.db, owner, { phone: PHONE, name: "=Route Customer" });
    id = (await database.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, PHONE)))[0].id;
  }, 120_000);

  it("lists by phone, tags with a refusal beside the field, and saves a segment with a toast", async () => {
    const page = await callRoute(list.loader, {
      request: request("owner", "/seller/customers?q=0321%204440001&ordersMin=x"),
      context,
    });
    expect(page.page.customers.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(page.errors).toEqual({ ordersMin: "Enter a whole number of orders, e.g. 2" });
    expect(page.raw).toMatchObject({ q: "0321 4440001", ordersMin: "x" });

    const path = `/seller/customers/${id}`;
    const tagged = await callRoute(one.action, {
      request: request("owner", path, { intent: "add-tag", tag: " VIP " }),
      context,
      params: { id: String(id) },
    });
    expectRedirect(tagged, path);
    expect(await flashOf(tagged)).toBe("Tagged VIP");
    const again = await callRoute(one.action, {
      request: request("owner", path, { intent: "add-tag", tag: "vip" }),
      context,
      params: { id: String(id) },
    });
    expect(again).toMatchObject({
      status: "error",
      error: { tag: ['This customer already has the tag "VIP"'] },
      initialValue: { intent: "add-tag", tag: "vip" },
    });
    const noted = await callRoute(one.action, {
      request: request("owner", path, { intent: "add-note", body: "Wants a call", showOnOrders: "on" }),
      context,
      params: { id: String(id) },
    });
    expectRedirect(noted, path);
    const shown = await callRoute(one.loader, { request: request("owner", path), context, params: { id: String(id) } });
    expect(shown.detail.notes).toEqual([
      expect.objectContaining({ body: "Wants a call", showOnOrders: true, authorName: "Owner" }),
    ]);

    const saved = await callRoute(list.action, {
      request: request("owner", "/seller/customers?tag=vip", {
        intent: "save-segment",
        name: "VIPs",
        query: "tag=vip",
      }),
      context,
    });
    expectRedirect(saved, "/seller/customers?tag=vip");
    expect(await flashOf(saved)).toBe('Segment "VIPs" saved');
    const taken = await callRoute(list.action, {
      request: request("owner", "/seller/customers", { intent: "save-segment", name: "vips", query: "" }),
      context,
    });
    expect(taken).toMatchObject({
      status: "error",
      error: { name: ['A segment named "vips" already exists: choose another name'] },
      initialValue: { name: "vips" },
    });
  });

  it("downloads a segment's CSV with a BOM and formula-guarded cells", async () => {
    const page = await callRoute(list.loader, { request: request("owner", "/seller/customers"), context });
    const segment = page.segments.find((s: { name: string }) => s.name === "VIPs");
    const response: Response = await callRoute(csv.loader, {
      request: request("owner", `/seller/customers.csv?segment=${segment.id}`),
      context,
    });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/filename="customers-vips-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^'=Route Customer,0321 4440001,ayesha@example\.pk,Lahore,VIP,1,/);
  });

  it("answers the API for the owner, 403 for a buyer, 404 for an unknown customer; buyers never see the pages", async () => {
    const ok: Response = await callRoute(api.loader, {
      request: request("owner", "/api/seller/customers?tag=VIP"),
      context,
    });
    expect((await ok.json()).data).toMatchObject({ total: 1, customers: [{ id, phone: PHONE, tags: ["VIP"] }] });
    const bad: Response = await callRoute(api.loader, {
      request: request("owner", "/api/seller/customers?rateBelow=abc"),
      context,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ rateBelow: "Enter a percentage from 0 to 100, e.g. 50" });
    expect((await callRoute(api.loader, { request: request("buyer", "/api/seller/customers"), context })).status).toBe(
      403,
    );
    expect(
      (
        await callRoute(apiOne.loader, {
          request: request("owner", "/api/seller/customers/99999"),
          context,
          params: { id: "99999" },
        })
      ).status,
    ).toBe(404);
    expectRedirect(
      await callRoute(list.loader, { request: request("buyer", "/seller/customers"), context }),
      "/buyer-dashboard",
    );
    expectRedirect(
      await callRoute(csv.loader, { request: request("buyer", "/seller/customers.csv"), context }),
      "/buyer-dashboard",
    );
    expectRedirect(
      await callRoute(one.action, {
        request: request("buyer", `/seller/customers/${id}`, { intent: "add-tag", tag: "x" }),
        context,
        params: { id: String(id) },
      }),
      "/buyer-dashboard",
    );
  });
});
