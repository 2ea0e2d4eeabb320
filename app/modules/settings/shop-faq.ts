import { shippingSentence, type ShippingRule } from "./shipping-rule";

/** The FAQ; shipping answers come from the shop's shipping rule so they never contradict checkout. */
export function shopFaq(rule: ShippingRule) {
  return [
    { question: "How long does delivery take?", answer: "Orders reach Karachi in 3-5 working days and the rest of Pakistan in 5-7 working days. Sunday is not a working day." },
    { question: "How much is shipping?", answer: shippingSentence(rule) },
    { question: "How do I pay?", answer: "Cash on delivery: pay the rider in cash when your parcel arrives. We call or WhatsApp you to confirm your order before it ships." },
    { question: "Can I return or exchange an item?", answer: "Yes. Within 7 days of delivery you can return or exchange any unworn item with its tags on. See our Returns & Exchanges page." },
    { question: "How do I find my size?", answer: "Every product page has a size guide with chest, length and waist measurements in inches. Between two sizes? Pick the larger one." },
    { question: "Can I track my order?", answer: "Yes. Use the order number from your confirmation and the phone number you ordered with." },
  ];
}
