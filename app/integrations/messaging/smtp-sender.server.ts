import nodemailer from "nodemailer";
import type { EmailSender, SendOutcome } from "~/modules/messages/message-sender";
import { failureReason } from "~/modules/messages/retry-policy";

/**
 * The e-mail channel over SMTP (nodemailer): a pooled connection to SMTP_URL (smtp:// upgrades
 * with STARTTLS when offered, smtps:// is TLS from the start). Timeouts are short so a stuck mail
 * server never holds an e-mail's claim for long: it is retried instead. Made once at start
 * (providers.server.ts) and shared by the mail worker and the Settings page's test e-mail.
 */
export function createSmtpSender(smtpUrl: string): EmailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message): Promise<SendOutcome> {
      try {
        const info = await transport.sendMail(message);
        return { accepted: true, messageId: info.messageId };
      } catch (error) {
        return { accepted: false, reason: failureReason(error), permanent: isPermanentSmtpFailure(error) };
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** An SMTP reply code 500-599 means "do not try again"; connection trouble and 4xx are worth a retry. */
export function isPermanentSmtpFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}
