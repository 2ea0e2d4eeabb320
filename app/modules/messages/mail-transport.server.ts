import nodemailer from "nodemailer";

/** The part of a nodemailer transport the worker uses, so tests can hand in any SMTP server's. */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; html: string; text: string; headers?: Record<string, string> }): Promise<{ messageId: string }>;
  close(): void;
};

/**
 * A pooled SMTP connection to SMTP_URL (smtp:// upgrades with STARTTLS when offered, smtps:// is
 * TLS from the start). Timeouts are short so a stuck mail server never holds an e-mail's claim
 * for long: it is retried instead.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}
