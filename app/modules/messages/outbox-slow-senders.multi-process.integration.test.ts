import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { startTestSmtpServer, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import { startWhatsappStandIn, type WhatsappStandIn } from "~/integrations/messaging/whatsapp-stand-in";
import { useTestDatabase } from "../../../tests/factories/test-database";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import { queueWhatsapp } from "./whatsapp-delivery.server";
import { saveWhatsappSettings } from "./whatsapp-settings.server";

const run = promisify(execFile);
/** Meta and the mail server answer each message just inside the WhatsApp client's 10 s timeout. */
const SLOW_MS = 9_000;
/** A lease shorter than two slow sends: claimed messages behind a slow one lapse while they wait. */
const CLAIM_MS = 12_000;

/**
 * Issue 40: two server processes on one PostgreSQL, each the shop's own mail worker claiming as many
 * as 20 messages (the old batch) with a 12-second lease, while Meta (the WhatsApp stand-in) and the
 * mail server (the SMTP stand-in) take 9 s to answer each. The messages claimed behind a slow send
 * lapse and the other process takes them over; the process that claimed them first must see that
 * before it sends, so each WhatsApp message and each e-mail reaches its receiver exactly once.
 */
describe("the outbox with slow senders and two server processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  let meta: WhatsappStandIn;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    [meta, smtp] = await Promise.all([
      startWhatsappStandIn({ delayMs: SLOW_MS }),
      startTestSmtpServer({ delayMs: SLOW_MS }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([meta?.stop(), smtp?.stop()]);
  });

  it("sends each WhatsApp message and each e-mail once when Meta and the mail server answer near the timeout", async () => {
    await saveWhatsappSettings(database.db, createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings"), {
      phoneNumberId: meta.phoneNumberId,
      accessToken: meta.accessToken,
      appSecret: meta.appSecret,
      verifyToken: "slow-verify-token",
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "en",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
    // WhatsApp and e-mail in turn, in the order they are sent.
    for (let i = 0; i < 2; i++) {
      const orderNumber = `ORD-40000${i}`;
      await queueWhatsapp(
        database.db,
        {
          kind: "whatsapp_shipped",
          to: `0321000000${i}`,
          orderNumber,
          data: { orderNumber, courierName: "Leopards", trackingUrl: "https://leopards.example/track" },
        },
        { wake: false },
      );
      await database.db.insert(messageOutbox).values({
        kind: "password_changed",
        toAddress: `slow${i}@example.pk`,
        subject: `Slow ${i}`,
        data: { name: `Buyer ${i}`, at: new Date().toISOString(), dashboardPath: "/buyer-dashboard" },
      });
    }
    const env = {
      ...process.env,
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      WHATSAPP_API_URL: meta.url,
      CLAIM_MS: String(CLAIM_MS),
      BATCH_SIZE: "20",
      START_AT: String(Date.now() + 4000),
    };
    const worker = () =>
      run("npx", ["tsx", "tests/fixtures/slow-senders-worker-process.ts"], { env, timeout: 100_000 });
    const results = await Promise.all([worker(), worker()]);
    const sentBy = results.map(
      (r) => (JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { sent: { email: number; whatsapp: number } }).sent,
    );

    expect(meta.received.map((m) => m.to).sort()).toEqual(["923210000000", "923210000001"]);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["slow0@example.pk", "slow1@example.pk"]);
    expect(sentBy.reduce((n, s) => n + s.whatsapp, 0)).toBe(2);
    expect(sentBy.reduce((n, s) => n + s.email, 0)).toBe(2);
    const rows = await database.db
      .select({
        status: messageOutbox.status,
        attempts: messageOutbox.attempts,
        claimedUntil: messageOutbox.claimedUntil,
      })
      .from(messageOutbox);
    expect(rows).toEqual(Array.from({ length: 4 }, () => ({ status: "sent", attempts: 1, claimedUntil: null })));
  }, 120_000);
});
