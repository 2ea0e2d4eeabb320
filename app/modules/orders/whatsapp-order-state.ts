import type { WhatsappState } from "~/db/schema/statuses";
import { formatShopDayMonth, formatShopTime, shopDay } from "~/lib/shop-time";

/**
 * Where an order's WhatsApp confirmation stands, as the owner's Orders tab and order page show it
 * (issue 32): the message's state and times, the buyer's other replies, and whether it needs a call
 * (pending, and the message failed or got no answer within Settings' needs-call hours).
 */
export type WhatsappOrderState = {
  status: WhatsappState | null;
  sentAt: Date | null;
  readAt: Date | null;
  answeredAt: Date | null;
  repliedAt: Date | null;
  needsCall: boolean;
};

/** The Orders tab's WhatsApp filters (?whatsapp=): Awaiting WhatsApp reply, Needs call. */
export const WHATSAPP_ORDER_FILTERS = ["awaiting", "needs-call"] as const;
export type WhatsappOrderFilter = (typeof WHATSAPP_ORDER_FILTERS)[number];
export const WHATSAPP_FILTER_LABELS: Record<WhatsappOrderFilter, string> = {
  awaiting: "Awaiting WhatsApp reply",
  "needs-call": "Needs call",
};

export function isWhatsappOrderFilter(value: unknown): value is WhatsappOrderFilter {
  return (WHATSAPP_ORDER_FILTERS as readonly unknown[]).includes(value);
}

/** The message's states still waiting for the buyer's tap. */
export const AWAITING_STATES: readonly WhatsappState[] = ["queued", "sent", "delivered", "read"];

/**
 * The line the owner reads, in PKT: "Queued", "Sent 14:02 · Read 14:05 · Confirmed 14:07",
 * "Replied on WhatsApp 14:10", "Needs call". A time on another day than `now` names its day
 * ("Sent 26 Nov 09:15"): an order that needs a call was often sent yesterday. Empty when the order
 * was never asked on WhatsApp.
 */
export function whatsappStateParts(state: WhatsappOrderState, now: Date = new Date()): string[] {
  const parts: string[] = [];
  const today = shopDay(now);
  const at = (value: Date | string | null) => {
    if (!value) return "";
    const date = typeof value === "string" ? new Date(value) : value;
    return shopDay(date) === today
      ? ` ${formatShopTime(date)}`
      : ` ${formatShopDayMonth(date)} ${formatShopTime(date)}`;
  };
  if (state.status === "queued") parts.push("Queued");
  if (state.status === "failed") parts.push("Not delivered");
  if (state.sentAt) parts.push(`Sent${at(state.sentAt)}`);
  if (state.status === "delivered") parts.push("Delivered");
  if (state.readAt) parts.push(`Read${at(state.readAt)}`);
  if (state.status === "confirmed") parts.push(`Confirmed${at(state.answeredAt)}`);
  if (state.status === "cancelled") parts.push(`Cancelled${at(state.answeredAt)}`);
  if (state.repliedAt) parts.push(`Replied on WhatsApp${at(state.repliedAt)}`);
  if (state.needsCall) parts.push("Needs call");
  return parts;
}
