import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { courierRules, couriers } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { defaultBookingColumns } from "~/modules/shipping/booking/booking-columns";
import { RULE_MESSAGES } from "~/modules/shipping/couriers/routing-rule-form";
import { getCourier, listCourierRules } from "~/modules/shipping/couriers/couriers.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import * as page from "./couriers";

const PATH = "/seller/settings/couriers";
const PASSWORD = "long-enough-password";
const TCS = {
  name: "TCS",
  trackingUrl: "https://www.tcsexpress.com/track/{tracking}",
  accountCode: "KHI-0042",
  weightBands: "500 = 180\n1000 = 230",
  extraPerKg: "100",
  codFeePercent: "1.5",
  surchargePercent: "10",
  bookingColumns: "",
};

/** Settings -> Couriers: the route's loader and action, driven with real better-auth sessions. */
describe.each(DATABASE_KINDS)("Settings -> Couriers on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };

  const request = (who: keyof typeof cookies | "guest", form?: Record<string, string>, search = "") =>
    new Request(`${TEST_ORIGIN}${PATH}${search}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const load = (search = "") => callRoute(page.loader, { request: request("owner", undefined, search), context });
  const post = (form: Record<string, string>, who: keyof typeof cookies | "guest" = "owner") =>
    callRoute(page.action, { request: request(who, form), context });
  /** The toast the redirect carries. */
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { cookie } }))).flash?.message;
  };
  const courierId = async (name: string) =>
    (await database.db.select({ id: couriers.id }).from(couriers).where(eq(couriers.name, name)))[0].id;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
  }, 120_000);

  it("adds a courier with its rate card and its own booking layout, and lists it with the rate card in words", async () => {
    const empty = await load();
    expect(empty).toMatchObject({ couriers: [], rules: [], activeCouriers: [], editing: null });
    expect(empty.newCourier).toMatchObject({ name: "", weightBands: "500 = 180\n1000 = 230" });
    expect(empty.bookingFields).toContainEqual({ field: "orderNumber", label: "Order number (the reference)" });

    const saved = await post({ intent: "add-courier", ...TCS });
    expectRedirect(saved, `${PATH}#couriers`);
    expect(await flashOf(saved)).toBe(page.COURIER_SAVED);
    const tcs = await getCourier(database.db, await courierId("TCS"));
    expect(tcs).toMatchObject({
      accountCode: "KHI-0042",
      active: true,
      rateCard: {
        bands: [
          { upToGrams: 500, charge: 180 },
          { upToGrams: 1000, charge: 230 },
        ],
        extraPerKg: 100,
        codFeeBps: 150,
        surchargeBps: 1000,
      },
    });
    expect(tcs.bookingColumns).toEqual(defaultBookingColumns("TCS"));

    const listed = await load();
    expect(listed.couriers).toEqual([
      {
        id: tcs.id,
        name: "TCS",
        trackingUrl: TCS.trackingUrl,
        accountCode: "KHI-0042",
        active: true,
        rateCard: "up to 500 g Rs 180, up to 1 kg Rs 230, each extra kg Rs 100; COD fee 1.5 %; surcharge 10 %",
      },
    ]);
    expect(listed.activeCouriers).toEqual([{ id: tcs.id, name: "TCS" }]);
  });

  it("refuses a bad courier form with a message beside each field, keeps every typed value, and saves nothing", async () => {
    const typed = {
      ...TCS,
      name: "Leopards",
      trackingUrl: "leopards tracking",
      weightBands: "1000 = 200\n500 = 100",
      codFeePercent: "lots",
      bookingColumns: "Name = consigneeName",
    };
    const refused = await post({ intent: "add-courier", ...typed });
    expect(refused).toMatchObject({
      status: "error",
      error: {
        "": ["Nothing was saved: please correct the fields marked below."],
        trackingUrl: [expect.stringContaining("{tracking}")],
        weightBands: ["Line 2: list the bands lightest first, each heavier than the one before"],
        codFeePercent: ["Enter the COD fee as a percentage, e.g. 1.5"],
        bookingColumns: [expect.stringContaining("order number")],
      },
      initialValue: { intent: "add-courier", ...typed },
    });
    // A name taken (in any case) is refused beside the name, with the values as typed.
    const taken = await post({ intent: "add-courier", ...TCS, name: "tcs", accountCode: "typed" });
    expect(taken).toMatchObject({
      status: "error",
      error: { name: ["You already have a courier with this name"] },
      initialValue: { name: "tcs", accountCode: "typed" },
    });
    expect(await database.db.select().from(couriers)).toHaveLength(1);
  });

  it("opens the form prefilled for Edit, saves the edit, and keeps typed values when an edit is refused", async () => {
    const id = await courierId("TCS");
    const editing = await load(`?edit=${id}`);
    expect(editing.editing).toMatchObject({
      id,
      name: "TCS",
      values: {
        name: "TCS",
        accountCode: "KHI-0042",
        weightBands: "500 = 180\n1000 = 230",
        codFeePercent: "1.5",
        surchargePercent: "10",
      },
    });
    expect(editing.editing.values.bookingColumns.split("\n")[0]).toBe("Reference No = orderNumber");
    expect((await load("?edit=99999")).editing).toBeNull();

    const saved = await post({
      intent: "edit-courier",
      courierId: String(id),
      ...editing.editing.values,
      weightBands: "500 = 200\n1000 = 250\n2000 = 330",
      surchargePercent: "0",
    });
    expectRedirect(saved, `${PATH}#couriers`);
    expect((await load()).couriers[0].rateCard).toBe(
      "up to 500 g Rs 200, up to 1 kg Rs 250, up to 2 kg Rs 330, each extra kg Rs 100; COD fee 1.5 %; no surcharge",
    );

    const refused = await post({
      intent: "edit-courier",
      courierId: String(id),
      ...TCS,
      extraPerKg: "a hundred",
      accountCode: "NEW-1",
    });
    expect(refused).toMatchObject({
      status: "error",
      error: { extraPerKg: [expect.stringContaining("whole rupees")] },
      initialValue: { intent: "edit-courier", courierId: String(id), extraPerKg: "a hundred", accountCode: "NEW-1" },
    });
    expect((await getCourier(database.db, id)).accountCode).toBe("KHI-0042");
    const gone = await post({ intent: "edit-courier", courierId: "99999", ...TCS });
    expect(gone).toMatchObject({
      status: "error",
      error: { "": ["Courier not found"] },
      initialValue: { intent: "edit-courier", name: "TCS" },
    });
  });

  it("switches a courier off and on; one switched off is not offered for new rules", async () => {
    expectRedirect(
      await post({ intent: "add-courier", ...TCS, name: "Own rider", trackingUrl: "", accountCode: "" }),
      `${PATH}#couriers`,
    );
    const rider = await courierId("Own rider");
    const off = await post({ intent: "toggle-courier", courierId: String(rider), active: "false" });
    expectRedirect(off, `${PATH}#couriers`);
    expect(await flashOf(off)).toBe("Own rider switched off: booking no longer offers it");
    const listed = await load();
    expect(listed.couriers.map((c: { name: string; active: boolean }) => [c.name, c.active])).toEqual([
      ["TCS", true],
      ["Own rider", false],
    ]);
    expect(listed.activeCouriers.map((c: { name: string }) => c.name)).toEqual(["TCS"]);
    // Its own booking layout is the common one (no courier of that name is known).
    expect((await getCourier(database.db, rider)).bookingColumns).toEqual(defaultBookingColumns("Own rider"));

    const refused = await post({
      intent: "add-rule",
      kind: "city",
      city: "Lahore",
      amount: "",
      courierId: String(rider),
    });
    expect(refused).toMatchObject({
      status: "error",
      error: { courierId: [RULE_MESSAGES.inactiveCourier] },
      initialValue: { intent: "add-rule", city: "Lahore", courierId: String(rider) },
    });
    expect(await listCourierRules(database.db)).toEqual([]);
    expect(await post({ intent: "toggle-courier", courierId: "99999", active: "true" })).toMatchObject({
      status: "error",
      error: { "": ["Courier not found"] },
      initialValue: { intent: "toggle-courier" },
    });
  });

  it("adds rules in order, refuses a city rule without a city and a total rule without whole rupees, moves a rule up and removes one", async () => {
    const tcs = await courierId("TCS");
    const added = await post({ intent: "add-rule", kind: "city", city: "karachi", amount: "", courierId: String(tcs) });
    expectRedirect(added, `${PATH}#routing-rules`);
    expect(await flashOf(added)).toBe("Rule added");
    expectRedirect(
      await post({ intent: "add-rule", kind: "total-above", city: "", amount: "Rs 15,000", courierId: String(tcs) }),
      `${PATH}#routing-rules`,
    );
    expectRedirect(
      await post({ intent: "add-rule", kind: "risk", city: "", amount: "", courierId: "hold" }),
      `${PATH}#routing-rules`,
    );

    expect(
      await post({ intent: "add-rule", kind: "city", city: " ", amount: "", courierId: String(tcs) }),
    ).toMatchObject({
      status: "error",
      error: { "": ["Nothing was saved: please correct the fields marked below."], city: [RULE_MESSAGES.city] },
      initialValue: { intent: "add-rule", kind: "city", city: " " },
    });
    expect(
      await post({ intent: "add-rule", kind: "total-above", city: "", amount: "999.50", courierId: "" }),
    ).toMatchObject({
      status: "error",
      error: { amount: [RULE_MESSAGES.amount], courierId: [RULE_MESSAGES.courier] },
      initialValue: { amount: "999.50" },
    });

    const texts = async () => (await load()).rules.map((r: { text: string }) => r.text);
    expect(await texts()).toEqual([
      "Orders to Karachi: TCS",
      "Orders above Rs 15,000: TCS",
      "Orders from a blocked phone or one with earlier returns: hold for a call",
    ]);
    const ids = async () => (await load()).rules.map((r: { id: number }) => String(r.id));
    const [, , risk] = await ids();
    expectRedirect(await post({ intent: "move-rule-up", ruleId: risk }), `${PATH}#routing-rules`);
    expect(await texts()).toEqual([
      "Orders to Karachi: TCS",
      "Orders from a blocked phone or one with earlier returns: hold for a call",
      "Orders above Rs 15,000: TCS",
    ]);
    // The list is saved whole, so the ids of the page just read are gone: a stale page is told so.
    expect(await post({ intent: "remove-rule", ruleId: risk })).toMatchObject({
      status: "error",
      error: { "": [RULE_MESSAGES.ruleGone] },
      initialValue: { intent: "remove-rule" },
    });
    const [first] = await ids();
    const removed = await post({ intent: "remove-rule", ruleId: first });
    expect(await flashOf(removed)).toBe("Rule removed");
    expect(await texts()).toEqual([
      "Orders from a blocked phone or one with earlier returns: hold for a call",
      "Orders above Rs 15,000: TCS",
    ]);

    // A rule naming a courier switched off says so.
    await post({ intent: "toggle-courier", courierId: String(tcs), active: "false" });
    expect((await texts())[1]).toBe("Orders above Rs 15,000: TCS (switched off)");
    await post({ intent: "toggle-courier", courierId: String(tcs), active: "true" });
  });

  it("sends a guest to sign in and a buyer to their own dashboard, from the page and every action, and changes nothing", async () => {
    expectRedirect(
      await callRoute(page.loader, { request: request("guest"), context }),
      `/auth?mode=login&redirectTo=${encodeURIComponent(PATH)}`,
    );
    expectRedirect(await callRoute(page.loader, { request: request("buyer"), context }), "/buyer-dashboard");
    const tcs = String(await courierId("TCS"));
    const [rule] = await listCourierRules(database.db);
    const before = {
      couriers: await database.db.select().from(couriers),
      rules: await database.db.select().from(courierRules),
    };
    const posts: Record<string, string>[] = [
      { intent: "add-courier", ...TCS, name: "DHL" },
      { intent: "edit-courier", courierId: tcs, ...TCS, name: "Hacked" },
      { intent: "toggle-courier", courierId: tcs, active: "false" },
      { intent: "add-rule", kind: "risk", city: "", amount: "", courierId: "hold" },
      { intent: "remove-rule", ruleId: String(rule.id) },
      { intent: "move-rule-up", ruleId: String(rule.id) },
    ];
    for (const form of posts) {
      expectRedirect(await post(form, "guest"), /^\/auth\?/);
      expectRedirect(await post(form, "buyer"), "/buyer-dashboard");
    }
    expect(await database.db.select().from(couriers)).toEqual(before.couriers);
    expect(await database.db.select().from(courierRules)).toEqual(before.rules);
    // An unknown intent is refused with a message, not an error.
    expect(await post({ intent: "delete-everything" })).toMatchObject({
      status: "error",
      error: { "": [expect.stringContaining("not known")] },
    });
  });

  it("edits a rate card's zones and tolerance: saved and shown again; a bad zone is refused beside its field and nothing changes", async () => {
    await post({ intent: "add-courier", ...TCS, name: "Trax" });
    const id = await courierId("Trax");
    const zones = {
      toleranceRupees: "50",
      zone1Name: "Same city",
      zone1Cities: "Karachi",
      zone1Bands: "500 = 120",
      zone1ExtraPerKg: "60",
      zone2Name: "Punjab",
      zone2Cities: "Lahore, Faisalabad",
      zone2Bands: "500 = 160\n1000 = 200",
      zone2ExtraPerKg: "80",
    };
    expectRedirect(
      await post({ intent: "edit-courier", courierId: String(id), ...TCS, name: "Trax", ...zones }),
      `${PATH}#couriers`,
    );
    const saved = await getCourier(database.db, id);
    expect(saved.rateCard).toMatchObject({
      toleranceRupees: 50,
      zones: [
        { name: "Same city", cities: ["Karachi"], bands: [{ upToGrams: 500, charge: 120 }], extraPerKg: 60 },
        {
          name: "Punjab",
          cities: ["Lahore", "Faisalabad"],
          bands: [
            { upToGrams: 500, charge: 160 },
            { upToGrams: 1000, charge: 200 },
          ],
          extraPerKg: 80,
        },
      ],
    });
    const editing = await load(`?edit=${id}`);
    expect(editing.editing?.values).toMatchObject({
      toleranceRupees: "50",
      zone1Cities: "Karachi",
      zone2Cities: "Lahore\nFaisalabad",
      zone3Name: "",
    });
    expect((await load()).couriers.find((c: { id: number }) => c.id === id)?.rateCard).toContain(
      "Punjab (Lahore, Faisalabad): up to 500 g Rs 160",
    );

    const typed = { ...TCS, name: "Trax", ...zones, zone2Cities: "Karachi", zone2ExtraPerKg: "lots" };
    const refused = await post({ intent: "edit-courier", courierId: String(id), ...typed });
    expect(refused).toMatchObject({
      status: "error",
      error: {
        zone2Cities: ["Karachi is already in the zone Same city: a city belongs to one zone"],
        zone2ExtraPerKg: ["Enter the zone's charge for each extra kilogram in whole rupees, e.g. 100"],
      },
      initialValue: { zone2Cities: "Karachi", zone2ExtraPerKg: "lots" },
    });
    expect((await getCourier(database.db, id)).rateCard).toEqual(saved.rateCard);
  });
});
