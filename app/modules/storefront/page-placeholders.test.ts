import { describe, expect, it } from "vitest";
import {
  dayRange,
  escapeMarkdown,
  fillMarkdownPlaceholders,
  fillPlaceholders,
  placeholdersIn,
  placeholderValues,
  unknownPlaceholdersIn,
} from "./page-placeholders";

const SETTINGS = {
  brandName: "Kapra",
  contactEmail: "hello@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 12, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  shippingFee: 200,
  freeShippingThreshold: null,
  returnWindowDays: 7,
  localDeliveryMinDays: 3,
  localDeliveryMaxDays: 5,
  nationalDeliveryMinDays: 5,
  nationalDeliveryMaxDays: 7,
};

describe("page placeholders", () => {
  it("say what the settings say now", () => {
    const v = placeholderValues(SETTINGS);
    expect(v.return_window_days).toBe("7");
    expect(v.delivery_days_local).toBe("3-5");
    expect(v.delivery_days_national).toBe("5-7");
    expect(v.shipping_fee).toBe("Rs 200");
    expect(v.free_shipping_threshold).toBe("none");
    expect(v.shipping_sentence).toBe("Shipping is a flat Rs 200 per order, anywhere in Pakistan.");
    expect(placeholderValues({ ...SETTINGS, freeShippingThreshold: 3000, returnWindowDays: 14 })).toMatchObject({
      free_shipping_threshold: "Rs 3,000",
      return_window_days: "14",
    });
    expect(dayRange(2, 2)).toBe("2");
  });

  it("fill plain text, and leave unknown placeholders as typed so the owner sees the typo", () => {
    const v = placeholderValues({ ...SETTINGS, returnWindowDays: 14 });
    expect(fillPlaceholders("Return within {return_window_days} days, {retrun_window_days} or {Brand_Name}.", v)).toBe(
      "Return within 14 days, {retrun_window_days} or {Brand_Name}.",
    );
    expect(unknownPlaceholdersIn("{brand_name} {retrun_window_days} {retrun_window_days}")).toEqual([
      "{retrun_window_days}",
    ]);
    expect(placeholdersIn("{phone} {brand_name} {phone}")).toEqual(["phone", "brand_name"]);
  });

  it("escape values put into Markdown, so a brand name with markup or Markdown stays text", () => {
    const v = placeholderValues({ ...SETTINGS, brandName: "<b>*Kapra*</b> [x](javascript:alert(1))\n# big" });
    const filled = fillMarkdownPlaceholders("Hello {brand_name}", v);
    expect(filled).toBe(`Hello ${escapeMarkdown("<b>*Kapra*</b> [x](javascript:alert(1))\n# big")}`);
    expect(filled).not.toContain("\n");
    expect(escapeMarkdown("1. a_b")).toBe("1\\. a\\_b");
  });
});
