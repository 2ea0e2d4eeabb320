import { describe, expect, it } from "vitest";
import { codConfirmationMessage, whatsappConfirmationHref } from "./cod-confirmation";

const ORDER = {
  orderNumber: "ORD-482913",
  fullName: "Ayesha Khan",
  phone: "+923001234567",
  total: 5097,
  address: "House 12, Street 5, DHA Phase 6",
  city: "Karachi",
  items: [
    { name: "Essential Crew Neck Tee", color: "Black", size: "M", quantity: 2 },
    { name: "Cargo Shorts", color: "Brown", size: "XL", quantity: 1 },
  ],
};

describe("COD confirmation on WhatsApp", () => {
  it("writes the message in the shop's name with the order number, items, total and address", () => {
    expect(codConfirmationMessage("Kapra", ORDER)).toBe(
      [
        "Assalam o Alaikum Ayesha! This is Kapra.",
        "Please confirm your cash on delivery order ORD-482913:",
        "- 2 x Essential Crew Neck Tee (Black, M)",
        "- 1 x Cargo Shorts (Brown, XL)",
        "Total to pay on delivery: Rs 5,097",
        "Deliver to: House 12, Street 5, DHA Phase 6, Karachi",
        "Reply YES to confirm or NO to cancel. Thank you!",
      ].join("\n"),
    );
  });

  it("links to wa.me with the number without + and the message encoded", () => {
    const href = whatsappConfirmationHref("Kapra Studio", ORDER)!;
    expect(href.startsWith("https://wa.me/923001234567?text=")).toBe(true);
    const text = new URL(href).searchParams.get("text");
    expect(text).toContain("This is Kapra Studio.");
    expect(text).toContain("ORD-482913");
    expect(whatsappConfirmationHref("Kapra", { ...ORDER, phone: "" })).toBeNull();
  });
});
