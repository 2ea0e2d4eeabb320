/**
 * How long the outbox keeps trying an e-mail the mail server did not take: 30 s after the first
 * failure, doubling up to 2 hours, ten attempts in all (about four hours), so a mail server that
 * is down for an afternoon loses nothing. A refusal the sender calls permanent (SMTP 5xx: no such
 * mailbox, sender refused; see app/integrations/messaging/smtp-sender.server.ts) is not retried: it
 * would only fail again.
 */
export const MAX_SEND_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 2 * 60 * 60_000;

/** Delay before the next try, after `attempts` tries have failed. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** The service's own words (an SMTP reply, an error's message), kept short enough for the log. */
export function failureReason(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown } | null;
  const reason =
    typeof e?.response === "string" ? e.response : typeof e?.message === "string" ? e.message : String(error);
  return reason.replace(/\s+/g, " ").trim().slice(0, 500);
}

export const NOT_CONFIGURED_REASON = "not sent: no mail server configured";
