import { eq } from "drizzle-orm";
import { type FormReply, fieldErrors, formError, keptValue } from "~/lib/form-reply";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courierCityMatches, couriers, productVariants, shipments, users } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { closeProviders, type Providers } from "~/integrations/providers.server";
import { startLeopardsStandIn, type LeopardsStandIn } from "~/integrations/couriers/leopards/leopards-stand-in";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import type { Auth } from "~/modules/accounts/auth.server";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { testProviders } from "../../../../tests/factories/test-providers";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import * as couriersApi from "../../api/seller-couriers";
import * as airwayBill from "../shipping/airway-bill";
import * as book from "../shipping/book";
import * as labelsPage from "../shipping/labels";
import * as cities from "./courier-cities";
import * as connection from "./courier-connection";

const PASSWORD = "long-enough-password";
const OWNER = { id: "", name: "Owner" };

/** A page as the server renders it (what a browser without JavaScript gets), with its loader's data and an action's answer. */
function render(
  path: string,
  Component: React.ComponentType<{ loaderData: never; actionData: never; params: never; matches: never }>,
  loaderData: unknown,
  actionData?: unknown,
): string {
  const Stub = createRoutesStub([
    {
      path: path.split("?")[0],
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

/** What a route answered with data(): its data and status. */
const answerOf = (result: unknown) => result as { data: Record<string, unknown>; init: { status?: number } | null };

/** Settings -> Couriers -> {courier} -> API connection and Cities, Book Shipments with API couriers, and the airway bill: the routes with real sessions, against the stand-ins. */
describe.each(DATABASE_KINDS)("connecting couriers' APIs and booking through the pages on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let providers: Providers;
  let postex: PostexStandIn;
  let leopards: LeopardsStandIn;
  let postexId = 0;
  let leopardsId = 0;
  const cookies = { owner: "", buyer: "" };
  const request = (
    path: string,
    body?: Record<string, string> | URLSearchParams,
    who: keyof typeof cookies = "owner",
  ) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookies[who], origin: TEST_ORIGIN },
      body: body ? new URLSearchParams(body) : undefined,
    });
  const connectionPath = (id: number) => `/seller/settings/couriers/${id}/connection`;
  const citiesPath = (id: number) => `/seller/settings/couriers/${id}/cities`;
  const loadConnection = (id: number) =>
    callRoute(connection.loader, { request: request(connectionPath(id)), context, params: { id: String(id) } });
  const postConnection = (id: number, body: Record<string, string>) =>
    callRoute(connection.action, { request: request(connectionPath(id), body), context, params: { id: String(id) } });
  const [wrongToken, secrets] = ["wrong-token-0000", () => [postex.token, leopards.apiKey, leopards.apiPassword]];
  const noSecretIn = (text: string) => {
    for (const secret of secrets()) expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    postex = await startPostexStandIn();
    leopards = await startLeopardsStandIn();
    providers = testProviders({ postexApiUrl: postex.url, leopardsApiUrl: leopards.url });
    ({ auth, context } = await routeContext(db(), { providers }));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, db(), PASSWORD));
    OWNER.id = (await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@shop.pk")))[0]!.id;
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    postexId = await insertTestCourier(db(), "PostEx");
    leopardsId = await insertTestCourier(db(), "Leopards");
  }, 120_000);
  afterAll(async () => {
    await closeProviders(providers);
    await postex?.stop();
    await leopards?.stop();
  });

  it("is the owner's only", async () => {
    const answer = await callRoute(connection.loader, {
      request: request(connectionPath(postexId), undefined, "buyer"),
      context,
      params: { id: String(postexId) },
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).not.toBe(200);
  });

  it("answers the not-found page (404) for an unknown or malformed courier id, on each page and each action, and changes nothing", async () => {
    /** The status of what a loader or action threw (data() or a Response), or 200 when it answered. */
    const statusOf = async (call: () => Promise<unknown>) => {
      try {
        const answer = await call();
        return answer instanceof Response ? answer.status : (answerOf(answer).init?.status ?? 200);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown.status;
        if (thrown && typeof thrown === "object" && "init" in thrown)
          return (thrown as { init: { status?: number } | null }).init?.status ?? 200;
        throw thrown;
      }
    };
    const before = await db().select().from(couriers);
    for (const id of ["999999", "0", "abc", "12x", "99999999999", "-1"]) {
      const params = { id };
      for (const [page, path] of [
        [connection, `/seller/settings/couriers/${id}/connection`],
        [cities, `/seller/settings/couriers/${id}/cities`],
      ] as const) {
        expect(
          await statusOf(() => page.loader({ request: request(path), context, params } as never)),
          `${path} loader`,
        ).toBe(404);
        const forms: Record<string, string>[] = [
          { intent: "use-files" },
          { intent: "settings", pickupAddressCode: "", syncEveryMinutes: "60" },
          { intent: "connect", provider: "postex", "cred-token": "x" },
          { "city-lahore": "1", "shop-lahore": "Lahore" },
        ];
        for (const form of forms) {
          expect(
            await statusOf(() => page.action({ request: request(path, form), context, params } as never)),
            `${path} action ${JSON.stringify(form)}`,
          ).toBe(404);
        }
      }
    }
    expect(await db().select().from(couriers)).toEqual(before);
    expect(postex.seen).toHaveLength(0);
  });

  it("shows the courier's words for a wrong token and saves nothing", async () => {
    const answer = answerOf(
      await postConnection(postexId, { intent: "connect", provider: "postex", "cred-token": wrongToken }),
    );
    expect(answer.init?.status).toBe(400);
    expect((answer.data.error as Record<string, string[]>)[""][0]).toMatch(
      /^PostEx API did not connect: .*(token|Unauthorized).* Nothing was saved\.$/,
    );
    expect(JSON.stringify(answer.data)).not.toContain(wrongToken);
    const [row] = await db().select().from(couriers).where(eq(couriers.id, postexId));
    expect(row).toMatchObject({
      provider: "file",
      apiCredentials: null,
      apiCredentialHints: null,
      courierCities: null,
      connectedAt: null,
    });
    const html = render(connectionPath(postexId), connection.default, await loadConnection(postexId), answer.data);
    expect(html).toContain("PostEx API did not connect");
    expect(html).not.toContain(wrongToken);
  });

  it("asks for a missing credential beside its field", async () => {
    const answer = answerOf(
      await postConnection(leopardsId, { intent: "connect", provider: "leopards", "cred-apiKey": leopards.apiKey }),
    );
    expect(answer.data).toMatchObject({
      status: "error",
      error: {
        "": ["Nothing was saved: enter the fields marked below."],
        "cred-apiPassword": ["Enter the API password"],
      },
    });
    // A credential typed is never sent back.
    expect(JSON.stringify(answer.data)).not.toContain(leopards.apiKey);
    expect(leopards.seen).toHaveLength(0);
  });

  it("connects with the right credentials: cities and pickup addresses stored, secrets sealed, only their last four shown anywhere", async () => {
    const done = await postConnection(postexId, { intent: "connect", provider: "postex", "cred-token": postex.token });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("location")).toBe(connectionPath(postexId));
    const [row] = await db().select().from(couriers).where(eq(couriers.id, postexId));
    expect(row.provider).toBe("postex");
    expect(row.courierCities!.length).toBe(postex.cities.length);
    expect(row.pickupAddresses!.map((a) => a.code)).toEqual(["001", "002"]);
    expect(row.connectedAt).toBeInstanceOf(Date);
    expect(row.apiCredentials).toMatch(/^v1\./);
    expect(row.apiCredentials).not.toContain(postex.token);
    expect(row.apiCredentialHints).toEqual({ token: postex.token.slice(-4) });

    const loaded = await loadConnection(postexId);
    noSecretIn(JSON.stringify(loaded));
    const html = render(connectionPath(postexId), connection.default, loaded);
    noSecretIn(html);
    expect(html).toContain(`Saved: •••• ${postex.token.slice(-4)}. Leave empty to keep it.`);
    expect(html).toContain(`Reached through PostEx API`);
    expect(html).toContain(`${postex.cities.length} cities, 2 pickup addresses`);

    expect(
      await postConnection(leopardsId, {
        intent: "connect",
        provider: "leopards",
        "cred-apiKey": leopards.apiKey,
        "cred-apiPassword": leopards.apiPassword,
      }),
    ).toBeInstanceOf(Response);
    const api = await callRoute(couriersApi.loader, { request: request("/api/seller/couriers"), context });
    const text = await (api as Response).text();
    expect(
      JSON.parse(text)
        .data.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(["Leopards", "PostEx"]);
    noSecretIn(text);
    expect(text).not.toContain("v1.");
  });

  it("keeps the saved token when the field is left empty, and checks the pickup address and sync minutes", async () => {
    const before = postex.seen.length;
    expect(await postConnection(postexId, { intent: "connect", provider: "postex", "cred-token": "" })).toBeInstanceOf(
      Response,
    );
    expect(postex.seen.slice(before).every((r) => r.headers.token === postex.token)).toBe(true);
    const refused = answerOf(
      await postConnection(postexId, { intent: "settings", pickupAddressCode: "777", syncEveryMinutes: "5" }),
    );
    expect(refused.data).toMatchObject({
      status: "error",
      error: {
        pickupAddressCode: [expect.stringContaining("pickup addresses")],
        syncEveryMinutes: ["Enter whole minutes from 15 to 1440"],
      },
      initialValue: { pickupAddressCode: "777", syncEveryMinutes: "5" },
    });
    expect(
      await postConnection(postexId, { intent: "settings", pickupAddressCode: "002", syncEveryMinutes: "30" }),
    ).toBeInstanceOf(Response);
    const [row] = await db().select().from(couriers).where(eq(couriers.id, postexId));
    expect(row).toMatchObject({ pickupAddressCode: "002", syncEveryMinutes: 30 });
  });

  it("says to enter the credentials again when they cannot be opened, never a 500", async () => {
    const other = createSecretBox("another-auth-secret-entirely", "courier-credentials");
    const [row] = await db()
      .select({ sealed: couriers.apiCredentials })
      .from(couriers)
      .where(eq(couriers.id, leopardsId));
    await db()
      .update(couriers)
      .set({ apiCredentials: other.seal(JSON.stringify({ apiKey: "x", apiPassword: "y" })) })
      .where(eq(couriers.id, leopardsId));
    const loaded = await loadConnection(leopardsId);
    expect(loaded.problem).toContain("enter them again");
    expect(render(connectionPath(leopardsId), connection.default, loaded)).toContain("enter them again");
    await db().update(couriers).set({ apiCredentials: row.sealed }).where(eq(couriers.id, leopardsId));
  });

  it("matches the shop's cities: by name and known spellings, the rest by the owner once, unmatched first with the orders waiting", async () => {
    for (const city of ["Lalamusa", "Lalamusa", "Pindi", "Lahore", "D.G. Khan", "Chak Jhumra"])
      await placeTestOrder(db(), OWNER, { status: "confirmed", city });
    const loaded = await callRoute(cities.loader, {
      request: request(citiesPath(postexId)),
      context,
      params: { id: String(postexId) },
    });
    const rows = loaded.rows as {
      shopCity: string;
      waiting: number;
      match: { courierCity: { name: string }; source: string } | null;
    }[];
    expect(rows.slice(0, 2).map((r) => [r.shopCity, r.waiting, r.match])).toEqual([
      ["Lalamusa", 2, null],
      ["Chak Jhumra", 1, null],
    ]);
    const byCity = Object.fromEntries(rows.map((r) => [r.shopCity, r.match]));
    expect(byCity.Pindi).toEqual({ courierCity: { id: "Rawalpindi", name: "Rawalpindi" }, source: "auto" });
    expect(byCity["D.G. Khan"]?.courierCity.name).toBe("D.G. Khan");
    expect(byCity.Lahore?.source).toBe("auto");
    const html = render(citiesPath(postexId), cities.default, loaded);
    expect(html).toContain("2 cities are not matched yet");
    expect(html.indexOf(">Lalamusa<")).toBeGreaterThan(0);
    expect(html.indexOf(">Lalamusa<")).toBeLessThan(html.indexOf(">Pindi<"));

    // A city id PostEx does not list is refused beside its city; nothing saved.
    const refused = answerOf(
      await callRoute(cities.action, {
        request: request(citiesPath(postexId), { "city-lalamusa": "Atlantis", "shop-lalamusa": "Lalamusa" }),
        context,
        params: { id: String(postexId) },
      }),
    );
    expect(refused.init?.status).toBe(400);
    expect(formError(refused.data as FormReply)).toBe("Nothing was saved: please correct the cities marked below.");
    expect(fieldErrors(refused.data as FormReply)).toEqual({
      "city-lalamusa": expect.stringContaining("no such city"),
    });
    expect(keptValue(refused.data as FormReply, "city-lalamusa")).toBe("Atlantis");
    const saved = await callRoute(cities.action, {
      request: request(citiesPath(postexId), {
        "city-lalamusa": "Gujranwala",
        "shop-lalamusa": "Lalamusa",
        "city-chakjhumra": "",
        "shop-chakjhumra": "Chak Jhumra",
      }),
      context,
      params: { id: String(postexId) },
    });
    expect(saved).toBeInstanceOf(Response);
    const [match] = await db().select().from(courierCityMatches).where(eq(courierCityMatches.cityKey, "lalamusa"));
    expect(match).toMatchObject({
      courierId: postexId,
      shopCity: "Lalamusa",
      courierCityId: "Gujranwala",
      source: "owner",
    });
    const again = await callRoute(cities.loader, {
      request: request(citiesPath(postexId)),
      context,
      params: { id: String(postexId) },
    });
    expect((again.rows as typeof rows).find((r) => r.shopCity === "Lalamusa")?.match).toEqual({
      courierCity: { id: "Gujranwala", name: "Gujranwala" },
      source: "owner",
    });
  });

  it("books a mixed batch from Book Shipments, each row with its courier, and shows each order's answer; the airway bill is PostEx's PDF", async () => {
    const fileId = await insertTestCourier(db(), "Trax");
    const [a, b, c, d] = [
      await placeTestOrder(db(), OWNER, { status: "confirmed", city: "Lahore" }),
      await placeTestOrder(db(), OWNER, { status: "confirmed", city: "Karachi" }),
      await placeTestOrder(db(), OWNER, { status: "confirmed", city: "Multan" }),
      await placeTestOrder(db(), OWNER, { status: "confirmed", city: "Chak Jhumra" }),
    ];
    const query = new URLSearchParams([a, b, c, d].map((o) => ["orderIds", o.id]));
    const pagePath = `/seller/shipping/book?${query}`;
    const loaded = await callRoute(book.loader, { request: request(pagePath), context });
    const html = render(pagePath, book.default, loaded);
    expect(html).toContain(`name="courier-${a.id}"`);
    expect(html).toContain("PostEx (API)");

    const form = new URLSearchParams([
      ...[a, b, c, d].map((o) => ["orderIds", o.id]),
      [`courier-${a.id}`, String(postexId)],
      [`courier-${b.id}`, String(leopardsId)],
      [`courier-${c.id}`, String(fileId)],
      [`courier-${d.id}`, String(postexId)],
    ]);
    const answer = answerOf(
      await callRoute(book.action, {
        request: new Request(`${TEST_ORIGIN}${pagePath}`, {
          method: "POST",
          headers: { cookie: cookies.owner, origin: TEST_ORIGIN },
          body: form,
        }),
        context,
      }),
    );
    const result = answer.data.result as {
      booked: { orderId: string; state: string; trackingNumber: string | null; courier: string }[];
      refused: { orderId: string; reason: string; href?: string }[];
    };
    expect(result.booked.map((x) => [x.orderId, x.courier, x.state]).sort()).toEqual(
      [
        [a.id, "PostEx", "booked"],
        [b.id, "Leopards", "booked"],
        [c.id, "Trax", "booked"],
      ].sort(),
    );
    expect(result.refused).toEqual([
      {
        orderId: d.id,
        orderNumber: d.orderNumber,
        href: citiesPath(postexId),
        reason: `${d.orderNumber}: Chak Jhumra is not matched to a PostEx city: match it in Settings -> Couriers -> PostEx -> Cities`,
      },
    ]);
    const tracking = result.booked.find((x) => x.orderId === a.id)!.trackingNumber!;
    expect(tracking).toBe(postex.parcelFor(a.orderNumber)!.trackingNumber);

    const after = render(
      pagePath,
      book.default,
      await callRoute(book.loader, { request: request(pagePath), context }),
      answer.data,
    );
    expect(after).toContain(`tracking ${tracking}`);
    expect(after).toContain(`href="/seller/shipping/airway-bill/${a.id}"`);
    expect(after).toContain("Courier&#x27;s airway bill");
    expect(after).toContain(`Booking File: Trax`);
    expect(after).toContain("Chak Jhumra is not matched to a PostEx city");
    expect(after).toContain(`href="${citiesPath(postexId)}"`);

    const pdf = (await callRoute(airwayBill.loader, {
      request: request(`/seller/shipping/airway-bill/${a.id}`),
      context,
      params: { orderId: a.id },
    })) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(pdf.headers.get("cache-control")).toContain("no-store");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    // Print Labels: our labels for all three, and PostEx's and Leopards' airway bills beside them.
    const labelsPath = `/seller/shipping/labels?${new URLSearchParams([a, b, c].map((o) => ["orderIds", o.id]))}`;
    const labels = answerOf(await callRoute(labelsPage.loader, { request: request(labelsPath), context }));
    expect((labels.data.labels as unknown[]).length).toBe(3);
    expect(labels.data.airwayBills).toEqual([
      { orderId: a.id, orderNumber: a.orderNumber, courier: "PostEx" },
      { orderId: b.id, orderNumber: b.orderNumber, courier: "Leopards" },
    ]);
    const none = (await callRoute(airwayBill.loader, {
      request: request(`/seller/shipping/airway-bill/${c.id}`),
      context,
      params: { orderId: c.id },
    })) as Response;
    expect(none.status).toBe(404);
  });

  it("shows a refusal beside its order with Try again and Cancel booking, and Cancel booking asks the courier first", async () => {
    const o = await placeTestOrder(db(), OWNER, { status: "confirmed", city: "Lahore" });
    await db().update(couriers).set({ pickupAddressCode: "999" }).where(eq(couriers.id, postexId));
    const pagePath = `/seller/shipping/book?orderIds=${o.id}`;
    const post = (body: [string, string][]) =>
      callRoute(book.action, {
        request: new Request(`${TEST_ORIGIN}${pagePath}`, {
          method: "POST",
          headers: { cookie: cookies.owner, origin: TEST_ORIGIN },
          body: new URLSearchParams(body),
        }),
        context,
      });
    const answer = answerOf(
      await post([
        ["orderIds", o.id],
        [`courier-${o.id}`, String(postexId)],
      ]),
    );
    expect((answer.data.result as { booked: { state: string }[] }).booked[0].state).toBe("failed");
    const html = render(
      pagePath,
      book.default,
      await callRoute(book.loader, { request: request(pagePath), context }),
      answer.data,
    );
    expect(html).toContain("Invalid pickup address code");
    expect(html).toMatch(new RegExp(`<button type="submit" value="${o.id}"[^>]*name="retry">Try again`));
    expect(html).toMatch(new RegExp(`<button type="submit" value="${o.id}"[^>]*name="cancelBooking">Cancel booking`));
    expect(html).toContain("Nothing booked, 1 failed");

    await db().update(couriers).set({ pickupAddressCode: "001" }).where(eq(couriers.id, postexId));
    const retried = answerOf(await post([["retry", o.id]]));
    const tracking = postex.parcelFor(o.orderNumber)!.trackingNumber;
    expect(retried.data).toMatchObject({
      intent: "retry",
      ok: true,
      message: `${o.orderNumber}: booked, tracking ${tracking}`,
    });
    const cancelled = answerOf(await post([["cancelBooking", o.id]]));
    expect(cancelled.data).toMatchObject({ ok: true, message: `${o.orderNumber}: booking with PostEx cancelled` });
    expect(postex.parcels.get(tracking)!.cancelled).toBe(true);
    expect(await db().select().from(shipments).where(eq(shipments.orderId, o.id))).toEqual([]);
  });

  it("uses files again: provider back to file, credentials and city matches deleted", async () => {
    expect(await postConnection(postexId, { intent: "use-files" })).toBeInstanceOf(Response);
    const [row] = await db().select().from(couriers).where(eq(couriers.id, postexId));
    expect(row).toMatchObject({
      provider: "file",
      apiCredentials: null,
      apiCredentialHints: null,
      courierCities: null,
      pickupAddresses: null,
      connectedAt: null,
    });
    expect(await db().select().from(courierCityMatches).where(eq(courierCityMatches.courierId, postexId))).toEqual([]);
    expect(render(connectionPath(postexId), connection.default, await loadConnection(postexId))).toContain(
      "Reached through files",
    );
  });
});
