import { describe, expect, it } from "vitest";
import { parseBlockedPhones, settingsFormValues, settingsSchema } from "./settings-schema";

export const VALID_SETTINGS = {
  brandName: "Kapra", contactEmail: "support@kapra.pk", phone: "+92 321 2345678", address: "Shop 14, Zamzama", city: "Karachi",
  instagram: "@kapra.pk", happyCustomers: "10000", yearsInBusiness: "5", productsSold: "50000", averageRating: "4.8",
  shippingFee: "200", freeShippingThreshold: "", maxCodOrderValue: "", blockedPhones: "",
};

describe("settings schema", () => {
  it("reads the form's text into stored values; empty amounts mean none", () => {
    const parsed = settingsSchema.parse({ ...VALID_SETTINGS, instagram: "kapra.pk", freeShippingThreshold: "Rs 5,000", maxCodOrderValue: "25000" });
    expect(parsed).toMatchObject({ instagram: "@kapra.pk", shippingFee: 200, freeShippingThreshold: 5000, maxCodOrderValue: 25000, averageRating: 4.8, blockedPhones: [] });
    expect(settingsSchema.parse(VALID_SETTINGS)).toMatchObject({ freeShippingThreshold: null, maxCodOrderValue: null });
  });

  it("normalises blocked numbers written any common way to E.164, without repeats or blank lines", () => {
    expect(parseBlockedPhones("0300-1234567\n\n  +92 321 7654321 \r\n00923001234567\n(0333) 1112223")).toEqual({
      phones: ["+923001234567", "+923217654321", "+923331112223"],
    });
  });

  it("reports a bad blocked number by its line", () => {
    expect(parseBlockedPhones("0300 1234567\n12345")).toEqual({ error: 'Line 2 ("12345") is not a Pakistani mobile number, like 0300 1234567' });
    const result = settingsSchema.safeParse({ ...VALID_SETTINGS, blockedPhones: "0300 1234567\n\nnot a phone" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ["blockedPhones"], message: expect.stringContaining("Line 3") });
  });

  it("refuses empty required fields, bad numbers and a rating above 5, each by its field", () => {
    const result = settingsSchema.safeParse({
      ...VALID_SETTINGS, brandName: " ", contactEmail: "nope", shippingFee: "-5", maxCodOrderValue: "0", averageRating: "7", phone: "abc", instagram: "@bad handle!",
    });
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(fields).toMatchObject({
      brandName: "Brand name is required",
      contactEmail: "Please enter a valid e-mail address",
      shippingFee: expect.stringContaining("whole rupees"),
      maxCodOrderValue: expect.stringContaining("no limit"),
      averageRating: expect.stringContaining("0 to 5"),
      phone: expect.stringContaining("phone number"),
      instagram: expect.stringContaining("Instagram handle"),
    });
  });

  it("turns stored settings back into form text", () => {
    const values = settingsFormValues({ ...settingsSchema.parse(VALID_SETTINGS), blockedPhones: ["+923001234567", "+923217654321"], maxCodOrderValue: 30000 });
    expect(values).toMatchObject({ shippingFee: "200", freeShippingThreshold: "", maxCodOrderValue: "30000", blockedPhones: "+923001234567\n+923217654321" });
  });
});
