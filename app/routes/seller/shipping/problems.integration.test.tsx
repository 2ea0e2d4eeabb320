import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CourierApisPanel } from "~/components/shipping/courier-apis-panel";
import { ShipmentDetails } from "~/components/shipping/shipment-details";
import { couriers, orderStatusHistory, shipments } from "~/schema";
import { closeProviders, type Providers } from "~/integrations/providers.server";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import type { Auth } from "~/modules/accounts/auth.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { REMARKS_TOO_LONG } from "~/modules/shipping/tracking/advice-form";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { bookApiParcels, insertApiCourier } from "../../../../tests/factories/test-api-couriers";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { insertTestCourier, insertTestParcel } from "../../../../tests/factories/test-shipments";
import { testProviders } from "../../../../tests/factories/test-providers";
import * as order from "../../account/order";
import * as problems from "./problems";
import * as shipping from "./shipping";

const PATH = "/seller/shipping/problems";
const PASSWORD = "steady-kettle-lantern-2026";
const HOUR = 60 * 60 * 1000;

/** A page as the server renders it (what a browser without JavaScript gets). */
function render(
  path: string,
  Component: React.ComponentType<{ loaderData: never; actionData: never; params: never; matches: never }>,
  loaderData: unknown,
  actionData?: unknown,
): string {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <Component
          loaderData={loaderData as never}
          actionData={actionData as never}
          params={{} as never}
          matches={[] as never}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

/** What html-validate (the shop's .htmlvalidate.mjs, as the e2e pages check uses) finds in a page's body. */
async function htmlFindings(body: string): Promise<string[]> {
  // The owner layout's headings around the page (h1 the shop, h2 the tab), as the real page has them.
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page</title></head><body><main><h1>Shop</h1><h2>Seller</h2>${body}</main></body></html>`;
  const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(
    html,
    `${process.cwd()}/server-rendered.html`,
  );
  return report.results.flatMap((r) => r.messages.map((m) => `[${m.ruleId}] ${m.message} ${m.selector ?? ""}`));
}

/** Delivery problems and Sync now as the owner uses them: the routes' loaders and actions with a real session, against the PostEx stand-in. */
describe.each(DATABASE_KINDS)("Delivery problems and Sync now on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let providers: Providers;
  let postex: PostexStandIn;
  let cookie = "";
  let owner: { id: string; name: string };

  const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  const post = (path: string, body: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN },
      body: new URLSearchParams(body),
    });

  beforeAll(async () => {
    postex = await startPostexStandIn();
    providers = testProviders({ postexApiUrl: postex.url });
    ({ auth, context } = await routeContext(db(), { providers }));
    owner = {
      id: (await createSeller(auth, db(), { email: "owner@problems.pk", password: PASSWORD, name: "Sana" })).userId,
      name: "Sana",
    };
    cookie = await signInCookie(auth, "owner@problems.pk", PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await closeProviders(providers);
    await postex?.stop();
  });

  it("lists unanswered attempts oldest first, 20 a page, with the buyer's phone links, as plain HTML", async () => {
    const courierId = await insertTestCourier(db(), "Trax");
    const start = Date.now() - 100 * HOUR;
    for (let i = 0; i < 23; i++) {
      const parcel = await insertTestParcel(db(), { courierId, codAmount: 1000 + i, bookedAt: new Date(start) });
      await db()
        .update(shipments)
        .set({ problemStatus: "Attempt Made", problemReason: `Reason ${i}`, problemAt: new Date(start + i * HOUR) })
        .where(eq(shipments.id, parcel.shipmentId));
    }
    // Answered, or delivered since: not in the queue.
    const answered = await insertTestParcel(db(), { courierId, codAmount: 5, bookedAt: new Date(start) });
    await db()
      .update(shipments)
      .set({ problemStatus: "Attempt Made", problemAt: new Date(start), advice: "return" })
      .where(eq(shipments.id, answered.shipmentId));
    const delivered = await insertTestParcel(db(), {
      courierId,
      codAmount: 6,
      bookedAt: new Date(start),
      deliveredAt: new Date(),
    });
    await db()
      .update(shipments)
      .set({ problemStatus: "Attempt Made", problemAt: new Date(start) })
      .where(eq(shipments.id, delivered.shipmentId));

    const first = await callRoute(problems.loader, { request: get(PATH), context });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 23 });
    expect(first.items).toHaveLength(20);
    expect(first.items.map((p: { reason: string }) => p.reason).slice(0, 3)).toEqual([
      "Reason 0",
      "Reason 1",
      "Reason 2",
    ]);
    const second = await callRoute(problems.loader, { request: get(`${PATH}?page=2`), context });
    expect(second.items.map((p: { codAmount: number }) => p.codAmount)).toEqual([1020, 1021, 1022]);

    const html = render(PATH, problems.default, first);
    expect(html).toContain("23 parcels wait for your answer, oldest first.");
    expect(html).toContain('href="tel:+923001234567"');
    expect(html).toMatch(/href="https:\/\/wa\.me\/923001234567\?text=Assalam/);
    expect(html).toContain("Attempt Made: Reason 0");
    expect(html).toMatch(/<form [^>]*action="\/seller\/shipping\/problems" method="post"/);
    expect(html).toMatch(/<button type="submit" value="reattempt"[^>]*name="advice">Re-attempt</);
    expect(html).toMatch(/<button type="submit" value="return"[^>]*name="advice">Return to shop</);
    expect(html).toContain('href="/seller/shipping/problems?page=2"');
    expect(await htmlFindings(html)).toEqual([]);
    // The buyer is nobody else's business.
    const buyer = await callRoute(problems.loader, { request: new Request(`${TEST_ORIGIN}${PATH}`), context });
    expect(buyer).toBeInstanceOf(Response);
    // Answered: the queue is empty for the next tests.
    await db().update(shipments).set({ advice: "reattempt" }).where(eq(shipments.courierId, courierId));
    expect((await callRoute(problems.loader, { request: get(PATH), context })).total).toBe(0);
  });

  it("sends Re-attempt to the courier without JavaScript: the stand-in gets it, the history says so, the parcel leaves the queue", async () => {
    const courier = {
      id: await insertApiCourier(db(), "postex", { token: postex.token }),
      kind: "postex" as const,
      credentials: { token: postex.token },
    };
    const [a] = await bookApiParcels(db(), providers, owner, courier, 1);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 20 * HOUR) });
    postex.advance(a.trackingNumber, "attempted", {
      at: new Date(Date.now() - 2 * HOUR),
      reason: "Customer not available",
    });
    const synced = await callRoute(shipping.action, {
      request: post("/seller/shipping", { intent: "sync-now", courierId: String(courier.id) }),
      context,
    });
    expect(synced.data).toMatchObject({ intent: "sync-now", ok: true });
    expect(synced.data.lines[0]).toMatch(/: 1 parcel asked, 1 shipped, 0 delivered, 1 attempt, 0 returned/);
    const [{ id: shipmentId }] = await db()
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.orderId, a.id));

    // A remark too long: refused beside the field, typed value kept, nothing sent or changed.
    const long = "x".repeat(201);
    const refused = await callRoute(problems.action, {
      request: post(PATH, { intent: "advise", shipmentId: String(shipmentId), advice: "reattempt", remarks: long }),
      context,
    });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      status: "error",
      error: { "": [REMARKS_TOO_LONG], remarks: [REMARKS_TOO_LONG] },
      initialValue: { shipmentId: String(shipmentId), remarks: long },
    });
    expect(postex.advice).toHaveLength(0);
    const page = await callRoute(problems.loader, { request: get(PATH), context });
    const html = render(PATH, problems.default, page, refused.data);
    expect(html).toContain(REMARKS_TOO_LONG);
    expect(html).toContain(`value="${long}"`);

    const sent = await callRoute(problems.action, {
      request: post(PATH, {
        intent: "advise",
        shipmentId: String(shipmentId),
        advice: "reattempt",
        remarks: "customer will be home after 5",
      }),
      context,
    });
    expectRedirect(sent, PATH);
    expect(postex.advice).toEqual([
      expect.objectContaining({ trackingNumber: a.trackingNumber, remarks: "customer will be home after 5" }),
    ]);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(parcel).toMatchObject({ advice: "reattempt", adviceByName: "Sana", adviceError: null });
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, a.id))
      .orderBy(orderStatusHistory.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "shipped",
      actorName: "Sana",
      note: `Asked ${await courierName(courier.id)} to re-attempt delivery: customer will be home after 5`,
    });
    expect(
      (await callRoute(problems.loader, { request: get(PATH), context })).items.find(
        (p: { orderId: string }) => p.orderId === a.id,
      ),
    ).toBeUndefined();

    // The owner's order page shows the problem and the advice.
    const orderPage = await callRoute(order.loader, { request: get(`/orders/${a.id}`), context, params: { id: a.id } });
    expect(orderPage.shipment.problem).toMatchObject({
      reason: "Customer not available",
      advice: "reattempt",
      adviceByName: "Sana",
    });
    const shown = render(`/orders/${a.id}`, () => <ShipmentDetails shipment={orderPage.shipment} />, null);
    expect(shown).toMatch(/Delivery attempted [^<]*:<\/span> [^<]*\(Customer not available\)/);
    expect(shown).toMatch(/Asked the courier to re-attempt delivery on [^<]+ \(Sana\)\./);

    // Answered already: a second post is refused with the reason, nothing sent.
    const again = await callRoute(problems.action, {
      request: post(PATH, { intent: "advise", shipmentId: String(shipmentId), advice: "return", remarks: "" }),
      context,
    });
    expect(again.init?.status).toBe(409);
    expect(postex.advice).toHaveLength(1);
  });

  it("a refusal by the courier changes nothing but its words beside the parcel", async () => {
    const courier = {
      id: await insertApiCourier(db(), "postex", { token: postex.token }),
      kind: "postex" as const,
      credentials: { token: postex.token },
    };
    const [a] = await bookApiParcels(db(), providers, owner, courier, 1);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 20 * HOUR) });
    postex.advance(a.trackingNumber, "attempted", { at: new Date(Date.now() - 2 * HOUR), reason: "Address not found" });
    await callRoute(shipping.action, {
      request: post("/seller/shipping", { intent: "sync-now", courierId: String(courier.id) }),
      context,
    });
    // The courier moved on (it delivered meanwhile): it refuses the advice.
    postex.advance(a.trackingNumber, "in-transit", { at: new Date(Date.now() - HOUR) });
    const [{ id: shipmentId }] = await db()
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.orderId, a.id));
    const historyBefore = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, a.id));
    const refused = await callRoute(problems.action, {
      request: post(PATH, {
        intent: "advise",
        shipmentId: String(shipmentId),
        advice: "return",
        remarks: "send it back",
      }),
      context,
    });
    expect(refused.init?.status).toBe(422);
    const said = refused.data.error[""][0];
    expect(said).toMatch(/^PostEx \d+: /);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(parcel).toMatchObject({ advice: null, adviceError: said });
    expect(await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, a.id))).toHaveLength(
      historyBefore.length,
    );
    const html = render(PATH, problems.default, await callRoute(problems.loader, { request: get(PATH), context }));
    expect(html).toContain(said.replaceAll("'", "&#x27;"));
  });

  it("the Shipping page shows the couriers' APIs, a failure in the courier's words, and Sync now's answer", async () => {
    await db().update(couriers).set({ active: false });
    const id = await insertApiCourier(db(), "postex", { token: "wrong-token-0000" });
    await insertTestParcel(db(), { courierId: id, codAmount: 1500, bookedAt: new Date(), status: "shipped" });
    const answer = await callRoute(shipping.action, {
      request: post("/seller/shipping", { intent: "sync-now" }),
      context,
    });
    expect(answer.data.ok).toBe(false);
    const data = await callRoute(shipping.loader, { request: get("/seller/shipping"), context });
    const state = data.courierApis.find((c: { id: number }) => c.id === id);
    expect(state.apiError).toBeTruthy();
    expect(JSON.stringify(data)).not.toContain("wrong-token-0000");
    const html = render(
      "/seller/shipping",
      () => <CourierApisPanel couriers={data.courierApis} problems={data.deliveryProblems} answer={answer.data} />,
      null,
    );
    expect(html).toContain(state.apiError.replaceAll("'", "&#x27;"));
    expect(html).toContain(answer.data.lines[0].replaceAll("'", "&#x27;"));
    expect(html).toContain(`Delivery problems (${data.deliveryProblems})`);
    expect(await htmlFindings(html)).toEqual([]);
    expect(html).toMatch(/<form [^>]*method="post"[^>]*><input type="hidden" name="intent" value="sync-now"/);
  });

  async function courierName(id: number): Promise<string> {
    const [row] = await db().select({ name: couriers.name }).from(couriers).where(eq(couriers.id, id));
    return row.name;
  }
});
