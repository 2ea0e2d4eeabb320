import { eq } from "drizzle-orm";
import { type FormReply, fieldErrors, isRefusal, keptValues } from "~/lib/form-reply";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { getSessionUser } from "~/modules/accounts/session-user.server";
import { countWaiting } from "~/modules/seller/count-waiting.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import { callRoute, routeContext, expectRedirect, signInCookie } from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import * as apiOverview from "../api/seller-overview";
import * as inbox from "./messages/inbox";
import * as overview from "./dashboard";
import * as settings from "./settings/settings";
import * as team from "./settings/team";

const ORIGIN = "http://shop.test";
const PASSWORD = "long-enough-password";
const SETTINGS_FORM = {
  brandName: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14",
  city: "Karachi",
  instagram: "@kapra.pk",
  happyCustomers: "10000",
  yearsInBusiness: "5",
  productsSold: "50000",
  averageRating: "4.8",
  shippingFee: "200",
  freeShippingThreshold: "",
  maxCodOrderValue: "",
  blockedPhones: "",
};

/** The owner's pages (loaders and actions) and the overview API, driven with real better-auth sessions. */
describe.each(DATABASE_KINDS)("owner pages on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies: Record<"owner" | "buyer" | "staff", string> = { owner: "", buyer: "", staff: "" };
  const ids: Record<"owner" | "buyer" | "staff", string> = { owner: "", buyer: "", staff: "" };

  const signIn = (email: string) => signInCookie(auth, email, PASSWORD);
  const request = (path: string, who: keyof typeof cookies | "guest", form?: Record<string, string>) =>
    new Request(`${ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const call = (fn: Parameters<typeof callRoute>[0], request: Request) => callRoute(fn, { request, context });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    ids.owner = (
      await createSeller(auth, database.db, { email: "owner@shop.pk", password: PASSWORD, name: "Owner" })
    ).userId;
    // Buyers made the way buyers are: sign-up.
    for (const [who, email] of [
      ["buyer", "buyer@shop.pk"],
      ["staff", "staff@shop.pk"],
    ] as const) {
      await auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
          body: JSON.stringify({ name: who === "buyer" ? "Bilal" : "Sana", email, password: PASSWORD }),
        }),
      );
      ids[who] = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
    }
    for (const who of ["owner", "buyer", "staff"] as const) cookies[who] = await signIn(`${who}@shop.pk`);
  }, 120_000);

  it("sends a guest to sign in and a buyer to their own dashboard, from every owner page and action", async () => {
    const pages = [
      ["/seller-dashboard", overview.loader],
      ["/seller/settings", settings.loader],
      ["/seller/inbox", inbox.loader],
      ["/seller/team", team.loader],
    ] as const;
    for (const [path, loader] of pages) {
      expectRedirect(
        await call(loader, request(path, "guest")),
        `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`,
      );
      expectRedirect(await call(loader, request(path, "buyer")), "/buyer-dashboard");
    }
    const [id] = await database.db
      .insert(contactMessages)
      .values({ name: "A", email: "a@x.pk", subject: "S", message: "M" })
      .returning();
    const posts = [
      ["/seller/settings", settings.action, { ...SETTINGS_FORM, brandName: "Hacked" }],
      ["/seller/inbox", inbox.action, { intent: "mark-handled", id: String(id.id) }],
      ["/seller/team", team.action, { intent: "grant", email: "buyer@shop.pk" }],
      ["/seller/team", team.action, { intent: "revoke", userId: ids.owner }],
    ] as const;
    for (const [path, action, form] of posts) {
      expectRedirect(await call(action, request(path, "guest", form)), /^\/auth\?/);
      expectRedirect(await call(action, request(path, "buyer", form)), "/buyer-dashboard");
    }
    // Nothing changed.
    expect((await getSettings(database.db)).brandName).toBe("Kapra");
    expect(
      (await database.db.select().from(contactMessages).where(eq(contactMessages.id, id.id)))[0].readAt,
    ).toBeNull();
    expect((await database.db.select({ role: users.role }).from(users).where(eq(users.id, ids.buyer)))[0].role).toBe(
      "buyer",
    );
    expect((await database.db.select({ role: users.role }).from(users).where(eq(users.id, ids.owner)))[0].role).toBe(
      "seller",
    );
    await database.db.delete(contactMessages);
  });

  it("serves GET /api/seller/overview to sellers only: 401 for a guest, 403 for a buyer", async () => {
    const guest = await call(apiOverview.loader, request("/api/seller/overview", "guest"));
    expect(guest.status).toBe(401);
    const buyer = await call(apiOverview.loader, request("/api/seller/overview", "buyer"));
    expect(buyer.status).toBe(403);
    expect(await buyer.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Only sellers can view the shop overview" },
    });
    const owner = await call(apiOverview.loader, request("/api/seller/overview", "owner"));
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toMatch(/no-store/);
    const body = await owner.json();
    expect(body.data.stats).toMatchObject({ totalRevenue: 0, totalOrders: 0, pendingOrders: 0 });
    expect(body.data.daily).toHaveLength(30);
    expect((await call(apiOverview.action, request("/api/seller/overview", "owner", {}))).status).toBe(405);
  });

  it("saves settings for the owner with a toast across the redirect, and keeps typed values on a refusal", async () => {
    const saved = await call(
      settings.action,
      request("/seller/settings", "owner", {
        ...SETTINGS_FORM,
        brandName: "Kapra Studio",
        blockedPhones: "0300-1234567",
      }),
    );
    expectRedirect(saved, "/seller/settings");
    expect(saved.headers.get("set-cookie")).toMatch(/shop_flash=/);
    expect(await getSettings(database.db)).toMatchObject({
      brandName: "Kapra Studio",
      blockedPhones: ["+923001234567"],
    });

    const refused = await call(
      settings.action,
      request("/seller/settings", "owner", { ...SETTINGS_FORM, brandName: "Other", blockedPhones: "hello" }),
    );
    expect(isRefusal(refused)).toBe(true);
    expect(fieldErrors(refused as FormReply)).toMatchObject({ blockedPhones: expect.stringContaining("Line 1") });
    expect(keptValues(refused as FormReply)).toMatchObject({ brandName: "Other", blockedPhones: "hello" });
    expect((await getSettings(database.db)).brandName).toBe("Kapra Studio");
    const page = await call(settings.loader, request("/seller/settings", "owner"));
    expect(page.values).toMatchObject({ brandName: "Kapra Studio", blockedPhones: "+923001234567" });
  });

  it("lists the inbox newest first with paging, marks messages handled and back, and counts the waiting ones", async () => {
    const base = Date.parse("2025-06-01T10:00:00Z");
    await database.db.insert(contactMessages).values(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Sender ${i}`,
        email: `s${i}@example.pk`,
        subject: `Size & fit #${i}`,
        message: "Hello",
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await call(inbox.loader, request("/seller/inbox", "owner"));
    expect(first).toMatchObject({ total: 23, unhandled: 23, page: 1, pageCount: 2 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]).toMatchObject({
      subject: "Size & fit #22",
      handled: false,
      replyHref: "mailto:s22@example.pk?subject=Re%3A%20Size%20%26%20fit%20%2322",
    });
    const second = await call(inbox.loader, request("/seller/inbox?page=2", "owner"));
    expect(second.messages.map((m: { subject: string }) => m.subject)).toEqual([
      "Size & fit #2",
      "Size & fit #1",
      "Size & fit #0",
    ]);
    // A page past the end shows the last page.
    expect((await call(inbox.loader, request("/seller/inbox?page=99", "owner"))).page).toBe(2);

    const id = String(first.messages[0].id);
    expect(await call(inbox.action, request("/seller/inbox", "owner", { intent: "mark-handled", id }))).toEqual({
      ok: true,
      message: "Marked as handled",
    });
    expect((await countWaiting(database.db)).unreadMessages).toBe(22);
    expect((await call(inbox.loader, request("/seller/inbox", "owner"))).messages[0].handled).toBe(true);
    expect(await call(inbox.action, request("/seller/inbox", "owner", { intent: "mark-unhandled", id }))).toEqual({
      ok: true,
      message: "Marked as not handled",
    });
    expect((await countWaiting(database.db)).unreadMessages).toBe(23);

    expect(
      await call(inbox.action, request("/seller/inbox", "owner", { intent: "mark-handled", id: "999999" })),
    ).toMatchObject({ status: "error", error: { "": ["That message no longer exists"] } });
    expect(await call(inbox.action, request("/seller/inbox", "owner", { intent: "delete-all", id }))).toMatchObject({
      status: "error",
    });
    expect((await countWaiting(database.db)).unreadMessages).toBe(23);
  });

  it("gives the seller role by e-mail, says so for an unknown e-mail, and takes it back with immediate effect", async () => {
    const unknown = await call(
      team.action,
      request("/seller/team", "owner", { intent: "grant", email: "Nobody@Shop.pk" }),
    );
    expect(unknown).toMatchObject({
      status: "error",
      error: { email: ["No account uses nobody@shop.pk. Ask them to create an account first, then add them here."] },
      initialValue: { intent: "grant", email: "Nobody@Shop.pk" },
    });
    const invalid = await call(
      team.action,
      request("/seller/team", "owner", { intent: "grant", email: "not-an-email" }),
    );
    expect(invalid).toMatchObject({
      status: "error",
      error: { email: ["Please enter a valid e-mail address"] },
      initialValue: { intent: "grant", email: "not-an-email" },
    });

    expectRedirect(
      await call(team.action, request("/seller/team", "owner", { intent: "grant", email: " STAFF@shop.pk " })),
      "/seller/team",
    );
    // The staff member's existing session is a seller's at once: no new sign-in needed. (A shop page
    // may show their buyer header until their session cookie cache is renewed; role checks ask the database.)
    expect((await getSessionUser(auth, request("/", "staff"), { fresh: true }))?.role).toBe("seller");
    const list = await call(team.loader, request("/seller/team", "staff"));
    expect(list.sellers.map((s: { email: string }) => s.email).sort()).toEqual(["owner@shop.pk", "staff@shop.pk"]);

    expectRedirect(
      await call(team.action, request("/seller/team", "owner", { intent: "revoke", userId: ids.staff })),
      "/seller/team",
    );
    // Demoted: the very next request is a buyer's.
    expect((await getSessionUser(auth, request("/", "staff")))?.role).toBe("buyer");
    expectRedirect(await call(overview.loader, request("/seller-dashboard", "staff")), "/buyer-dashboard");
    expect((await call(apiOverview.loader, request("/api/seller/overview", "staff"))).status).toBe(403);
  });

  it("never lets the last seller remove their own role, nor two sellers remove each other at once", async () => {
    const last = await call(team.action, request("/seller/team", "owner", { intent: "revoke", userId: ids.owner }));
    expect(last).toMatchObject({
      status: "error",
      error: { "": [expect.stringContaining("at least one seller")] },
      initialValue: { intent: "revoke" },
    });
    expect((await getSessionUser(auth, request("/", "owner")))?.role).toBe("seller");

    await database.db.update(users).set({ role: "seller" }).where(eq(users.id, ids.staff));
    const results = await Promise.all([
      call(team.action, request("/seller/team", "owner", { intent: "revoke", userId: ids.staff })),
      call(team.action, request("/seller/team", "staff", { intent: "revoke", userId: ids.owner })),
    ]);
    const sellers = await database.db.select({ id: users.id }).from(users).where(eq(users.role, "seller"));
    expect(sellers).toHaveLength(1);
    // One succeeds; the other is refused (last seller) or finds its sender already demoted.
    const succeeded = results.filter((r) => r instanceof Response && r.headers.get("location") === "/seller/team");
    expect(succeeded).toHaveLength(1);

    // A seller who removes their own role (another seller remains) lands on the buyer dashboard.
    const remaining = sellers[0].id === ids.owner ? "owner" : "staff";
    const other = remaining === "owner" ? "staff" : "owner";
    await database.db.update(users).set({ role: "seller" }).where(eq(users.id, ids[other]));
    expectRedirect(
      await call(team.action, request("/seller/team", remaining, { intent: "revoke", userId: ids[remaining] })),
      "/buyer-dashboard",
    );
  });
});
