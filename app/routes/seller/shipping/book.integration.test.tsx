import { eq, inArray } from "drizzle-orm";
import { type FormReply, fieldErrors, formError, keptValue, keptValues } from "~/lib/form-reply";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { couriers, productVariants, shipments, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import { saveCourierRules } from "~/modules/shipping/couriers/couriers.server";
import * as book from "./book";

const PASSWORD = "long-enough-password";
const OWNER = { id: "", name: "Owner" };

/** The page as the server renders it (what a browser without JavaScript gets). */
function render(path: string, loaderData: unknown, actionData?: unknown): string {
  const Page = book.default as unknown as React.ComponentType<{
    loaderData: unknown;
    actionData: unknown;
    params: unknown;
    matches: unknown;
  }>;
  const Stub = createRoutesStub([
    {
      path: "/seller/shipping/book",
      Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

/**
 * What a browser posts from the page's booking form as rendered: ticked boxes, each select's chosen
 * option (the first when none is), the text fields' values, then what the owner changed and the
 * pressed button's name and value.
 */
function postedForm(html: string, changed: Record<string, string> = {}, button?: [string, string]): URLSearchParams {
  const start = html.search(/<form[^>]* method="post"/);
  expect(start).toBeGreaterThanOrEqual(0);
  const formHtml = html.slice(start, html.indexOf("</form>", start));
  const form = new URLSearchParams();
  for (const [tag] of formHtml.matchAll(/<input [^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(tag)?.[1];
    const value = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (!name || / disabled=""/.test(tag)) continue;
    if (/type="checkbox"/.test(tag) && !/ checked=""/.test(tag)) continue;
    if (name in changed) continue;
    form.append(name, value);
  }
  for (const [, name, options] of formHtml.matchAll(/<select[^>]* name="([^"]+)"[^>]*>(.*?)<\/select>/g)) {
    if (name in changed) continue;
    form.append(
      name,
      /<option value="([^"]*)" selected=""/.exec(options)?.[1] ?? /<option value="([^"]*)"/.exec(options)?.[1] ?? "",
    );
  }
  for (const [name, value] of Object.entries(changed)) form.set(name, value);
  if (button) form.append(...button);
  return form;
}

/** Book Shipments with the courier choices a shop meets first: one courier, and Set all to without pressing Set all. */
describe.each(DATABASE_KINDS)("Book Shipments' courier choices on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let cookie = "";
  const pathFor = (ids: string[]) => `/seller/shipping/book?${new URLSearchParams(ids.map((id) => ["orderIds", id]))}`;
  const load = async (path: string) =>
    callRoute(book.loader, { request: new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } }), context });
  const post = (path: string, body: URLSearchParams) =>
    callRoute(book.action, {
      request: new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: TEST_ORIGIN }, body }),
      context,
    });
  const courierOf = async (orderIds: string[]) =>
    Object.fromEntries(
      (
        await db()
          .select({ orderId: shipments.orderId, courierId: shipments.courierId })
          .from(shipments)
          .where(inArray(shipments.orderId, orderIds))
      ).map((s) => [s.orderId, s.courierId]),
    );
  const order = () => placeTestOrder(db(), OWNER, { status: "confirmed", city: "Lahore" });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(db()));
    cookie = (await ownerAndBuyerCookies(auth, db(), PASSWORD)).owner;
    OWNER.id = (await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@shop.pk")))[0]!.id;
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
  }, 120_000);

  it("a shop with one active courier: every order and Set all to start on it, and Book Shipments as the page stands books them all", async () => {
    const leopards = await insertTestCourier(db(), "Leopards");
    const [a, b] = [await order(), await order()];
    const path = pathFor([a.id, b.id]);
    const html = render(path, await load(path));
    for (const o of [a, b])
      expect(html).toMatch(
        new RegExp(
          `name="courier-${o.id}"[^>]*>(<option[^>]*>[^<]*</option>)*?<option value="${leopards}" selected=""`,
        ),
      );
    expect(html).toMatch(
      new RegExp(
        `id="set-all" name="courierId"[^>]*>(<option[^>]*>[^<]*</option>)*?<option value="${leopards}" selected=""`,
      ),
    );
    const answer = await post(path, postedForm(html));
    expect(answer.data).toMatchObject({ intent: "book", ok: true });
    expect(answer.data.result.refused).toEqual([]);
    expect(await courierOf([a.id, b.id])).toEqual({ [a.id]: leopards, [b.id]: leopards });
  });

  it("with several couriers, a Set all to choice books every order left on 'Choose a courier', without pressing Set all; an order's own choice stays", async () => {
    const leopards = (await db().select({ id: couriers.id }).from(couriers).where(eq(couriers.name, "Leopards")))[0].id;
    const tcs = await insertTestCourier(db(), "TCS");
    const [a, b, c] = [await order(), await order(), await order()];
    const path = pathFor([a.id, b.id, c.id]);
    const html = render(path, await load(path));
    // No routing rules and two couriers: each order starts on "Choose a courier".
    expect(html).toMatch(new RegExp(`name="courier-${a.id}"[^>]*><option value="" selected=""`));
    const answer = await post(
      path,
      postedForm(html, { courierId: String(leopards), [`courier-${c.id}`]: String(tcs) }),
    );
    expect(answer.data).toMatchObject({ intent: "book", ok: true });
    expect(await courierOf([a.id, b.id, c.id])).toEqual({ [a.id]: leopards, [b.id]: leopards, [c.id]: tcs });
  });

  it("still refuses an order without a courier beside its field, keeping the choices, when Set all to is left on the suggestions", async () => {
    const [a, b] = [await order(), await order()];
    const path = pathFor([a.id, b.id]);
    const html = render(path, await load(path));
    const tcs = (await db().select({ id: couriers.id }).from(couriers).where(eq(couriers.name, "TCS")))[0].id;
    const answer = await post(path, postedForm(html, { [`courier-${a.id}`]: String(tcs) }));
    expect(answer.init?.status).toBe(400);
    expect(formError(answer.data as FormReply)).toBe("Nothing was booked: please correct the marked fields");
    expect(fieldErrors(answer.data as FormReply)).toMatchObject({ [`courier-${b.id}`]: "Choose the courier" });
    expect(keptValues(answer.data as FormReply)).toMatchObject({ [`courier-${a.id}`]: String(tcs) });
    expect(await courierOf([a.id, b.id])).toEqual({});
  });

  it("Set all puts every row on the chosen courier: the page again with its selection kept, without JavaScript", async () => {
    const [a, b] = [await order(), await order()];
    const path = pathFor([a.id, b.id]);
    const tcs = (await db().select({ id: couriers.id }).from(couriers).where(eq(couriers.name, "TCS")))[0].id;
    const answer = await post(
      path,
      postedForm(render(path, await load(path)), { courierId: String(tcs) }, ["intent", "set-all"]),
    );
    expectRedirect(answer, `${path}&courier=${tcs}`);
    const html = render(`${path}&courier=${tcs}`, await load(`${path}&courier=${tcs}`));
    for (const o of [a, b])
      expect(html).toMatch(
        new RegExp(`name="courier-${o.id}"[^>]*>(<option[^>]*>[^<]*</option>)*?<option value="${tcs}" selected=""`),
      );
    expect(await courierOf([a.id, b.id])).toEqual({});
  });

  it("rows on their routing rules' suggestion take Set all to when Book Shipments is pressed; a row the owner changed keeps its courier", async () => {
    const id = async (name: string) =>
      (await db().select({ id: couriers.id }).from(couriers).where(eq(couriers.name, name)))[0].id;
    const [leopards, tcs, trax] = [await id("Leopards"), await id("TCS"), await insertTestCourier(db(), "Trax")];
    await saveCourierRules(db(), [{ kind: "city", city: "Lahore", amount: null, courierId: tcs }]);
    const [a, b, c] = [await order(), await order(), await order()];
    const path = pathFor([a.id, b.id, c.id]);
    const html = render(path, await load(path));
    for (const o of [a, b, c])
      expect(html).toMatch(
        new RegExp(`name="courier-${o.id}"[^>]*>(<option[^>]*>[^<]*</option>)*?<option value="${tcs}" selected=""`),
      );
    const answer = await post(
      path,
      postedForm(html, { courierId: String(leopards), [`courier-${c.id}`]: String(trax) }),
    );
    expect(answer.data).toMatchObject({ intent: "book", ok: true });
    expect(await courierOf([a.id, b.id, c.id])).toEqual({ [a.id]: leopards, [b.id]: leopards, [c.id]: trax });
  });

  it("refuses a row's Try again or Cancel booking in the one form shape, keeping its intent and order, and shows the message", async () => {
    const a = await order();
    const path = pathFor([a.id]);
    const missing = await post(path, new URLSearchParams({ retry: "not-an-order" }));
    expect(missing.init?.status).toBe(404);
    expect(formError(missing.data as FormReply)).toBe("Order not found");
    expect(keptValue(missing.data as FormReply, "intent")).toBe("retry");
    expect(keptValue(missing.data as FormReply, "orderId")).toBe("not-an-order");
    const cancelMissing = await post(path, new URLSearchParams({ cancelBooking: "" }));
    expect(cancelMissing.init?.status).toBe(404);
    expect(formError(cancelMissing.data as FormReply)).toBe("Order not found");
    expect(keptValue(cancelMissing.data as FormReply, "intent")).toBe("cancel-booking");

    const notFailed = await post(path, new URLSearchParams({ retry: a.id }));
    expect(notFailed.init?.status).toBe(409);
    expect(formError(notFailed.data as FormReply)).toBe(`${a.orderNumber} has no failed booking to try again`);
    expect(keptValue(notFailed.data as FormReply, "orderId")).toBe(a.id);
    const html = render(path, await load(path), notFailed.data);
    expect(html).toContain(
      `<p role="alert" class="rounded-lg px-4 py-3 font-medium bg-red-50 text-red-900">${a.orderNumber} has no failed booking to try again</p>`,
    );
    // The booking form is not taken as refused: no message above it, its fields as the page starts them.
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    expect(await courierOf([a.id])).toEqual({});
  });
});
