import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createWhatsappCloudSender,
  describeGraphError,
  isRetryable,
  templateRequestBody,
} from "./whatsapp-cloud.server";
import { startWhatsappStandIn, type WhatsappStandIn } from "./whatsapp-stand-in";

describe("the WhatsApp Cloud API client", () => {
  let meta: WhatsappStandIn;
  beforeAll(async () => {
    meta = await startWhatsappStandIn();
  });
  afterAll(async () => {
    await meta?.stop();
  });
  const message = (more: Partial<Parameters<ReturnType<typeof createWhatsappCloudSender>["send"]>[0]> = {}) => ({
    account: { phoneNumberId: meta.phoneNumberId, accessToken: meta.accessToken },
    to: "923001234567",
    template: "order_confirmation",
    language: "en",
    bodyParameters: ["Ayesha", "ORD-1"],
    buttonPayloads: ["confirm:ORD-1:x", "cancel:ORD-1:x"],
    ...more,
  });

  it("writes Meta's template message: body parameters as text, one quick_reply button per payload by index", () => {
    expect(
      templateRequestBody({
        to: "923001234567",
        template: "t",
        language: "ur",
        bodyParameters: ["a"],
        buttonPayloads: ["p0", "p1"],
      }),
    ).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "923001234567",
      type: "template",
      template: {
        name: "t",
        language: { code: "ur" },
        components: [
          { type: "body", parameters: [{ type: "text", text: "a" }] },
          { type: "button", sub_type: "quick_reply", index: "0", parameters: [{ type: "payload", payload: "p0" }] },
          { type: "button", sub_type: "quick_reply", index: "1", parameters: [{ type: "payload", payload: "p1" }] },
        ],
      },
    });
    expect(
      templateRequestBody({ to: "1", template: "t", language: "en", bodyParameters: [], buttonPayloads: [] }).template,
    ).toEqual({ name: "t", language: { code: "en" } });
  });

  it("answers Meta's message id, and a refusal in Meta's words with whether to retry", async () => {
    const sender = createWhatsappCloudSender({ baseUrl: meta.url, timeoutMs: 300 });
    const ok = await sender.send(message());
    expect(ok).toMatchObject({ accepted: true, messageId: expect.stringMatching(/^wamid\./) });

    const badToken = await sender.send(
      message({ account: { phoneNumberId: meta.phoneNumberId, accessToken: "EAAG-wrong-token-123456789" } }),
    );
    expect(badToken).toMatchObject({ accepted: false, permanent: true });
    expect(badToken.accepted === false && badToken.reason).toMatch(
      /^Meta answered 401: Invalid OAuth access token.*\[code 190\] fbtrace_id/,
    );
    expect(JSON.stringify(badToken)).not.toContain("EAAG-wrong-token");

    meta.failNext({ status: 502 });
    expect(await sender.send(message())).toMatchObject({ accepted: false, permanent: false });
    meta.failNext({ hang: true });
    expect(await sender.send(message())).toMatchObject({
      accepted: false,
      permanent: false,
      reason: "no answer from the WhatsApp API within 300 ms",
    });

    const unreachable = createWhatsappCloudSender({ baseUrl: "http://127.0.0.1:9/v21.0", timeoutMs: 2000 });
    const down = await unreachable.send(message());
    expect(down).toMatchObject({ accepted: false, permanent: false });
    expect(down.accepted === false && down.reason).toMatch(/could not be reached/);
  });

  it("retries 5xx, 429 and Meta's throttling codes; not other 4xx; never shows the token", () => {
    expect([
      isRetryable(500, 1),
      isRetryable(429, undefined),
      isRetryable(400, 130429),
      isRetryable(400, 80007),
    ]).toEqual([true, true, true, true]);
    expect([isRetryable(400, 131026), isRetryable(404, 132001), isRetryable(401, 190)]).toEqual([false, false, false]);
    expect(describeGraphError(400, { message: "token EAAG-secret-1234 invalid", code: 190 }, "EAAG-secret-1234")).toBe(
      "Meta answered 400: token [token] invalid [code 190]",
    );
  });
});
