import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buttonReplyWebhook,
  signWebhook,
  startWhatsappStandIn,
  statusWebhook,
  textMessageWebhook,
  type WhatsappStandIn,
} from "./whatsapp-stand-in";

/** The stand-in's webhooks are what part 2's endpoint reads: Meta's envelope, signed over the raw body. */
describe("the Graph API stand-in's webhooks", () => {
  let meta: WhatsappStandIn;
  let receiver: http.Server;
  let url = "";
  const got: { signature: string | undefined; raw: string }[] = [];
  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got.push({
          signature: req.headers["x-hub-signature-256"] as string | undefined,
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/whatsapp`;
  });
  afterAll(async () => {
    await meta?.stop();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("signs the raw body with the app secret as X-Hub-Signature-256: sha256=<hex>", async () => {
    const payload = buttonReplyWebhook(meta.phoneNumberId, {
      from: "923001234567",
      payload: "confirm:ORD-1:abcdefghijklmnop",
      text: "Confirm",
      contextWamid: "wamid.X",
    });
    expect((await meta.postWebhook(url, payload)).status).toBe(200);
    const [first] = got;
    expect(first.signature).toBe(`sha256=${createHmac("sha256", meta.appSecret).update(first.raw).digest("hex")}`);
    expect(signWebhook(first.raw, meta.appSecret)).toBe(first.signature);
    const body = JSON.parse(first.raw);
    expect(body).toMatchObject({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: meta.phoneNumberId },
                contacts: [{ wa_id: "923001234567" }],
                messages: [
                  {
                    from: "923001234567",
                    type: "button",
                    button: { payload: "confirm:ORD-1:abcdefghijklmnop", text: "Confirm" },
                    context: { id: "wamid.X" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it("sends statuses and text messages, and an unsigned or wrongly signed delivery on demand", async () => {
    await meta.postWebhook(
      url,
      statusWebhook(meta.phoneNumberId, {
        wamid: "wamid.Y",
        status: "failed",
        recipient: "923001234567",
        error: { code: 131026, title: "Message undeliverable" },
      }),
    );
    await meta.postWebhook(
      url,
      textMessageWebhook(meta.phoneNumberId, { from: "923001234567", body: "Is it available in red?" }),
      { signature: null },
    );
    await meta.postWebhook(url, textMessageWebhook(meta.phoneNumberId, { from: "923001234567", body: "hi" }), {
      appSecret: "not-the-app-secret",
    });
    const [status, unsigned, wrong] = got.slice(-3);
    expect(JSON.parse(status.raw).entry[0].changes[0].value.statuses[0]).toMatchObject({
      id: "wamid.Y",
      status: "failed",
      errors: [{ code: 131026 }],
    });
    expect(unsigned.signature).toBeUndefined();
    expect(wrong.signature).not.toBe(signWebhook(wrong.raw, meta.appSecret));
  });
});
