import { describe, expect, it } from "vitest";
import {
  parseWhatsappButtonPayload,
  whatsappBodyParameters,
  whatsappButtonPayloads,
  whatsappNumber,
  whatsappText,
  WHATSAPP_TEMPLATE_TEXTS,
} from "./whatsapp-messages";

describe("WhatsApp messages", () => {
  it("write numbers as the Cloud API takes them: international digits without +", () => {
    expect(["0300 1234567", "+92 300 1234567", "923001234567", "0092-300-1234567"].map(whatsappNumber)).toEqual(
      Array(4).fill("923001234567"),
    );
    expect(whatsappNumber("+44 7700 900123")).toBe("447700900123");
    expect([whatsappNumber("hello"), whatsappNumber("12345"), whatsappNumber("")]).toEqual([null, null, null]);
  });

  it("fill the confirmation's {{1}}..{{4}} with name, order number, total in rupees and address, on one line each", () => {
    const params = whatsappBodyParameters(
      "whatsapp_confirmation",
      { customerName: "Ayesha", orderNumber: "ORD-1", total: 2499, address: "House 12\nGulberg" },
      "https://kapra.pk",
    );
    expect(params).toEqual(["Ayesha", "ORD-1", "Rs 2,499", "House 12 Gulberg"]);
    expect(whatsappText("whatsapp_confirmation", params)).toContain(
      "Ayesha, thank you for your order ORD-1. Total Rs 2,499",
    );
    expect(
      whatsappBodyParameters(
        "whatsapp_shipped",
        { orderNumber: "ORD-1", courierName: "TCS", trackingUrl: "/track?order=ORD-1" },
        "https://kapra.pk",
      ),
    ).toEqual(["ORD-1", "TCS", "https://kapra.pk/track?order=ORD-1"]);
  });

  it("make button payloads that name the order and action and read back only as written", () => {
    const [confirm, cancel] = whatsappButtonPayloads("ORD-123456", "AbCdEfGhIjKlMnOpQrStUv");
    expect(parseWhatsappButtonPayload(confirm)).toEqual({
      action: "confirm",
      orderNumber: "ORD-123456",
      nonce: "AbCdEfGhIjKlMnOpQrStUv",
    });
    expect(parseWhatsappButtonPayload(cancel)?.action).toBe("cancel");
    expect(parseWhatsappButtonPayload("confirm:ORD-123456")).toBeNull();
    expect(parseWhatsappButtonPayload("delete:ORD-123456:AbCdEfGhIjKlMnOpQrStUv")).toBeNull();
  });

  it("template texts never start or end with a parameter (Meta refuses those)", () => {
    for (const t of Object.values(WHATSAPP_TEMPLATE_TEXTS)) {
      expect(t.body).not.toMatch(/^\{\{|\}\}$/);
      expect(t.sample).toHaveLength((t.body.match(/\{\{\d\}\}/g) ?? []).length);
    }
  });
});
