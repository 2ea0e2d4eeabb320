import type { WhatsappKind } from "~/db/schema/statuses";
import { formatPrice } from "~/lib/money";
import { normalizePakistaniMobile } from "~/lib/phone";

/**
 * What each WhatsApp message carries (issue 32), frozen when the event happens and stored in the
 * outbox row's `data`, and the template texts the owner submits to Meta for approval. Meta sends the
 * approved text itself; the shop sends only the template's name, language and parameters. Links may
 * be paths: the worker puts PUBLIC_URL in front.
 */

/** The COD confirmation: {{1}} name, {{2}} order number, {{3}} total, {{4}} address; buttons Confirm and Cancel. */
export type WhatsappConfirmationData = { customerName: string; orderNumber: string; total: number; address: string };
/** The shipped notice: {{1}} order number, {{2}} courier, {{3}} tracking link. */
export type WhatsappShippedData = { orderNumber: string; courierName: string; trackingUrl: string };
/** The delivered notice: {{1}} order number, {{2}} a link to review. */
export type WhatsappDeliveredData = { orderNumber: string; reviewUrl: string };
/** Settings' Send test message: the confirmation template with sample values. */
export type WhatsappTestData = WhatsappConfirmationData & { requestedBy: string };

/** A forgotten cart (issue 44, a Marketing template): {{1}} name, {{2}} what is in the cart, {{3}} the link to the cart. */
export type WhatsappCartReminderData = { customerName: string; items: string; cartUrl: string };

export type WhatsappDataByKind = {
  whatsapp_confirmation: WhatsappConfirmationData;
  whatsapp_shipped: WhatsappShippedData;
  whatsapp_delivered: WhatsappDeliveredData;
  whatsapp_test: WhatsappTestData;
  whatsapp_cart_reminder: WhatsappCartReminderData;
};

/**
 * A confirmation's quick-reply payloads name the order and the action and carry a random nonce the
 * shop keeps in the message's data (`nonce`, made when it is queued): a tap that Meta hands back is
 * believed only when its nonce matches a confirmation sent for that order, so nobody can confirm or
 * cancel an order by guessing. Index 0 is Confirm, index 1 Cancel (the template's button order).
 */
export type WhatsappButtonAction = "confirm" | "cancel";
export const WHATSAPP_BUTTON_ACTIONS: readonly WhatsappButtonAction[] = ["confirm", "cancel"];

export function whatsappButtonPayloads(orderNumber: string, nonce: string): string[] {
  return WHATSAPP_BUTTON_ACTIONS.map((action) => `${action}:${orderNumber}:${nonce}`);
}

/** A tapped button's payload read back (part 2's webhook); null for anything the shop did not write. */
export function parseWhatsappButtonPayload(
  payload: string,
): { action: WhatsappButtonAction; orderNumber: string; nonce: string } | null {
  const match = /^(confirm|cancel):([A-Za-z0-9-]{1,40}):([A-Za-z0-9_-]{16,64})$/.exec(payload);
  return match ? { action: match[1] as WhatsappButtonAction, orderNumber: match[2], nonce: match[3] } : null;
}

/** Which of Settings' template names each kind is sent with (the test uses the confirmation's). */
export type WhatsappTemplateNames = {
  confirmationTemplate: string;
  shippedTemplate: string;
  deliveredTemplate: string;
  cartReminderTemplate: string;
};

export function templateNameFor(kind: WhatsappKind, names: WhatsappTemplateNames): string {
  switch (kind) {
    case "whatsapp_confirmation":
    case "whatsapp_test":
      return names.confirmationTemplate;
    case "whatsapp_shipped":
      return names.shippedTemplate;
    case "whatsapp_delivered":
      return names.deliveredTemplate;
    case "whatsapp_cart_reminder":
      return names.cartReminderTemplate;
  }
}

/**
 * The texts to submit in Meta's WhatsApp Manager, each in its category (the order messages Utility,
 * the cart reminder Marketing), shown on Settings -> WhatsApp. Meta refuses a body that starts or
 * ends with a parameter, so each ends in words.
 */
