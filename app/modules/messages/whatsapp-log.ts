import { type MessageStatus, WHATSAPP_KINDS, type WhatsappKind } from "~/db/schema/statuses";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";

/** The WhatsApp log's statuses as its filter lists them (a message being sent right now reads as queued). */
export const WHATSAPP_LOG_STATUSES = ["queued", "sent", "delivered", "read", "failed", "not_configured"] as const;
export type WhatsappLogStatus = (typeof WHATSAPP_LOG_STATUSES)[number];

export const WHATSAPP_LOG_PAGE_SIZE = 25;

export const WHATSAPP_STATUS_LABELS: Record<WhatsappLogStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
  not_configured: "Not configured",
};

export const WHATSAPP_KIND_LABELS: Record<WhatsappKind, string> = {
  whatsapp_confirmation: "Order confirmation",
  whatsapp_shipped: "Shipped notice",
  whatsapp_delivered: "Delivered notice",
  whatsapp_test: "Test message",
  whatsapp_cart_reminder: "Cart reminder",
};
export { WHATSAPP_KINDS };

export function whatsappLogStatus(status: MessageStatus): WhatsappLogStatus {
  return status === "sending" ? "queued" : status;
}

/** The log's view in the URL: ?status=&page= */
export type WhatsappLogQuery = { status: WhatsappLogStatus | null; page: number };

export function readWhatsappLogQuery(params: URLSearchParams): WhatsappLogQuery {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    status: (WHATSAPP_LOG_STATUSES as readonly string[]).includes(status ?? "") ? (status as WhatsappLogStatus) : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export function whatsappLogSearch(query: Partial<WhatsappLogQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** A queued message that failed before says it is retrying and when; others their state's time. */
export function describeWhatsappStatus(
  e: { status: MessageStatus; attempts: number; lastError: string | null; nextAttemptAt: Date },
  formatTime: (d: Date) => string = formatShopDateTimeHour12,
): string {
  const status = whatsappLogStatus(e.status);
  if (status === "queued" && e.attempts > 0)
    return `Retrying (attempt ${e.attempts + 1}), next try at ${formatTime(e.nextAttemptAt)}`;
  return WHATSAPP_STATUS_LABELS[status];
}
