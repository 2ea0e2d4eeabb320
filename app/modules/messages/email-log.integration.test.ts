import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageOutbox } from "~/schema";
import type { EmailStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { countWaiting } from "~/modules/seller/count-waiting.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import type { EmailMessage } from "./email-messages";
import { describeEmailStatus, EMAIL_LOG_PAGE_SIZE } from "./email-log-query";
import { clearEmailLog, countEmailsByStatus, getEmailLogEntry, listEmailLog, resendEmail } from "./email-log.server";
import { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";
import { drainOutbox } from "./mail-worker.server";
import { queueEmails } from "./queue-email.server";

const OPTIONS = { publicUrl: "https://kapra.test", from: "Kapra <orders@kapra.test>" };
const ALL = { status: null, q: "", page: 1 } as const;

const notice = (to: string, orderNumber?: string): EmailMessage => ({
  kind: "password_changed",
  to,
  orderNumber,
  data: { name: "Ayesha", at: "2026-11-23T10:00:00.000Z", dashboardPath: "/buyer-dashboard" },
});

describe.each(DATABASE_KINDS)("the e-mail log on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let smtp: TestSmtpServer;
  const db = () => database.db;
  const rows = () => db().select().from(messageOutbox).orderBy(messageOutbox.id);
  /** Queues e-mails and gives them the statuses asked for, in order. */
  const make = async (
    specs: { to: string; status?: EmailStatus; orderNumber?: string; attempts?: number; lastError?: string }[],
  ) => {
    await queueEmails(
      db(),
      specs.map((s) => notice(s.to, s.orderNumber)),
    );
    const made = (await rows()).slice(-specs.length);
    for (const [i, s] of specs.entries()) {
      if (s.status || s.attempts) {
        await db()
          .update(messageOutbox)
          .set({ status: s.status ?? "queued", attempts: s.attempts ?? 0, lastError: s.lastError ?? null })
          .where(eq(messageOutbox.id, made[i].id));
      }
    }
    return made.map((r) => r.id);
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  }, 300_000);
  afterAll(async () => {
    await smtp?.stop();
  });
  beforeEach(async () => {
    await db().delete(messageOutbox);
  });

  it("lists newest first, a page at a time, with counts per status, a status filter and a search by recipient or order number", async () => {
    const ids = await make(
      Array.from({ length: EMAIL_LOG_PAGE_SIZE + 5 }, (_, i) => ({
        to: i === 3 ? "Ayesha.Khan@Example.pk" : `buyer${i}@example.pk`,
        orderNumber: i === 7 ? "ORD-123456" : undefined,
        status: (i % 5 === 0 ? "failed" : i % 5 === 1 ? "not_configured" : "sent") as EmailStatus,
      })),
    );

    const first = await listEmailLog(db(), ALL);
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.entries.map((e) => e.id)).toEqual([...ids].reverse().slice(0, EMAIL_LOG_PAGE_SIZE));
    expect(first.counts).toEqual({ all: 25, queued: 0, sending: 0, sent: 15, failed: 5, not_configured: 5 });
    const second = await listEmailLog(db(), { ...ALL, page: 2 });
    expect(second.entries.map((e) => e.id)).toEqual([...ids].reverse().slice(EMAIL_LOG_PAGE_SIZE));
    // A page past the end shows the last page.
    expect((await listEmailLog(db(), { ...ALL, page: 99 })).page).toBe(2);

    const failed = await listEmailLog(db(), { ...ALL, status: "failed" });
    expect(failed.total).toBe(5);
    expect(failed.entries.every((e) => e.status === "failed")).toBe(true);
    // The counts are of the whole log, whatever the filter.
    expect(failed.counts.all).toBe(25);

    for (const q of ["ORD-123456", "ord 123456", "123456"]) {
      expect(
        (await listEmailLog(db(), { ...ALL, q })).entries.map((e) => e.id),
        q,
      ).toEqual([ids[7]]);
    }
    expect((await listEmailLog(db(), { ...ALL, q: "ayesha.khan@example" })).entries.map((e) => e.toAddress)).toEqual([
      "Ayesha.Khan@Example.pk",
    ]);
    expect((await listEmailLog(db(), { ...ALL, q: "example.pk", status: "not_configured" })).total).toBe(5);
    // A wildcard typed by the owner is searched for as itself.
    expect((await listEmailLog(db(), { ...ALL, q: "%" })).total).toBe(0);
    expect((await listEmailLog(db(), { ...ALL, q: "buyer_" })).total).toBe(0);
  });

  it("opens an entry: one not yet sent is rendered on the fly and not saved; a sent one shows what went out", async () => {
    const [id] = await make([{ to: "ayesha@example.pk" }]);
    const preview = await getEmailLogEntry(db(), id, { ...OPTIONS, from: null });
    expect(preview).toMatchObject({
      id,
      toAddress: "ayesha@example.pk",
      subject: "Your Kapra password was changed",
      preview: true,
      fromAddress: expect.stringContaining("Kapra"),
      resentAs: [],
    });
    expect(preview?.html).toContain("<html");
    expect(preview?.text).toMatch(/password/i);
    expect((await rows())[0]).toMatchObject({ html: null, text: null, fromAddress: null, status: "queued" });

    const sender = createSmtpSender(smtp.url);
    await drainOutbox(db(), { senders: { email: sender }, ...OPTIONS });
    await sender.close();
    const sent = await getEmailLogEntry(db(), id, OPTIONS);
    const [row] = await rows();
    expect(sent).toMatchObject({
      status: "sent",
      preview: false,
      fromAddress: "Kapra <orders@kapra.test>",
      html: row.html,
      text: row.text,
    });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(await getEmailLogEntry(db(), id + 1000, OPTIONS)).toBeNull();
  });

  it("resends an entry as a new queued e-mail pointing at it, to the same or a corrected address, and it goes out", async () => {
    const [failedId] = await make([
      {
        to: "ayesha@exmaple.pk",
        orderNumber: "ORD-654321",
        status: "failed",
        attempts: 1,
        lastError: "550 no such user",
      },
    ]);
    expect((await countWaiting(db())).failedEmails).toBe(1);

    const again = await resendEmail(db(), failedId);
    const corrected = await resendEmail(db(), failedId, " ayesha@example.pk ");
    const [original, copy, fixed] = await rows();
    expect(original).toMatchObject({ id: failedId, status: "failed", toAddress: "ayesha@exmaple.pk" });
    for (const [row, to, id] of [
      [copy, "ayesha@exmaple.pk", again],
      [fixed, "ayesha@example.pk", corrected],
    ] as const) {
      expect(row).toMatchObject({
        id,
        status: "queued",
        attempts: 0,
        lastError: null,
        html: null,
        toAddress: to,
        resentFrom: failedId,
        kind: original.kind,
        subject: original.subject,
        data: original.data,
        orderNumber: "ORD-654321",
      });
    }
    expect((await getEmailLogEntry(db(), failedId, OPTIONS))?.resentAs).toEqual([again, corrected]);
    // Resent: it no longer needs the owner's attention.
    expect((await countWaiting(db())).failedEmails).toBe(0);

    const sender = createSmtpSender(smtp.url);
    await drainOutbox(db(), { senders: { email: sender }, ...OPTIONS });
    await sender.close();
    const [arrived] = await smtp.waitFor((m) => m.to.includes("ayesha@example.pk") && m.subject === original.subject);
    expect(arrived.text).toMatch(/password/i);
    expect((await db().select().from(messageOutbox).where(eq(messageOutbox.id, corrected)))[0].status).toBe("sent");
  });

  it("shows a refusal by the mail server as failed, with its reason and the tries, and a resend to a corrected address goes out", async () => {
    smtp.refuse("nobody@example.pk");
    const [id] = await make([{ to: "nobody@example.pk" }]);
    const sender = createSmtpSender(smtp.url);
    await drainOutbox(db(), { senders: { email: sender }, ...OPTIONS });
    const failed = await getEmailLogEntry(db(), id, OPTIONS);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, preview: false });
    const words = describeEmailStatus(failed!);
    expect(words.short).toBe("Failed");
    expect(words.detail).toMatch(/^5\d\d .+ \(1 attempt\)$/);
    expect((await listEmailLog(db(), { ...ALL, status: "failed" })).entries.map((e) => e.id)).toEqual([id]);

    const fixed = await resendEmail(db(), id, "somebody@example.pk");
    await drainOutbox(db(), { senders: { email: sender }, ...OPTIONS });
    await sender.close();
    await smtp.waitFor((m) => m.to.includes("somebody@example.pk"));
    expect((await getEmailLogEntry(db(), fixed, OPTIONS))?.status).toBe("sent");
  });

  it("refuses a bad corrected address or an entry that is gone, and changes nothing", async () => {
    const [id] = await make([{ to: "ayesha@example.pk", status: "failed" }]);
    for (const to of ["not-an-address", "ayesha@", "a b@example.pk"]) {
      const refused = await resendEmail(db(), id, to).catch((e: unknown) => e);
      expect(refused, to).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "VALIDATION", fields: { to: "Please enter a valid e-mail address" } });
    }
    await expect(resendEmail(db(), id + 1000)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await rows()).toHaveLength(1);
  });

  it("clears every entry but the e-mails still waiting to be sent", async () => {
    const ids = await make([
      { to: "a@example.pk", status: "sent" },
      { to: "b@example.pk", status: "failed" },
      { to: "c@example.pk", status: "not_configured" },
      { to: "d@example.pk" },
      { to: "e@example.pk", status: "sending" },
      { to: "f@example.pk", attempts: 2, lastError: "421 try later" },
    ]);
    expect(await clearEmailLog(db())).toEqual({ cleared: 3, kept: 3 });
    expect((await rows()).map((r) => r.id)).toEqual(ids.slice(3));
    expect(await countEmailsByStatus(db())).toEqual({
      all: 3,
      queued: 2,
      sending: 1,
      sent: 0,
      failed: 0,
      not_configured: 0,
    });
    expect(await clearEmailLog(db())).toEqual({ cleared: 0, kept: 3 });
    await db().delete(messageOutbox).where(inArray(messageOutbox.id, ids));
    expect(await clearEmailLog(db())).toEqual({ cleared: 0, kept: 0 });
  });
});