export const WHATSAPP_TEMPLATE_TEXTS = {
  confirmation: {
    category: "Utility",
    defaultName: "order_confirmation",
    body: "Assalam o Alaikum {{1}}, thank you for your order {{2}}. Total {{3}}, cash on delivery, to be delivered to: {{4}}. Please tap Confirm so we can send it, or Cancel if you did not place it.",
    buttons: ["Confirm", "Cancel"],
    sample: ["Ayesha", "ORD-123456", "Rs 2,499", "House 12, Street 4, Gulberg III, Lahore"],
  },
  shipped: {
    category: "Utility",
    defaultName: "order_shipped",
    body: "Good news: your order {{1}} is on its way with {{2}}. Track your parcel here: {{3}} Please keep the cash ready for the rider.",
    buttons: [] as string[],
    sample: ["ORD-123456", "TCS", "https://kapra.pk/track"],
  },
  delivered: {
    category: "Utility",
    defaultName: "order_delivered",
    body: "Your order {{1}} was delivered. We hope you love it! Tell other buyers what you think: {{2}} Thank you for shopping with us.",
    buttons: [] as string[],
    sample: ["ORD-123456", "https://kapra.pk/account/orders"],
  },
  // Category Marketing: sent only to buyers who opted in to WhatsApp marketing; Meta adds its own Stop button.
  cartReminder: {
    category: "Marketing",
    defaultName: "cart_reminder",
    body: "Assalam o Alaikum {{1}}, you left {{2}} in your cart. They are still waiting for you, but stock is limited: {{3}} Reply STOP to stop these messages.",
    buttons: [] as string[],
    sample: ["Ayesha", "Lawn 3-piece (Green, M) and 1 more", "https://kapra.pk/cart"],
  },
} as const;

const TEXT_BY_KIND: Record<WhatsappKind, string> = {
  whatsapp_confirmation: WHATSAPP_TEMPLATE_TEXTS.confirmation.body,
  whatsapp_test: WHATSAPP_TEMPLATE_TEXTS.confirmation.body,
  whatsapp_shipped: WHATSAPP_TEMPLATE_TEXTS.shipped.body,
  whatsapp_delivered: WHATSAPP_TEMPLATE_TEXTS.delivered.body,
  whatsapp_cart_reminder: WHATSAPP_TEMPLATE_TEXTS.cartReminder.body,
};

/** A link as the buyer gets it: a path gets the shop's address in front. */
function absolute(link: string, publicUrl: string): string {
  return link.startsWith("/") ? new URL(link, publicUrl).toString() : link;
}

/** Meta refuses a text parameter with new lines, tabs or more than four spaces in a row. */
function parameter(text: string): string {
  return (
    text
      .replace(/[\n\r\t]+/g, " ")
      .replace(/ {2,}/g, " ")
      .trim() || "-"
  );
}

/** The body's parameters ({{1}}, {{2}}, ...) of one message, in order. */
export function whatsappBodyParameters<K extends WhatsappKind>(
  kind: K,
  data: WhatsappDataByKind[K],
  publicUrl: string,
): string[] {
  const d = data as WhatsappDataByKind[WhatsappKind];
  switch (kind) {
    case "whatsapp_confirmation":
    case "whatsapp_test": {
      const c = d as WhatsappConfirmationData;
      return [c.customerName, c.orderNumber, formatPrice(c.total), c.address].map(parameter);
    }
    case "whatsapp_shipped": {
      const s = d as WhatsappShippedData;
      return [s.orderNumber, s.courierName, absolute(s.trackingUrl, publicUrl)].map(parameter);
    }
    case "whatsapp_delivered": {
      const r = d as WhatsappDeliveredData;
      return [r.orderNumber, absolute(r.reviewUrl, publicUrl)].map(parameter);
    }
    case "whatsapp_cart_reminder": {
      const c = d as WhatsappCartReminderData;
      return [c.customerName, c.items, absolute(c.cartUrl, publicUrl)].map(parameter);
    }
  }
  throw new Error(`Unknown WhatsApp kind ${kind as string}`);
}

/** The message as the buyer reads it (the approved text with its parameters): kept in the log. */
export function whatsappText(kind: WhatsappKind, parameters: string[]): string {
  return TEXT_BY_KIND[kind].replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
}

/** The log's one-line description of a message (the outbox's `subject`). */
export function whatsappSubject(kind: WhatsappKind, orderNumber: string | null): string {
  const order = orderNumber ? ` for ${orderNumber}` : "";
  switch (kind) {
    case "whatsapp_confirmation":
      return `Order confirmation${order} (Confirm / Cancel)`;
    case "whatsapp_shipped":
      return `Shipped notice${order}`;
    case "whatsapp_delivered":
      return `Delivered notice${order}`;
    case "whatsapp_test":
      return "Test message (confirmation template with sample values)";
    case "whatsapp_cart_reminder":
      return "Forgotten cart reminder";
  }
}

/**
 * A phone number as the Cloud API takes it: international digits without "+" ("923001234567"). A
 * Pakistani mobile in any common spelling, or any international number written with + or 00;
 * null for anything else.
 */
export function whatsappNumber(phone: string): string | null {
  const pakistani = normalizePakistaniMobile(phone);
  if (pakistani) return pakistani.slice(1);
  const compact = phone.replace(/[\s\-()]/g, "");
  const international = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  return international ? international[1] : null;
}
