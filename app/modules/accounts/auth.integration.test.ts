import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/schema";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import type { Auth } from "./auth.server";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "./create-seller.server";
import { getSessionUser } from "./session-user.server";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";

const ORIGIN = "http://shop.test";

describe.each(DATABASE_KINDS)("accounts with better-auth on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  let auth: Auth;
  beforeAll(async () => {
    const secret = TEST_AUTH_SECRET;
    auth = createShopAuth({
      db: database.db,
      env: {
        PUBLIC_URL: undefined,
        GOOGLE_CLIENT_ID: undefined,
        GOOGLE_CLIENT_SECRET: undefined,
        SIGN_IN_RATE_LIMIT: 3,
      },
      secret,
    });
  }, 120_000);

  const post = (path: string, body: unknown, ip = "10.0.0.1", cookie?: string) =>
    auth.handler(
      new Request(`${ORIGIN}/api/auth${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: ORIGIN,
          [CLIENT_IP_HEADER]: ip,
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

  it("registers a buyer (whatever role the request asks for) and signs them in with an HttpOnly, SameSite=Lax cookie", async () => {
    const response = await post(
      "/sign-up/email",
      { name: "Sana", email: "sana@example.pk", password: "longpassword", role: "seller" },
      "10.0.0.2",
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const user = await getSessionUser(auth, new Request(ORIGIN, { headers: { cookie: cookieOf(response) } }));
    expect(user).toMatchObject({ name: "Sana", email: "sana@example.pk", role: "buyer" });
  });

  it("refuses a password under 12 characters and a second account on the same e-mail", async () => {
    expect(
      (
        await (
          await post("/sign-up/email", { name: "A", email: "short@example.pk", password: "short-pass1" }, "10.0.0.3")
        ).json()
      ).code,
    ).toBe("PASSWORD_TOO_SHORT");
    const again = await post(
      "/sign-up/email",
      { name: "Sana", email: "sana@example.pk", password: "longpassword" },
      "10.0.0.3",
    );
    expect(again.status).toBe(422);
  });

  it("limits sign-in attempts per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await post("/sign-in/email", { email: "sana@example.pk", password: "wrong-password" }, "10.0.0.9")).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is not held back by the first one's attempts.
    expect(
      (await post("/sign-in/email", { email: "sana@example.pk", password: "longpassword" }, "10.0.0.10")).status,
    ).toBe(200);
  });

  it("refuses to sign in a disabled account", async () => {
    await post("/sign-up/email", { name: "Imran", email: "imran@example.pk", password: "longpassword" }, "10.0.0.12");
    await database.db.update(users).set({ disabled: true }).where(eq(users.email, "imran@example.pk"));
    const response = await post("/sign-in/email", { email: "imran@example.pk", password: "longpassword" }, "10.0.0.12");
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("ACCOUNT_DISABLED");
  });

  it("creates a seller who can sign in, and promotes an existing buyer only when asked, with a new password", async () => {
    expect(
      await createSeller(auth, database.db, { email: "Owner@Shop.pk", password: "owner-password", name: "Owner" }),
    ).toMatchObject({ created: true });
    const signIn = await post("/sign-in/email", { email: "owner@shop.pk", password: "owner-password" }, "10.0.0.13");
    expect(signIn.status).toBe(200);
    expect(await getSessionUser(auth, new Request(ORIGIN, { headers: { cookie: cookieOf(signIn) } }))).toMatchObject({
      role: "seller",
    });

    await expect(
      createSeller(auth, database.db, { email: "sana@example.pk", password: "promoted-password" }),
    ).rejects.toThrow(/--promote/);
    expect(
      await createSeller(auth, database.db, { email: "sana@example.pk", password: "promoted-password", promote: true }),
    ).toMatchObject({ created: false });
    expect(
      (await post("/sign-in/email", { email: "sana@example.pk", password: "longpassword" }, "10.0.0.14")).status,
    ).toBe(401);
    expect(
      (await post("/sign-in/email", { email: "sana@example.pk", password: "promoted-password" }, "10.0.0.14")).status,
    ).toBe(200);
    const [sana] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, "sana@example.pk"));
    expect(sana.role).toBe("seller");
  });

  it("changes a password only with the current one", async () => {
    const signUp = await post(
      "/sign-up/email",
      { name: "Hina", email: "hina@example.pk", password: "first-password" },
      "10.0.0.20",
    );
    const cookie = cookieOf(signUp);
    const wrong = await post(
      "/change-password",
      { currentPassword: "not-my-password", newPassword: "second-password" },
      "10.0.0.20",
      cookie,
    );
    expect(wrong.status).toBe(400);
    const right = await post(
      "/change-password",
      { currentPassword: "first-password", newPassword: "second-password", revokeOtherSessions: true },
      "10.0.0.20",
      cookie,
    );
    expect(right.status).toBe(200);
    expect(
      (await post("/sign-in/email", { email: "hina@example.pk", password: "second-password" }, "10.0.0.21")).status,
    ).toBe(200);
  });

  it("deletes an account only with its password, keeping its orders for the shop without the person", async () => {
    const signUp = await post(
      "/sign-up/email",
      { name: "Zara", email: "zara@example.pk", password: "zara-password" },
      "10.0.0.30",
    );
    const cookie = cookieOf(signUp);
    const me = (await getSessionUser(auth, new Request(ORIGIN, { headers: { cookie } })))!;
    const now = new Date();
    await database.db.insert(orders).values({
      orderNumber: "ORD-424242",
      userId: me.id,
      subtotal: 1299,
      shippingFee: 200,
      total: 1499,
      fullName: "Zara Ali",
      email: "zara@example.pk",
      phone: "+923001234567",
      address: "House 9, Block B",
      city: "Lahore",
      deliveryFrom: now,
      deliveryTo: now,
    });
    expect((await post("/delete-user", { password: "wrong-password" }, "10.0.0.30", cookie)).status).toBe(400);
    expect((await post("/delete-user", { password: "zara-password" }, "10.0.0.30", cookie)).status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.id, me.id))).toEqual([]);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, "ORD-424242"));
    // Not shipped yet: cancelled (orders/release-customer-orders tests the stock and the shipped case), and anonymised.
    expect(order).toMatchObject({
      userId: null,
      fullName: "Deleted customer",
      email: "",
      phone: "",
      address: "",
      city: "Lahore",
      total: 1499,
      status: "cancelled",
    });
  });
});
