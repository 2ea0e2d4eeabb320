import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { type FormReply, keptValue } from "~/lib/form-reply";
import { messageOutbox, orders } from "~/schema";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { deleteWhatsappSettings, saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import * as apiOrders from "~/routes/api/orders";
import * as checkout from "~/routes/storefront/checkout";
import { callRoute, routeContext, TEST_ORIGIN } from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { TEST_ITEM } from "../../../tests/factories/test-orders";

/**
 * The buyer's side of issue 32: with WhatsApp set up, the checkout says so and takes the opt-out box
 * as a plain form field (no JavaScript), and POST /api/orders takes `whatsappOptOut`; an opted-out
 * order gets no WhatsApp message, the others get their confirmation queued with the order.
 */
describe.each(DATABASE_KINDS)("checkout and POST /api/orders with WhatsApp set up, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let context: AppLoadContext;
  let cookie: string;
  const checkoutUrl = `${TEST_ORIGIN}/checkout?product=${TEST_ITEM.productId}&color=${TEST_ITEM.color}&size=${TEST_ITEM.size}&quantity=1`;
  const shipping = {
    fullName: "Ayesha Khan",
    email: "ayesha@example.pk",
    phone: "0300 7654321",
    city: "Karachi",
    address: "House 12, DHA",
  };
  const whatsappRows = (orderId: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.channel, "whatsapp")));
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

  beforeAll(async () => {
    const made = await routeContext(db());
    context = made.context;
    const signUp = await made.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.1" },
        body: JSON.stringify({
          name: "WhatsApp Buyer",
          email: `wa-checkout-${kind}@example.pk`,
          password: "violet-kettle-monsoon-77",
        }),
      }),
    );
    expect(signUp.status).toBe(200);
    cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    await saveWhatsappSettings(db(), context.secretBoxes["whatsapp-settings"], {
      phoneNumberId: "1234567890",
      accessToken: "EAAG-checkout-token-0000",
      appSecret: "checkout-app-secret-00",
      verifyToken: "checkout-verify-token",
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "en",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
  }, 300_000);

  const submit = (fields: Record<string, string>) =>
    callRoute(checkout.action, {
      context,
      request: new Request(checkoutUrl, {
        method: "POST",
        headers: { cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.7.0.1" },
        body: new URLSearchParams({ ...shipping, intent: "checkout", ...fields }),
      }),
    });
  const post = (key: string, body: Record<string, unknown>) =>
    callRoute(apiOrders.action, {
      context,
      request: new Request(`${TEST_ORIGIN}/api/orders`, {
        method: "POST",
        headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify({ items: [{ ...TEST_ITEM, quantity: 1 }], shipping, paymentMethod: "cod", ...body }),
      }),
    }) as Promise<Response>;

  it("says the order will be confirmed on WhatsApp, and the form's box opts out (plain form, no JavaScript)", async () => {
    const page = (await callRoute(checkout.loader, {
      context,
      request: new Request(checkoutUrl, { headers: { cookie } }),
    })) as { data: { whatsapp: boolean } };
    expect(page.data.whatsapp).toBe(true);

    const asked = (await submit({ idempotencyKey: "wa-page-1" })) as Response;
    expect(asked.status).toBe(302);
    const askedId = asked.headers.get("location")!.replace("/orders/", "");
    expect(await orderRow(askedId)).toMatchObject({ whatsappOptOut: false, whatsappStatus: "queued" });
    expect((await whatsappRows(askedId)).map((r) => [r.kind, r.toAddress])).toEqual([
      ["whatsapp_confirmation", "923007654321"],
    ]);

    const optedOut = (await submit({ idempotencyKey: "wa-page-2", whatsappOptOut: "on" })) as Response;
    expect(optedOut.status).toBe(302);
    const optedOutId = optedOut.headers.get("location")!.replace("/orders/", "");
    expect(await orderRow(optedOutId)).toMatchObject({ whatsappOptOut: true, whatsappStatus: null });
    expect(await whatsappRows(optedOutId)).toHaveLength(0);

    // A refused Place Order gives the box back as the buyer left it.
    const refused = (await submit({ idempotencyKey: "wa-page-3", whatsappOptOut: "on", phone: "12" })) as {
      data: FormReply;
    };
    expect(keptValue(refused.data, "whatsappOptOut")).toBe("on");
  });

  it("POST /api/orders takes whatsappOptOut (boolean, default false)", async () => {
    const bad = await post("wa-api-bad", { whatsappOptOut: "yes" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      code: "VALIDATION",
      fields: { whatsappOptOut: "whatsappOptOut must be true or false" },
    });
    const out = await post("wa-api-out", { whatsappOptOut: true });
    expect(out.status).toBe(201);
    const outId = (await out.json()).data.orderId as string;
    expect(await orderRow(outId)).toMatchObject({ whatsappOptOut: true, whatsappStatus: null });
    expect(await whatsappRows(outId)).toHaveLength(0);
    const plain = await post("wa-api-plain", {});
    const plainId = (await plain.json()).data.orderId as string;
    expect(await whatsappRows(plainId)).toHaveLength(1);
  });

  it("without WhatsApp set up, the checkout says nothing about it and nothing is queued", async () => {
    await deleteWhatsappSettings(db());
    const page = (await callRoute(checkout.loader, {
      context,
      request: new Request(checkoutUrl, { headers: { cookie } }),
    })) as { data: { whatsapp: boolean } };
    expect(page.data.whatsapp).toBe(false);
    const placed = await post("wa-api-off", {});
    expect(await whatsappRows((await placed.json()).data.orderId as string)).toHaveLength(0);
  });
});
