import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * One e-mail as the test mail server received it: the envelope plus the parsed message. `html`
 * has React's empty `<!-- -->` text separators taken out, so tests can look for whole sentences.
 */
export type ReceivedEmail = {
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: ParsedMail["headers"];
  raw: string;
};

export type TestSmtpServer = {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Resolves with the e-mails that match once at least `count` do, or fails after `timeoutMs`. */
  waitFor: (match: (m: ReceivedEmail) => boolean, count?: number, timeoutMs?: number) => Promise<ReceivedEmail[]>;
  /** Answers every RCPT TO for this address with a permanent 550 refusal. */
  refuse: (address: string) => void;
  stop: () => Promise<void>;
};

/**
 * The SMTP integration's stand-in for tests: a real SMTP server on loopback (the smtp-server
 * package, a dev dependency), no auth, no TLS, that the real SMTP sender (smtp-sender.server.ts)
 * is pointed at. It keeps every message it accepts. Test-only: imported by tests, test fixtures and
 * the e2e mail sink, never by the app (lint refuses it), so it never reaches the production build. Pass `port` to come back on the same port after `stop()` (a mail server
 * that went down and returned). `delayMs` makes it answer each message that much later, like a
 * real mail server across a network.
 */
export async function startTestSmtpServer({
  port = 0,
  delayMs = 0,
}: { port?: number; delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 5 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
          responseCode: 550,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: mail.subject ?? "",
              html: typeof mail.html === "string" ? mail.html.replaceAll("<!-- -->", "") : "",
              text: mail.text ?? "",
              headers: mail.headers,
              raw,
            });
            setTimeout(callback, delayMs);
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuse: (address) => void refused.add(address.toLowerCase()),
    async waitFor(match, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} matching e-mail(s), got ${found.length}; received: ${received.map((m) => `${m.to.join(",")} "${m.subject}"`).join("; ") || "none"}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
