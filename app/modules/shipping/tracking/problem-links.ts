/**
 * The buyer's phone as links the owner taps on a phone: a call (`tel:`), and WhatsApp (wa.me takes
 * the number with its country code and no "+") with a short message about the failed delivery.
 */
export function phoneLinks(
  e164: string,
  words: { buyerName: string; orderNumber: string; courierName: string },
): { tel: string; whatsapp: string | null } {
  const digits = e164.replace(/\D/g, "");
  const first = words.buyerName.trim().split(/\s+/)[0] || "there";
  const text = `Assalam o Alaikum ${first}, about your order ${words.orderNumber}: ${words.courierName} could not deliver it. When can you receive it?`;
  return {
    tel: `tel:${e164.startsWith("+") ? "+" : ""}${digits}`,
    whatsapp: digits.length >= 10 ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : null,
  };
}
