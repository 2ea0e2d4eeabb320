import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import { emailSubject, type TestEmailData } from "./email-messages";
import { deliverMessage, loadEmailShop } from "./mail-worker.server";
import type { EmailSender } from "./message-sender";
import { queueEmails } from "./queue-email.server";
import { staffNoticeRecipients } from "./staff-recipients.server";

/** `sent`: every recipient's mail server took it. Not `ok`: a test that was not sent still wrote to Email Logs, it was not refused. */
export type TestEmailResult = { sent: boolean; message: string; recipients: string[] };

/** How long the test e-mail's claim lasts: the mail worker leaves it alone while this request sends it. */
const CLAIM_MS = 2 * 60_000;

/**
 * The Settings page's "Send test e-mail": one e-mail to each saved notification recipient (every
 * seller when none are listed), written to the outbox like every other, so it shows in Email Logs.
 *
 * With a mail server (`sender`, the e-mail channel's), this request sends it at once, through it, and
 * reports the mail server's own answer: the owner sees a wrong SMTP_URL, a refused sender or a
 * refused mailbox now, not hours later. A test is tried once, never retried (it would arrive late
 * and alone). Without one, it is queued and kept in Email Logs, not sent, and the message says so.
 */
export async function sendTestEmail(
  db: Db,
  {
    sender,
    from,
    publicUrl,
    requestedBy,
    now = new Date(),
  }: { sender: EmailSender | null; from: string | null; publicUrl: string; requestedBy: string; now?: Date },
): Promise<TestEmailResult> {
  const recipients = await staffNoticeRecipients(db);
  if (recipients.length === 0)
    return {
      sent: false,
      recipients,
      message: "There is no one to send it to: add an address to the notification recipients and save.",
    };
  const shop = await loadEmailShop(db, publicUrl);
  const data: TestEmailData = { requestedBy, recipients, at: now.toISOString(), settingsPath: "/seller/settings" };

  if (!sender) {
    await queueEmails(
      db,
      recipients.map((to) => ({ kind: "test_email" as const, to, data })),
      shop.name,
    );
    return {
      sent: false,
      recipients,
      message: `No mail server is configured (SMTP_URL is not set), so nothing was sent: the test e-mail to ${recipients.join(", ")} is kept in Email Logs.`,
    };
  }

  // Claimed by this request from the start (status "sending"): the mail worker does not send it too.
  const rows = await db
    .insert(messageOutbox)
    .values(
      recipients.map((to) => ({
        kind: "test_email" as const,
        toAddress: to,
        subject: emailSubject("test_email", data, shop.name),
        data,
        status: "sending" as const,
        claimedUntil: new Date(now.getTime() + CLAIM_MS),
      })),
    )
    .returning();
  const options = { senders: { email: sender }, from, publicUrl, maxAttempts: 1 };
  for (const row of rows.sort((a, b) => a.id - b.id)) await deliverMessage(db, row, shop, options);

  const outcome = await db
    .select({ to: messageOutbox.toAddress, status: messageOutbox.status, lastError: messageOutbox.lastError })
    .from(messageOutbox)
    .where(
      inArray(
        messageOutbox.id,
        rows.map((r) => r.id),
      ),
    );
  const sent = recipients.filter((to) => outcome.some((o) => o.to === to && o.status === "sent"));
  const failed = outcome.filter((o) => o.status !== "sent");
  if (failed.length === 0) return { sent: true, recipients, message: `Test e-mail sent to ${sent.join(", ")}` };
  const problems = failed.map((f) => `to ${f.to}: ${f.lastError ?? "not sent"}`).join("; ");
  return {
    sent: false,
    recipients,
    message: `The mail server did not take the test e-mail ${problems}.${sent.length ? ` It was sent to ${sent.join(", ")}.` : ""}`,
  };
}
