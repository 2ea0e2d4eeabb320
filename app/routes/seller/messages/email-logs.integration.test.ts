import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, users } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import { fieldErrors, keptValue } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { queueEmails } from "~/modules/messages/queue-email.server";
import { callRoute, expectRedirect, signInCookie } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import * as emailLogs from "./email-logs";
import { TEST_AUTH_SECRET } from "../../../../tests/factories/test-secret";
import { testProviders } from "../../../../tests/factories/test-providers";
import { closeProviders, type Providers } from "~/integrations/providers.server";

const ORIGIN = "http://shop.test";
const PASSWORD = "long-enough-password";
const PATH = "/seller/email-logs";
const SMTP_URL = "smtp://mailer:s3cret-pass@mail.kapra.test:587";

/** The Email Logs page's loader and action, driven with real better-auth sessions. */
describe.each(DATABASE_KINDS)("the Email Logs page on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };

  const signIn = (email: string) => signInCookie(auth, email, PASSWORD);
  const request = (search: string, who: keyof typeof cookies | "guest", form?: Record<string, string>) =>
    new Request(`${ORIGIN}${PATH}${search}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const call = (
    fn: Parameters<typeof callRoute>[0],
    request: Request,
    env: object = {},
    providers: Providers = context.providers,
  ) => callRoute(fn, { request, context: { ...context, env: { ...context.env, ...env }, providers } });
  const rows = () => database.db.select().from(messageOutbox).orderBy(messageOutbox.id);
  const queue = (to: string) =>
    queueEmails(database.db, [
      {
        kind: "password_changed",
        to,
        data: { name: "Bilal", at: "2026-11-23T10:00:00.000Z", dashboardPath: "/buyer-dashboard" },
      },
    ]);

  beforeAll(async () => {
    const env = {
      PUBLIC_URL: undefined,
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
      SIGN_IN_RATE_LIMIT: 1000,
      PORT: 3000,
    };
    auth = createShopAuth({ db: database.db, env, secret: TEST_AUTH_SECRET });
    context = { db: database.db, auth, env, providers: testProviders() } as unknown as AppLoadContext;
    await createSeller(auth, database.db, { email: "owner@shop.pk", password: PASSWORD, name: "Owner" });
    await auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
        body: JSON.stringify({ name: "Bilal", email: "buyer@shop.pk", password: PASSWORD }),
      }),
    );
    expect(
      (await database.db.select({ role: users.role }).from(users).where(eq(users.email, "buyer@shop.pk")))[0].role,
    ).toBe("buyer");
    cookies.owner = await signIn("owner@shop.pk");
    cookies.buyer = await signIn("buyer@shop.pk");
  }, 120_000);

  it("gives a guest and a buyer nothing: no list, no entry, no resend, no clearing", async () => {
    await queue("bilal@example.pk");
    const [entry] = await rows();
    await database.db.update(messageOutbox).set({ status: "failed" }).where(eq(messageOutbox.id, entry.id));
    expectRedirect(
      await call(emailLogs.loader, request(`?id=${entry.id}`, "guest")),
      `/auth?mode=login&redirectTo=${encodeURIComponent(`${PATH}?id=${entry.id}`)}`,
    );
    expectRedirect(await call(emailLogs.loader, request(`?id=${entry.id}`, "buyer")), "/buyer-dashboard");
    const forms: Record<string, string>[] = [
      { intent: "clear" },
      { intent: "resend", id: String(entry.id), to: "thief@example.pk" },
    ];
    for (const form of forms) {
      expectRedirect(await call(emailLogs.action, request("", "guest", form)), /^\/auth\?/);
      expectRedirect(await call(emailLogs.action, request("", "buyer", form)), "/buyer-dashboard");
    }
    expect(await rows()).toEqual([entry].map((e) => ({ ...e, status: "failed" })));
    await database.db.delete(messageOutbox);
  });

  it("shows the owner the list and one entry, and says whether a mail server is configured without printing it", async () => {
    await queue("bilal@example.pk");
    const [entry] = await rows();
    const none = await call(emailLogs.loader, request(`?id=${entry.id}`, "owner"));
    expect(none).toMatchObject({
      mailServer: false,
      total: 1,
      counts: { all: 1, queued: 1 },
      entries: [
        {
          id: entry.id,
          toAddress: "bilal@example.pk",
          subject: "Your Kapra password was changed",
          orderNumber: null,
          marker: "Queued",
        },
      ],
      detail: { id: entry.id, statusLabel: "Queued", preview: true, sentAt: null },
    });
    // The shop's real SMTP sender, made from SMTP_URL as start-up makes it (it sends nothing here).
    const smtp = testProviders({ smtpUrl: SMTP_URL });
    const configured = await call(emailLogs.loader, request("", "owner"), { SMTP_URL }, smtp);
    await closeProviders(smtp);
    expect(configured.mailServer).toBe(true);
    expect(JSON.stringify(configured)).not.toMatch(/s3cret|mail\.kapra\.test/);
    expect((await call(emailLogs.loader, request("?id=999999", "owner"))).missing).toBe(true);
    await database.db.delete(messageOutbox);
  });

  it("resends for the owner to a corrected address, and refuses a bad one beside the field, keeping what was typed", async () => {
    await queue("bilal@exmaple.pk");
    const [entry] = await rows();
    const refused = await call(
      emailLogs.action,
      request(`?id=${entry.id}`, "owner", { intent: "resend", id: String(entry.id), to: "bilal@" }),
    );
    expect(refused.init.status).toBe(400);
    expect(fieldErrors(refused.data)).toEqual({ to: "Please enter a valid e-mail address" });
    expect(keptValue(refused.data, "to")).toBe("bilal@");
    expect(await rows()).toHaveLength(1);

    const resent = await call(
      emailLogs.action,
      request(`?q=bilal&id=${entry.id}`, "owner", { intent: "resend", id: String(entry.id), to: "bilal@example.pk" }),
    );
    const [, copy] = await rows();
    expectRedirect(resent, `${PATH}?q=bilal&id=${copy.id}`);
    expect(resent.headers.get("set-cookie")).toMatch(/shop_flash=/);
    expect(copy).toMatchObject({ toAddress: "bilal@example.pk", status: "queued", resentFrom: entry.id });

    const gone = await call(emailLogs.action, request("", "owner", { intent: "resend", id: "999999" }));
    expect(gone.init.status).toBe(404);
    const nonsense = await call(emailLogs.action, request("", "owner", { intent: "explode" }));
    expect(nonsense.init.status).toBe(400);
    expect(await rows()).toHaveLength(2);
    await database.db.delete(messageOutbox);
  });

  it("clears for the owner, keeping what waits to be sent, and says so", async () => {
    await queue("a@example.pk");
    await queue("b@example.pk");
    const [sent] = await rows();
    await database.db.update(messageOutbox).set({ status: "sent" }).where(eq(messageOutbox.id, sent.id));
    const cleared = await call(emailLogs.action, request("", "owner", { intent: "clear" }));
    expectRedirect(cleared, PATH);
    const cookie = (cleared.headers.get("set-cookie") ?? "").split(";")[0];
    const { flash } = await takeFlash(new Request(ORIGIN, { headers: { cookie } }));
    expect(flash).toEqual({ type: "success", message: "Cleared 1 e-mail; 1 still waiting to be sent is kept." });
    expect((await rows()).map((r) => r.toAddress)).toEqual(["b@example.pk"]);
    await database.db.delete(messageOutbox);
  });
});
