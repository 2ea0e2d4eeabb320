import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { discountCodes, productVariants, scheduledSales } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { getProduct } from "~/modules/catalog/get-product.server";
import { placeOrder } from "~/flows/place-order.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { createTestBuyer } from "../../../../tests/factories/test-users";
import * as codePage from "./code";
import * as page from "./discounts";

const PATH = "/seller/discounts";
const PASSWORD = "long-enough-password";
// Essential Crew Neck Tee (t-shirts), Rs 1,299.
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "M" };
const EID = {
  code: "eid20",
  kind: "percent",
  value: "20",
  minOrder: "Rs 2,000",
  maxUses: "100",
  maxUsesPerCustomer: "1",
  startsAt: "2026-04-01T00:00",
  endsAt: "2036-04-10T23:59",
  appliesTo: "all",
};

/** Dashboard -> Discounts: the routes' loaders and actions, driven with real better-auth sessions. */
describe.each(DATABASE_KINDS)("Dashboard -> Discounts on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };

  const request = (who: keyof typeof cookies, path: string, form?: [string, string][]) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const load = (search = "") => callRoute(page.loader, { request: request("owner", `${PATH}${search}`), context });
  const post = (form: Record<string, string> | [string, string][], who: keyof typeof cookies = "owner") =>
    callRoute(page.action, { request: request(who, PATH, Array.isArray(form) ? form : Object.entries(form)), context });
  const loadCode = (id: number) =>
    callRoute(codePage.loader, { request: request("owner", `${PATH}/${id}`), context, params: { id: String(id) } });
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { cookie } }))).flash?.message;
  };
  const codeRow = async (code: string) =>
    (await database.db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0];

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
    await database.db
      .update(productVariants)
      .set({ stock: 500 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, TEE.color),
          eq(productVariants.size, TEE.size),
        ),
      );
  }, 120_000);

  it("adds a code upper-case, with its times read as Pakistan time, and lists it in words", async () => {
    const saved = await post({ intent: "add-code", ...EID });
    expectRedirect(saved, PATH);
    expect(await flashOf(saved)).toBe("EID20 saved");
    expect(await codeRow("EID20")).toMatchObject({
      kind: "percent",
      value: 20,
      minOrder: 2000,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      appliesTo: "all",
      combinesWithSale: false,
      paused: false,
      uses: 0,
      startsAt: new Date("2026-03-31T19:00:00Z"),
      endsAt: new Date("2036-04-10T18:59:00Z"),
    });
    const listed = await load();
    expect(listed.codes).toEqual([
      expect.objectContaining({
        code: "EID20",
        state: "active",
        stateLabel: "Active",
        off: "20% off",
        scope: "Everything",
        window: "1 Apr 2026, 12:00 am to 10 Apr 2036, 11:59 pm",
        limits: "minimum order Rs 2,000; 100 uses in all; 1 per customer; not on sale items",
        uses: 0,
        orders: 0,
        given: 0,
      }),
    ]);
  });

  it("refuses a bad code form beside each field, keeps what was typed, and saves nothing", async () => {
    const typed = [
      ["intent", "add-code"],
      ["code", "EID 50%"],
      ["kind", "percent"],
      ["value", "150"],
      ["minOrder", "lots"],
      ["maxUses", "0"],
      ["maxUsesPerCustomer", ""],
      ["startsAt", "2026-05-10T00:00"],
      ["endsAt", "2026-05-01T00:00"],
      ["appliesTo", "categories"],
      ["combinesWithSale", "on"],
    ] as [string, string][];
    const refused = await post(typed);
    expect(refused).toMatchObject({
      status: "error",
      error: {
        "": ["Nothing was saved: please correct the fields marked below."],
        code: ["Use 3 to 20 letters and digits only, e.g. EID20"],
        value: ["Enter a percent from 1 to 100"],
        minOrder: ["Enter the minimum order in whole rupees, or leave it empty"],
        maxUses: ["Enter how many orders in all may use the code (1 or more), or leave it empty"],
        endsAt: ["Ends must be after Starts"],
        categorySlugs: ["Choose at least one category"],
      },
      initialValue: {
        intent: "add-code",
        code: "EID 50%",
        value: "150",
        minOrder: "lots",
        startsAt: "2026-05-10T00:00",
        appliesTo: "categories",
        combinesWithSale: "on",
      },
    });
    // The same code in another case is the same code.
    const clash = await post({ intent: "add-code", ...EID, code: "Eid20", value: "10" });
    expect(clash).toMatchObject({
      status: "error",
      error: { code: ["The code EID20 already exists"] },
      initialValue: { code: "Eid20", value: "10" },
    });
    expect(await database.db.select().from(discountCodes)).toHaveLength(1);
    // A buyer is sent to their own dashboard, from the pages and the action, and nothing is saved.
    expectRedirect(await post({ intent: "add-code", ...EID, code: "FREE100" }, "buyer"), "/buyer-dashboard");
    expectRedirect(await callRoute(page.loader, { request: request("buyer", PATH), context }), "/buyer-dashboard");
    expectRedirect(
      await callRoute(codePage.loader, { request: request("buyer", `${PATH}/1`), context, params: { id: "1" } }),
      "/buyer-dashboard",
    );
    expect(await codeRow("FREE100")).toBeUndefined();
  });

  it("a code's page shows the orders that used it and the PKR given; pausing refuses it; a cancel gives the use back", async () => {
    // Some categories with none ticked is refused.
    expect(
      await post({ intent: "add-code", code: "TEE500", kind: "amount", value: "500", appliesTo: "categories" }),
    ).toMatchObject({ error: { categorySlugs: ["Choose at least one category"] } });
    expectRedirect(
      await post([
        ["intent", "add-code"],
        ["code", "TEE500"],
        ["kind", "amount"],
        ["value", "500"],
        ["appliesTo", "categories"],
        ["categorySlugs", "t-shirts"],
        ["combinesWithSale", "on"],
      ]),
      PATH,
    );
    const tee = await codeRow("TEE500");
    const buyer = await createTestBuyer(database.db, "Code Buyer");
    const order = (phone: string) =>
      placeOrder(
        { db: database.db },
        {
          userId: buyer,
          items: [{ ...TEE, quantity: 2 }],
          discountCode: "tee500",
          shipping: {
            fullName: "Ayesha Khan",
            email: "ayesha@example.pk",
            phone,
            city: "Karachi",
            address: "House 12, Street 4, DHA Phase 6",
            postalCode: null,
            country: "Pakistan",
          },
        },
      );
    const first = await order("+923001110001");
    const second = await order("+923001110002");
    const shown = await loadCode(tee.id);
    expect(shown.code).toMatchObject({ code: "TEE500", uses: 2, orders: 2, given: 1000, scope: "T-Shirts" });
    expect(
      shown.orders.map((o: { orderNumber: string; amount: number; gaveBack: boolean }) => [
        o.orderNumber,
        o.amount,
        o.gaveBack,
      ]),
    ).toEqual([
      [second.orderNumber, 500, false],
      [first.orderNumber, 500, false],
    ]);
    expect((await getSellerOverview({ db: database.db })).discounts).toEqual({ given: 1000, orders: 2 });

    await cancelOrder({ db: database.db }, { id: buyer, role: "buyer" }, first.orderId);
    const afterCancel = await loadCode(tee.id);
    expect(afterCancel.code).toMatchObject({ uses: 1, orders: 1, given: 500 });
    expect(afterCancel.orders.find((o: { orderNumber: string }) => o.orderNumber === first.orderNumber)).toMatchObject({
      status: "cancelled",
      gaveBack: true,
    });
    const paused = await post({ intent: "pause-code", codeId: String(tee.id), paused: "true" });
    expect(await flashOf(paused)).toBe("TEE500 paused: checkout refuses it until you resume it");
    await expect(order("+923001110003")).rejects.toMatchObject({ message: "This code is paused at the moment" });
    const resumed = await post({ intent: "pause-code", codeId: String(tee.id), paused: "false" });
    expect(await flashOf(resumed)).toBe("TEE500 resumed");
  });

  it("a sale takes its percent off the products it names at once, shows in the list, and ends on End now", async () => {
    const before = await getProduct(database.db, TEE.productId);
    expect(before?.onSale).toBe(false);
    const start = new Date(Date.now() - 60_000);
    const local = (d: Date) => new Date(d.getTime() + 5 * 3600_000).toISOString().slice(0, 16);
    const refused = await post([
      ["intent", "add-sale"],
      ["name", ""],
      ["percent", "95"],
      ["startsAt", ""],
      ["endsAt", local(new Date(Date.now() + 86400_000))],
      ["appliesTo", "products"],
    ]);
    expect(refused).toMatchObject({
      status: "error",
      error: {
        name: ["Sale name is required, e.g. Eid Sale"],
        percent: ["Enter a percent from 1 to 90"],
        startsAt: ["Enter when it starts"],
        productIds: ["Choose at least one product"],
      },
    });
    expect(await database.db.select().from(scheduledSales)).toHaveLength(0);

    const saved = await post([
      ["intent", "add-sale"],
      ["name", "Eid Sale"],
      ["percent", "30"],
      ["startsAt", local(start)],
      ["endsAt", local(new Date(Date.now() + 86400_000))],
      ["appliesTo", "products"],
      ["productIds", TEE.productId],
    ]);
    expect(await flashOf(saved)).toBe("Eid Sale saved");
    // 1,299 less 30 %: 909.3, so 909.
    expect(await getProduct(database.db, TEE.productId)).toMatchObject({ onSale: true, price: 909 });
    const listed = await load();
    expect(listed.sales).toEqual([
      expect.objectContaining({
        name: "Eid Sale",
        state: "running",
        stateLabel: "Running",
        percent: 30,
        scope: "Essential Crew Neck Tee",
      }),
    ]);

    const ended = await post({ intent: "end-sale", saleId: String(listed.sales[0].id) });
    expect(await flashOf(ended)).toBe("Eid Sale ended: prices are back to normal");
    expect(await getProduct(database.db, TEE.productId)).toMatchObject({ onSale: false, price: 1299 });
    expect((await load()).sales[0]).toMatchObject({ state: "ended" });
    const removed = await post({ intent: "end-sale", saleId: String(listed.sales[0].id) });
    expect(await flashOf(removed)).toBe("Eid Sale removed");
    expect(await database.db.select().from(scheduledSales)).toHaveLength(0);
  });
});
