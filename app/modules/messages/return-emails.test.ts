import { describe, expect, it } from "vitest";
import { emailSubject, type ReturnEmailData } from "./email-messages";
import { renderEmail } from "./render-email.server";

const SHOP = {
  name: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14",
  city: "Karachi",
  publicUrl: "http://shop.test",
};

const BASE: ReturnEmailData = {
  step: "requested",
  returnNumber: "RT-123456",
  orderNumber: "ORD-654321",
  customerName: "Ayesha",
  items: [
    {
      name: "Essential Crew Neck Tee",
      color: "Black",
      size: "M",
      quantity: 1,
      kind: "exchange",
      exchangeColor: "Black",
      exchangeSize: "L",
      condition: null,
    },
    {
      name: "Cap",
      color: "Red",
      size: "One",
      quantity: 1,
      kind: "return",
      exchangeColor: null,
      exchangeSize: null,
      condition: null,
    },
  ],
  reason: "Wrong size",
  reasonText: null,
  rejectionReason: null,
  replacement: null,
  refund: null,
  storeCredit: null,
  received: null,
  orderPath: "/orders/abc",
};

describe("return e-mails", () => {
  it("say what each step means, with the items and a way back to the order", async () => {
    const steps: [Partial<ReturnEmailData>, string, RegExp][] = [
      [{}, "We have your return request RT-123456", /1 × Essential Crew Neck Tee \(Black, M\) exchanged for Black, L/],
      [
        { step: "approved", replacement: { orderNumber: "EX-111111", total: 201 } },
        "Your return request RT-123456 is approved",
        /order EX-111111.*Rs 201 ready for the rider/s,
      ],
      [
        { step: "rejected", rejectionReason: "Worn" },
        "Your return request RT-123456 was not approved",
        /The reason: Worn/,
      ],
      [
        { step: "received", storeCredit: 300, received: { resellable: 1, damaged: 1 } },
        "We received your return RT-123456",
        /Rs 300 was added to your store credit/,
      ],
      [
        { step: "refunded", refund: { method: "jazzcash", amount: 1299, reference: "JC-1" } },
        "Rs 1,299 refunded for your return RT-123456",
        /Rs 1,299 refunded by JazzCash, reference JC-1/,
      ],
      [
        { step: "credited", refund: { method: "store_credit", amount: 500, reference: null }, storeCredit: 500 },
        "Rs 500 added to your store credit (RT-123456)",
        /Rs 500 added to your store credit/,
      ],
    ];
    for (const [change, subject, line] of steps) {
      const data = { ...BASE, ...change };
      expect(emailSubject("return_update", data, "Kapra")).toBe(subject);
      const { text } = await renderEmail("return_update", data, SHOP);
      expect(text).toMatch(line);
      expect(text).toContain("http://shop.test/orders/abc");
    }
  });

  it("tell the shop of a new request", async () => {
    const data = { ...BASE, phone: "+923001112233", city: "Lahore", photoCount: 2, returnPath: "/seller/returns/abc" };
    expect(emailSubject("return_requested", data, "Kapra")).toBe("New return request RT-123456 for ORD-654321");
    const { text } = await renderEmail("return_requested", data, SHOP);
    expect(text).toContain(
      "Ayesha from Lahore (+923001112233) asks to return or exchange items of order ORD-654321, with 2 photos.",
    );
    expect(text).toContain("http://shop.test/seller/returns/abc");
  });
});
