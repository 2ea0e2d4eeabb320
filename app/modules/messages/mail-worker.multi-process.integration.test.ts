import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox } from "~/schema";
import { useTestDatabase } from "../../../tests/factories/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";

const run = promisify(execFile);
const EMAILS = 200;

/**
 * The test: two server processes on one PostgreSQL send each of 200 queued e-mails
 * exactly once. Each process is a real Node process running the shop's mail worker; the mail
 * server answers slowly enough that both are busy at the same time.
 */
describe("the outbox with two server processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ delayMs: 10 });
  }, 300_000);
  afterAll(async () => {
    await smtp?.stop();
  });

  it("sends each of 200 queued e-mails exactly once, shared between both processes", async () => {
    await database.db.insert(messageOutbox).values(
      Array.from({ length: EMAILS }, (_, i) => ({
        kind: "password_changed" as const,
        toAddress: `buyer${i}@example.pk`,
        subject: `Message ${i}`,
        data: { name: `Buyer ${i}`, at: new Date().toISOString(), dashboardPath: "/buyer-dashboard" },
      })),
    );
    const env = {
      ...process.env,
      DATABASE_URL: database.url!,
      SMTP_URL: smtp.url,
      START_AT: String(Date.now() + 4000),
    };
    const worker = () => run("npx", ["tsx", "tests/fixtures/mail-worker-process.ts"], { env, timeout: 90_000 });
    const results = await Promise.all([worker(), worker()]);
    const sentBy = results.map((r) => (JSON.parse(r.stdout.trim().split("\n").at(-1)!) as { sent: number }).sent);

    expect(sentBy[0] + sentBy[1]).toBe(EMAILS);
    expect(sentBy.every((n) => n > 0)).toBe(true);
    expect(smtp.received).toHaveLength(EMAILS);
    const ids = smtp.received.map((m) => m.headers.get("x-shop-email-id"));
    expect(new Set(ids).size).toBe(EMAILS);
    const recipients = new Set(smtp.received.map((m) => m.to[0]));
    expect(recipients.size).toBe(EMAILS);
    const rows = await database.db
      .select({ status: messageOutbox.status, attempts: messageOutbox.attempts })
      .from(messageOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  }, 120_000);
});
