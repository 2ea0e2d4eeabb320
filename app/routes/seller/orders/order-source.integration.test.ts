import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/schema";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { ORDER_SOURCE_COOKIE, sourceCookieValue, type OrderSourceDetails } from "~/modules/orders/order-source";
import { getReport } from "~/modules/reports/get-report.server";
import { readReportRange } from "~/modules/reports/report-range";
import { reportCsv } from "~/modules/reports/report-csv";
import { reportTable } from "~/modules/reports/report-tables";
import * as apiOrders from "~/routes/api/orders";
import * as checkout from "~/routes/storefront/checkout";
import * as orderPage from "~/routes/account/order";
import * as ordersCsv from "./orders-csv";
import * as ordersTab from "./orders";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";

/**
 * Issue 44's order sources end to end below the browser: the checkout page and POST /api/orders
 * read the shop_source cookie and store the source, campaign and visit (and Meta's browser ids when
 * a Pixel is set); an entered order keeps none; a forged cookie counts for nothing; the Orders tab's
 * Source filter, the order page, the orders CSV and Reports -> By channel agree.
 */
describe.each(DATABASE_KINDS)("order sources from checkout to Reports -> By channel, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let context: AppLoadContext;
  let buyer: string;
  let owner: string;
  const ids: Record<string, string> = {};
  const now = () => new Date();
  const visit = (d: Partial<OrderSourceDetails>): string =>
    `${ORDER_SOURCE_COOKIE}=${sourceCookieValue({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      fbclid: null,
      referrer: null,
      firstSeenAt: new Date(Date.now() - 3 * 86400_000).toISOString(),
      ...d,
    })}`;
  const shipping = {
    fullName: "Sana Malik",
    email: "sana@example.pk",
    phone: "0300 1234567",
    city: "Lahore",
    address: "House 4, Gulberg",
  };
  const checkoutUrl = `${TEST_ORIGIN}/checkout?product=${TEST_ITEM.productId}&color=${TEST_ITEM.color}&size=${TEST_ITEM.size}&quantity=1`;
  const placeOnPage = async (key: string, cookie: string) => {
    const answer = (await callRoute(checkout.action, {
      context,
      request: new Request(checkoutUrl, {
        method: "POST",
        headers: {
          cookie: `${buyer}; ${cookie}`,
          origin: TEST_ORIGIN,
          referer: checkoutUrl,
          "user-agent": "Mozilla/5.0 (Linux; Android 13) Test",
          [CLIENT_IP_HEADER]: "10.44.0.1",
        },
        body: new URLSearchParams({ ...shipping, intent: "checkout", idempotencyKey: key }),
      }),
    })) as Response;
    expect(answer.status, key).toBe(302);
    return answer.headers.get("location")!.replace("/orders/", "");
  };
  const row = async (id: string) =>
    (
      await db()
        .select({
          source: orders.source,
          sourceCampaign: orders.sourceCampaign,
          sourceDetails: orders.sourceDetails,
          metaBrowser: orders.metaBrowser,
        })
        .from(orders)
        .where(eq(orders.id, id))
    )[0];

  beforeAll(async () => {
    const made = await routeContext(db());
    context = made.context;
    ({ owner, buyer } = await ownerAndBuyerCookies(made.auth, db(), "saffron-window-river-44"));
    const [seller] = await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@shop.pk"));

    ids.insta1 = await placeOnPage(
      "src-1",
      visit({
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: "eid_launch",
        referrer: "https://l.instagram.com/",
      }),
    );
    ids.insta2 = await placeOnPage("src-2", visit({ utmSource: "ig", utmCampaign: "eid_launch" }));
    ids.instaBio = await placeOnPage("src-3", visit({ referrer: "https://l.instagram.com/" }));
    ids.direct = await placeOnPage("src-4", "");
    // A hand-made cookie dated in the future counts for nothing: the order is direct.
    ids.forged = await placeOnPage(
      "src-5",
      `${ORDER_SOURCE_COOKIE}=${new URLSearchParams({ s: "google", c: "x", t: "2099-01-01T00:00:00.000Z" })}`,
    );
    // The shop has a Pixel from here on: the order keeps Meta's browser ids, its _fbc made from the click id.
    await db().execute(sql`insert into meta_settings (id, pixel_id) values (1, '998877665544')`);
    const api = (await callRoute(apiOrders.action, {
      context,
      request: new Request(`${TEST_ORIGIN}/api/orders`, {
        method: "POST",
        headers: {
          cookie: `${buyer}; ${visit({ fbclid: "IwAR0abc" })}`,
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          "Idempotency-Key": "src-api-1",
          [CLIENT_IP_HEADER]: "10.44.0.2",
        },
        body: JSON.stringify({ items: [{ ...TEST_ITEM, quantity: 1 }], shipping, paymentMethod: "cod" }),
      }),
    })) as Response;
    expect(api.status).toBe(201);
    ids.facebook = ((await api.json()) as { data: { orderId: string } }).data.orderId;
    ids.entered = (await placeTestOrder(db(), { id: seller.id, name: "Owner" }, { phone: "+923001112244" })).id;

    // How they ended: one Instagram campaign order delivered, the other refused at the door.
    const status = (id: string, s: "delivered" | "returned" | "cancelled") =>
      db()
        .update(orders)
        .set({ status: s, deliveredAt: s === "delivered" ? new Date() : null })
        .where(eq(orders.id, id));
    await status(ids.insta1, "delivered");
    await status(ids.insta2, "returned");
    await status(ids.instaBio, "delivered");
    await status(ids.direct, "cancelled");
  }, 300_000);

  it("stores the classified source, the campaign and the visit on a buyer's order; none on an entered one", async () => {
    expect(await row(ids.insta1)).toMatchObject({
      source: "instagram",
      sourceCampaign: "eid_launch",
      sourceDetails: {
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: "eid_launch",
        fbclid: null,
        referrer: "https://l.instagram.com/",
      },
      // No Pixel then: nothing of the browser is kept for Meta.
      metaBrowser: null,
    });
    expect(await row(ids.insta2)).toMatchObject({ source: "instagram", sourceCampaign: "eid_launch" });
    expect(await row(ids.instaBio)).toMatchObject({ source: "instagram", sourceCampaign: null });
    expect(await row(ids.direct)).toEqual({
      source: "direct",
      sourceCampaign: null,
      sourceDetails: null,
      metaBrowser: null,
    });
    expect(await row(ids.forged)).toMatchObject({ source: "direct", sourceCampaign: null, sourceDetails: null });
    const facebook = await row(ids.facebook);
    expect(facebook).toMatchObject({ source: "facebook", sourceDetails: { fbclid: "IwAR0abc" } });
    expect(facebook.metaBrowser?.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR0abc$/);
    expect(await row(ids.entered)).toEqual({
      source: null,
      sourceCampaign: null,
      sourceDetails: null,
      metaBrowser: null,
    });
  });

  it("the Orders tab filters by source in the URL (and the seller's GET /api/orders); the CSV has Source and Campaign", async () => {
    const tab = async (query: string) =>
      (await callRoute(ordersTab.loader, {
        context,
        request: new Request(`${TEST_ORIGIN}/seller/orders${query}`, { headers: { cookie: owner } }),
      })) as { query: { source: string | null }; total: number; orders: { id: string; source: string | null }[] };
    const instagram = await tab("?source=instagram");
    expect(instagram.query.source).toBe("instagram");
    expect(instagram.total).toBe(3);
    expect(new Set(instagram.orders.map((o) => o.id))).toEqual(new Set([ids.insta1, ids.insta2, ids.instaBio]));
    expect((await tab("?source=direct")).orders.map((o) => o.id).sort()).toEqual([ids.direct, ids.forged].sort());
    expect((await tab("?source=instagram&status=returned")).orders.map((o) => o.id)).toEqual([ids.insta2]);
    // An unknown source is no filter at all.
    expect((await tab("?source=myspace")).total).toBe(7);

    const api = (await callRoute(apiOrders.loader, {
      context,
      request: new Request(`${TEST_ORIGIN}/api/orders?source=facebook`, { headers: { cookie: owner } }),
    })) as Response;
    const listed = ((await api.json()) as { data: { orders: { id: string; source: string; sourceCampaign: null }[] } })
      .data.orders;
    expect(listed.map((o) => [o.id, o.source])).toEqual([[ids.facebook, "facebook"]]);

    const csv = (await callRoute(ordersCsv.loader, {
      context,
      request: new Request(`${TEST_ORIGIN}/seller/orders.csv?source=instagram`, { headers: { cookie: owner } }),
    })) as Response;
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0].endsWith(",Source,Campaign")).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).filter((l) => l.endsWith(",instagram,eid_launch"))).toHaveLength(2);
    expect(lines.slice(1).filter((l) => l.endsWith(",instagram,"))).toHaveLength(1);
  });

  it("the owner's order page says where the buyer came from; the buyer's does not", async () => {
    const page = async (cookie: string) =>
      (await callRoute(orderPage.loader, {
        context,
        params: { id: ids.insta1 },
        request: new Request(`${TEST_ORIGIN}/orders/${ids.insta1}`, { headers: { cookie } }),
      })) as { owner: { source: string | null } | null };
    expect((await page(owner)).owner?.source).toBe(
      "Instagram · campaign eid_launch · utm_medium social · referrer https://l.instagram.com/",
    );
    expect((await page(buyer)).owner).toBeNull();
  });

  it("Reports -> By channel splits the website's orders by source and campaign, with delivery rates", async () => {
    const read = readReportRange(new URLSearchParams("range=today"), now());
    if (!read.ok) throw new Error("range");
    const report = await getReport(db(), "channels", read.range);
    if (report.name !== "channels") throw new Error("not channels");
    expect(report.rows.map((r) => [r.key, r.orders])).toEqual([
      ["web", 6],
      ["phone", 1],
      ["whatsapp", 0],
      ["instagram", 0],
    ]);
    const [insta1] = await db().select({ total: orders.total }).from(orders).where(eq(orders.id, ids.insta1));
    const shape = (r: (typeof report.sources)[number]) => [
      r.source,
      r.campaign,
      r.orders,
      r.delivered,
      r.returned,
      r.cancelled,
      r.deliveryRate,
      r.revenue,
    ];
    expect(report.sources.map(shape)).toEqual([
      ["instagram", null, 3, 2, 1, 0, 66.7, insta1.total * 2],
      ["direct", null, 2, 0, 0, 1, null, 0],
      ["facebook", null, 1, 0, 0, 0, null, 0],
    ]);
    expect(report.campaigns.map(shape)).toEqual([["instagram", "eid_launch", 2, 1, 1, 0, 50, insta1.total]]);
    // The sources add up to the website's row.
    expect(report.sources.reduce((n, s) => n + s.orders, 0)).toBe(report.rows[0].orders);
    expect(report.sources.reduce((n, s) => n + s.revenue, 0)).toBe(report.rows[0].revenue);

    const csv = reportCsv(reportTable(report));
    expect(csv).toContain(
      "\r\nWebsite orders by source\r\nSource,Orders,Delivered,Returned or refused,Cancelled,Delivery rate %,Revenue\r\n",
    );
    expect(csv).toContain(`\r\nInstagram,3,2,1,0,66.7,${insta1.total * 2}\r\n`);
    expect(csv).toContain(`\r\nInstagram,eid_launch,2,1,1,0,50,${insta1.total}\r\n`);
  });
});
