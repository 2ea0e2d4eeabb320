import { beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { type FormReply, formError, keptValues } from "~/lib/form-reply";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { contactForm } from "../../../tests/factories/contact-form";
import { callRoute, routeContext, TEST_ORIGIN } from "../../../tests/factories/route-calls";
import * as apiOrders from "../api/orders";
import * as checkout from "./checkout";
import * as contact from "./contact";
import * as track from "./track";

// The suite scales every limit up (vitest.config.ts); these tests check the shop's real numbers.
process.env.ABUSE_LIMITS_SCALE = "1";

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };

describe.each(DATABASE_KINDS)("abuse limits on the pages, %s", (kind) => {
  const database = useTestDatabase(kind);
  let context: AppLoadContext;
  let auth: Awaited<ReturnType<typeof routeContext>>["auth"];
  beforeAll(async () => {
    ({ context, auth } = await routeContext(database.db));
  }, 300_000);

  const post = (path: string, fields: Record<string, string>, ip: string) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: ip },
      body: new URLSearchParams(fields),
    });

  it("/track answers the 31st lookup from one address with 429, Retry-After and the message beside the form, values kept", async () => {
    const values = { orderNumber: "ORD-123456", phone: "0300 1234567" };
    for (let i = 0; i < 30; i++) {
      const result = (await callRoute(track.action, {
        request: post("/track", { ...values, phone: `0300 12345${10 + i}` }, "198.51.100.20"),
        context,
      })) as DataResult;
      expect(result.init?.status).toBe(404);
    }
    const refused = (await callRoute(track.action, {
      request: post("/track", values, "198.51.100.20"),
      context,
    })) as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(Number(new Headers(refused.init?.headers).get("Retry-After"))).toBeGreaterThan(590);
    expect(formError(refused.data as FormReply)).toBe(
      "Too many tracking attempts. Please wait 10 minutes and try again.",
    );
    expect(keptValues(refused.data as FormReply)).toEqual(values);
    expect(refused.data).not.toHaveProperty("order");
    // The client address is the one server/app.ts wrote, not X-Forwarded-For: another address is fine.
    const other = (await callRoute(track.action, {
      request: post("/track", values, "198.51.100.21"),
      context,
    })) as DataResult;
    expect(other.init?.status).toBe(404);
  });

  it("the contact page answers the 11th message from one address in an hour with 429 and Retry-After", async () => {
    const fields = { name: "Sana", email: "sana@example.pk", subject: "Hello", message: "A question" };
    for (let i = 0; i < 10; i++) {
      const sent = (await callRoute(contact.action, {
        request: post("/contact", await contactForm(database.db, fields), "198.51.100.30"),
        context,
      })) as DataResult;
      expect(sent.data).toEqual({ ok: true });
    }
    const refused = (await callRoute(contact.action, {
      request: post("/contact", await contactForm(database.db, fields), "198.51.100.30"),
      context,
    })) as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(formError(refused.data as FormReply)).toBe(
      "You have sent several messages in a short time. Please wait 60 minutes and try again.",
    );
    expect(keptValues(refused.data as FormReply)).toMatchObject(fields);
  });

  it("the 11th open order of an account: the API answers 409 ORDER_LIMIT_REACHED, the checkout page says why with the values kept", async () => {
    const signUp = await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.4.0.1" },
        body: JSON.stringify({
          name: "Script Kiddie",
          email: `cap-${kind}@example.pk`,
          password: "violet-kettle-monsoon-77",
        }),
      }),
    );
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const shipping = {
      fullName: "Ayesha Khan",
      email: "ayesha@example.pk",
      phone: "0300 7770001",
      city: "Karachi",
      address: "House 12, DHA",
    };
    const order = (key: string) =>
      callRoute(apiOrders.action, {
        context,
        request: new Request(`${TEST_ORIGIN}/api/orders`, {
          method: "POST",
          headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json", "Idempotency-Key": key },
          body: JSON.stringify({
            items: [{ productId: "essential-crew-neck-tee", color: "White", size: "M", quantity: 1 }],
            shipping,
            paymentMethod: "cod",
          }),
        }),
      }) as Promise<Response>;
    for (let i = 0; i < 10; i++) expect((await order(`cap-${i}`)).status).toBe(201);
    const refused = await order("cap-over");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "ORDER_LIMIT_REACHED",
        message:
          "You already have 10 orders on the way. Please wait until one is delivered (or cancel one) before placing another.",
        fields: {
          items:
            "You already have 10 orders on the way. Please wait until one is delivered (or cancel one) before placing another.",
        },
      },
    });

    const page = (await callRoute(checkout.action, {
      context,
      request: new Request(`${TEST_ORIGIN}/checkout?product=essential-crew-neck-tee&color=White&size=M&quantity=1`, {
        method: "POST",
        headers: { cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.4.0.1" },
        body: new URLSearchParams({ ...shipping, paymentMethod: "cod", idempotencyKey: "cap-page" }),
      }),
    })) as DataResult;
    expect(page.init?.status).toBe(409);
    expect(formError(page.data as FormReply)).toContain("You already have 10 orders on the way");
    expect(keptValues(page.data as FormReply)).toMatchObject({ fullName: "Ayesha Khan", phone: "0300 7770001" });
  });
});
