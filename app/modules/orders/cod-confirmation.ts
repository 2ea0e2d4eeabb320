import { formatPrice } from "~/lib/money";

export type CodConfirmationOrder = {
  orderNumber: string;
  fullName: string;
  phone: string;
  total: number;
  address: string;
  city: string;
  items: { name: string; color: string; size: string; quantity: number }[];
};

/**
 * The message the owner sends on WhatsApp to confirm a cash-on-delivery order before packing it:
 * in the shop's name, with the order number, the items, the amount to pay and the address, and a
 * plain question the customer can answer with one word.
 */
export function codConfirmationMessage(brandName: string, order: CodConfirmationOrder): string {
  const firstName = order.fullName.trim().split(/\s+/)[0] ?? "";
  const items = order.items.map((item) => `- ${item.quantity} x ${item.name} (${item.color}, ${item.size})`);
  return [
    `Assalam o Alaikum${firstName ? ` ${firstName}` : ""}! This is ${brandName}.`,
    `Please confirm your cash on delivery order ${order.orderNumber}:`,
    ...items,
    `Total to pay on delivery: ${formatPrice(order.total)}`,
    `Deliver to: ${order.address}, ${order.city}`,
    `Reply YES to confirm or NO to cancel. Thank you!`,
  ].join("\n");
}

/** A one-tap WhatsApp link (wa.me wants the number in international form without "+"); null without a number. */
export function whatsappConfirmationHref(brandName: string, order: CodConfirmationOrder): string | null {
  const digits = order.phone.replace(/\D/g, "");
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(codConfirmationMessage(brandName, order))}`;
}
