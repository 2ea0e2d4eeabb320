import { z } from "~/lib/zod";
import { EMAIL_STATUSES, type EmailStatus } from "~/db/schema/statuses";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { normalizeOrderNumber } from "~/modules/orders/order-number";
import { MAX_SEND_ATTEMPTS, NOT_CONFIGURED_REASON } from "./retry-policy";

/** The statuses as the tab's filter lists them (components and routes take them from here, not from db/). */
export { EMAIL_STATUSES, type EmailStatus };

/** Entries per page of the Email Logs tab. */
export const EMAIL_LOG_PAGE_SIZE = 20;
const SEARCH_MAX = 100;

/** The tab's view as it sits in the URL: ?status=&q=&page=, and ?id= for one entry's detail. */
export type EmailLogQuery = { status: EmailStatus | null; q: string; page: number; id: number | null };

const isEmailStatus = (value: unknown): value is EmailStatus => (EMAIL_STATUSES as readonly unknown[]).includes(value);

/** Reads the URL; anything unknown falls back to every status, page 1, no entry open. */
export function readEmailLogQuery(params: URLSearchParams): EmailLogQuery {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  const id = Number.parseInt(params.get("id") ?? "", 10);
  return {
    status: isEmailStatus(status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    id: Number.isSafeInteger(id) && id >= 1 ? id : null,
  };
}

/** The query string of a view (empty values left out), so every link keeps the filter. */
export function emailLogSearch(query: Partial<EmailLogQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.id) params.set("id", String(query.id));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * What the owner typed in the search box: an order number in any common spelling ("ord-123456",
 * "123456") matches that order exactly; anything else is part of a recipient's address.
 */
export type EmailLogSearch =
  { kind: "none" } | { kind: "order-number"; orderNumber: string } | { kind: "recipient"; pattern: string };

export function parseEmailLogSearch(q: string): EmailLogSearch {
  const text = q.trim().slice(0, SEARCH_MAX);
  if (!text) return { kind: "none" };
  const orderNumber = normalizeOrderNumber(text);
  if (orderNumber) return { kind: "order-number", orderNumber };
  // Wildcards typed by the owner are searched for as themselves.
  return { kind: "recipient", pattern: `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

export const STATUS_FILTER_LABELS: Record<EmailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  not_configured: "Not sent",
};

/** The facts of one entry that decide how its status reads. */
export type EmailStatusFacts = { status: EmailStatus; attempts: number; lastError: string | null; nextAttemptAt: Date };

/**
 * An entry's status in words: `short` for the list's marker, `label` and `detail` for the detail
 * (SPEC.md's 'Successfully Sent'; a failure with the mail server's reason and the tries it took).
 */
export function describeEmailStatus(
  e: EmailStatusFacts,
  formatTime: (d: Date) => string = formatShopDateTimeHour12,
): { short: string; label: string; detail: string | null } {
  const tries = (n: number) => `${n} ${n === 1 ? "attempt" : "attempts"}`;
  switch (e.status) {
    case "sent":
      return { short: "Sent", label: "Successfully Sent", detail: null };
    case "sending":
      return { short: "Sending", label: "Sending", detail: "The mail server is being contacted now." };
    case "not_configured":
      return {
        short: "Not sent",
        label: NOT_CONFIGURED_REASON.charAt(0).toUpperCase() + NOT_CONFIGURED_REASON.slice(1),
        detail: null,
      };
    case "failed":
      return {
        short: "Failed",
        label: "Failed",
        detail: `${e.lastError ?? "The mail server refused it."} (${tries(e.attempts)})`,
      };
    case "queued":
      if (e.attempts === 0) return { short: "Queued", label: "Queued", detail: null };
      return {
        short: "Retrying",
        label: `Retrying: attempt ${e.attempts + 1} of ${MAX_SEND_ATTEMPTS}, next try at ${formatTime(e.nextAttemptAt)}`,
        detail: e.lastError ? `Last error: ${e.lastError}` : null,
      };
  }
}

const ADDRESS_MAX = 254;

/** Said when a post is none of the tab's buttons (an old page, a hand-made request). */
export const EMAIL_LOG_NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";

/** An entry's Resend form: the entry, and an address to send it to instead (blank: its own). */
export const resendEmailFormSchema = z.object({
  id: z.coerce.number().int().positive(),
  to: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .union([
        z.literal(""),
        z.email("Please enter a valid e-mail address").max(ADDRESS_MAX, "Please enter a valid e-mail address"),
      ])
      .optional(),
  ),
});

/** The tab's two actions: resend one entry (optionally to a corrected address) and clear the log. */
export const emailLogActionSchema = z.discriminatedUnion("intent", [
  resendEmailFormSchema.extend({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("clear") }),
]);
export type EmailLogAction = z.infer<typeof emailLogActionSchema>;
