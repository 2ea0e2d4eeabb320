import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { serializeSignedCookie } from "better-call";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldError } from "~/lib/form-reply";
import { accounts, messageOutbox, sessions, users, verifications } from "~/schema";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import * as sellerPassword from "../seller/settings/password";
import * as setPassword from "./set-password";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { createOwnerAccount } from "~/flows/team-roles.server";
import { PASSWORD_TOO_COMMON } from "~/modules/accounts/password-rule";
import { SESSION_MAX_AGE_MS } from "~/modules/accounts/session-age";
import { getSessionUser } from "~/modules/accounts/session-user.server";

const DAY = 24 * 60 * 60 * 1000;

/** Issue 10's sign-in items, through better-auth's real endpoints and our real routes. */
describe.each(DATABASE_KINDS)("a hardened sign-in on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  let auth: Auth;
  let context: AppLoadContext;
  let ip = 0;
  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
  }, 120_000);

  const post = (path: string, body: unknown, cookie?: string) =>
    auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: TEST_ORIGIN,
          [CLIENT_IP_HEADER]: `10.5.0.${++ip}`,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const signUp = async (email: string, password = "chai-at-dawn-2026") => {
    const response = await post("/sign-up/email", { name: "Test", email, password });
    expect(response.status, `sign-up of ${email}`).toBe(200);
    return cookieOf(response);
  };
  const form = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });

  it("better-auth itself refuses a common password at sign-up and change, with our code and words", async () => {
    const refused = await post("/sign-up/email", { name: "A", email: "common@example.pk", password: "Password2024!" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON });
    expect(
      (await post("/sign-up/email", { name: "A", email: "bilal.ahmed88@example.pk", password: "bilal.ahmed88!" }))
        .status,
    ).toBe(400);

    const cookie = await signUp("change@example.pk");
    const change = await post(
      "/change-password",
      { currentPassword: "chai-at-dawn-2026", newPassword: "qwertyuiop123" },
      cookie,
    );
    expect((await change.json()).code).toBe("PASSWORD_TOO_COMMON");
    expect((await post("/sign-in/email", { email: "change@example.pk", password: "chai-at-dawn-2026" })).status).toBe(
      200,
    );
  });

  it("still signs in an account whose password predates the 12-character rule", async () => {
    const ctx = await auth.$context;
    const id = randomUUID();
    await database.db.insert(users).values({ id, name: "Old", email: "old@example.pk", role: "buyer" });
    await database.db.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: await ctx.password.hash("oldpass1"),
    });
    expect((await post("/sign-in/email", { email: "old@example.pk", password: "oldpass1" })).status).toBe(200);
  });

  it("ends a session 30 days after its sign-in, however recently it was renewed", async () => {
    const cookie = await signUp("long@example.pk");
    const request = () => new Request(`${TEST_ORIGIN}/cart`, { method: "POST", headers: { cookie } });
    expect(await getSessionUser(auth, request())).toMatchObject({ email: "long@example.pk" });
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "long@example.pk"));
    // Renewed yesterday (expiry a month ahead), signed in 30 days ago.
    await database.db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 1000),
        updatedAt: new Date(Date.now() - DAY),
        expiresAt: new Date(Date.now() + 29 * DAY),
      })
      .where(eq(sessions.userId, user.id));
    expect(await getSessionUser(auth, request())).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("refuses a change of password on a session past its absolute age", async () => {
    const cookie = await signUp("stale@example.pk");
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, "stale@example.pk"));
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - SESSION_MAX_AGE_MS - 1000) })
      .where(eq(sessions.userId, user.id));
    const change = await post(
      "/change-password",
      { currentPassword: "chai-at-dawn-2026", newPassword: "a-new-long-password" },
      cookie,
    );
    expect(change.status).toBe(401);
  });

  it("deletes an account with a password only when the password is given, even on a fresh session", async () => {
    const cookie = await signUp("keep@example.pk");
    const none = await post("/delete-user", {}, cookie);
    expect(none.status).toBe(400);
    expect((await none.json()).code).toBe("PASSWORD_REQUIRED");
    expect((await post("/delete-user", { password: "wrong-password-1" }, cookie)).status).toBe(400);
    expect(await database.db.select().from(users).where(eq(users.email, "keep@example.pk"))).toHaveLength(1);
  });

  it("deletes a Google-only account only within 5 minutes of its sign-in", async () => {
    const ctx = await auth.$context;
    const id = randomUUID();
    await database.db
      .insert(users)
      .values({ id, name: "Google", email: "google@example.pk", role: "buyer", emailVerified: true });
    await database.db
      .insert(accounts)
      .values({ id: randomUUID(), accountId: "google-sub-1", providerId: "google", userId: id });
    const session = await ctx.internalAdapter.createSession(id);
    // A Google sign-in's session, as better-auth's callback would set it (signed with the secret).
    const cookie = (await serializeSignedCookie(ctx.authCookies.sessionToken.name, session.token, ctx.secret)).split(
      ";",
    )[0];
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(sessions.userId, id));
    const stale = await post("/delete-user", {}, cookie);
    expect(stale.status).toBe(403);
    expect((await stale.json()).code).toBe("FRESH_SIGN_IN_REQUIRED");
    await database.db.update(sessions).set({ createdAt: new Date() }).where(eq(sessions.userId, id));
    expect((await post("/delete-user", {}, cookie)).status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.id, id))).toEqual([]);
  });

  it("gives the owner a single-use 24-hour link, never a password: following it sets one and signs in to the dashboard", async () => {
    const owner = await createOwnerAccount(auth, database.db, "Boss@Shop.pk", "https://kapra.pk");
    expect(owner!.link).toMatch(/^https:\/\/kapra\.pk\/set-password\?token=[\w-]{32}$/);
    expect(owner!.expiresAt.getTime() - Date.now()).toBeGreaterThan(DAY - 60_000);
    expect(await createOwnerAccount(auth, database.db, "boss@shop.pk", "https://kapra.pk")).toBeNull();
    const path = new URL(owner!.link).pathname + new URL(owner!.link).search;
    const token = new URL(owner!.link).searchParams.get("token")!;
    // No password until the link is used.
    expect((await post("/sign-in/email", { email: "boss@shop.pk", password: "" })).status).not.toBe(200);

    const page = await callRoute(setPassword.loader, { request: new Request(`${TEST_ORIGIN}${path}`), context });
    expect(page.link).toEqual({ state: "valid", email: "boss@shop.pk" });

    // The rule applies, beside the field, and the link still works afterwards.
    const weak = await callRoute(setPassword.action, {
      request: form("/set-password", { token, newPassword: "boss@shop.pk", confirmPassword: "boss@shop.pk" }),
      context,
    });
    expect(fieldError(weak.data, "newPassword")).toBe(PASSWORD_TOO_COMMON);
    const mismatch = await callRoute(setPassword.action, {
      request: form("/set-password", {
        token,
        newPassword: "lahore-rain-in-july",
        confirmPassword: "lahore-rain-in-june",
      }),
      context,
    });
    expect(fieldError(mismatch.data, "confirmPassword")).toBe("Passwords do not match");

    const done = await callRoute(setPassword.action, {
      request: form("/set-password", {
        token,
        newPassword: "lahore-rain-in-july",
        confirmPassword: "lahore-rain-in-july",
      }),
      context,
    });
    expectRedirect(done, "/seller-dashboard");
    expect(done.headers.getSetCookie().join("\n")).toMatch(/session_token=/);
    expect((await post("/sign-in/email", { email: "boss@shop.pk", password: "lahore-rain-in-july" })).status).toBe(200);

    // Used once, the link is dead.
    expect(
      (await callRoute(setPassword.loader, { request: new Request(`${TEST_ORIGIN}${path}`), context })).link,
    ).toEqual({ state: "unknown" });
    const again = await callRoute(setPassword.action, {
      request: form("/set-password", {
        token,
        newPassword: "another-long-password",
        confirmPassword: "another-long-password",
      }),
      context,
    });
    expect(again.init.status).toBe(400);
    expect((await post("/sign-in/email", { email: "boss@shop.pk", password: "another-long-password" })).status).toBe(
      401,
    );
  });

  it("says a link has expired after 24 hours, and sets nothing", async () => {
    const owner = await createOwnerAccount(auth, database.db, "late@shop.pk", "http://localhost:3000");
    const token = new URL(owner!.link).searchParams.get("token")!;
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(
          verifications.value,
          (await database.db.select({ id: users.id }).from(users).where(eq(users.email, "late@shop.pk")))[0].id,
        ),
      );
    expect(
      (
        await callRoute(setPassword.loader, {
          request: new Request(`${TEST_ORIGIN}/set-password?token=${token}`),
          context,
        })
      ).link,
    ).toEqual({ state: "expired", email: "late@shop.pk" });
    const refused = await callRoute(setPassword.action, {
      request: form("/set-password", {
        token,
        newPassword: "lahore-rain-in-july",
        confirmPassword: "lahore-rain-in-july",
      }),
      context,
    });
    expect(refused.data.link.state).toBe("expired");
    expect((await post("/sign-in/email", { email: "late@shop.pk", password: "lahore-rain-in-july" })).status).toBe(401);
  });

  it("lets a seller change their password from the dashboard: the rule beside the field, other sessions ended, the e-mail sent", async () => {
    await createSeller(auth, database.db, { email: "seller@shop.pk", password: "seller-first-password" });
    const laptop = await signInCookie(auth, "seller@shop.pk", "seller-first-password", "10.5.1.1");
    const phone = await signInCookie(auth, "seller@shop.pk", "seller-first-password", "10.5.1.2");
    const wrong = await callRoute(sellerPassword.action, {
      request: form(
        "/seller/password",
        {
          currentPassword: "not-my-password",
          newPassword: "seller-second-password",
          confirmPassword: "seller-second-password",
        },
        laptop,
      ),
      context,
    });
    expect(fieldError(wrong.data, "currentPassword")).toBe("Your current password is incorrect");
    expect(wrong.init?.status).toBe(400);
    const common = await callRoute(sellerPassword.action, {
      request: form(
        "/seller/password",
        { currentPassword: "seller-first-password", newPassword: "iloveyou2026", confirmPassword: "iloveyou2026" },
        laptop,
      ),
      context,
    });
    expect(fieldError(common.data, "newPassword")).toBe(PASSWORD_TOO_COMMON);
    expect(common.init?.status).toBe(400);

    const done = await callRoute(sellerPassword.action, {
      request: form(
        "/seller/password",
        {
          currentPassword: "seller-first-password",
          newPassword: "seller-second-password",
          confirmPassword: "seller-second-password",
        },
        laptop,
      ),
      context,
    });
    expectRedirect(done, "/seller/password");
    expect(
      await getSessionUser(auth, new Request(`${TEST_ORIGIN}/seller-dashboard`, { headers: { cookie: phone } })),
    ).toBeNull();
    expect((await post("/sign-in/email", { email: "seller@shop.pk", password: "seller-second-password" })).status).toBe(
      200,
    );
    const mail = await database.db.select().from(messageOutbox).where(eq(messageOutbox.toAddress, "seller@shop.pk"));
    expect(mail).toEqual([expect.objectContaining({ kind: "password_changed" })]);
    expect(JSON.stringify(mail[0].data)).toContain("/seller/password");
  });
});
