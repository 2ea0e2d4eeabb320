import { describe, expect, it } from "vitest";
import { type FormReply, fieldErrors, isRefusal, keptValues } from "~/lib/form-reply";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { getSettings } from "./get-settings.server";
import { parseRiskTags, settingsFormValues } from "./settings-schema";
import { postSettings } from "../../../tests/factories/settings-form";

const VALID = {
  brandName: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  happyCustomers: "10000",
  yearsInBusiness: "5",
  productsSold: "50000",
  averageRating: "4.8",
  shippingFee: "200",
  freeShippingThreshold: "",
  maxCodOrderValue: "",
  blockedPhones: "",
  notificationEmails: "",
};

describe("risk tags as typed", () => {
  it("splits on commas and lines, trims, keeps each tag once whatever its case (first spelling wins)", () => {
    expect(parseRiskTags(" risky, Fake orders\nRISKY\n\n  wholesale-fraud ,")).toEqual({
      tags: ["risky", "Fake orders", "wholesale-fraud"],
    });
    expect(parseRiskTags("")).toEqual({ tags: [] });
    expect(parseRiskTags("x".repeat(41))).toMatchObject({ error: expect.stringContaining("under 40 characters") });
    expect(parseRiskTags(Array.from({ length: 21 }, (_, i) => `t${i}`).join(","))).toEqual({
      error: "Please list at most 20 tags (there are 21)",
    });
  });
});

describe.each(DATABASE_KINDS)("COD risk and low-stock settings on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;

  it("starts with the defaults and shows them in the form", async () => {
    const settings = await getSettings(db());
    expect(settings).toMatchObject({
      riskTags: ["risky"],
      minDeliveryRate: null,
      minFinishedParcels: 2,
      lowStockThreshold: 3,
      lowStockDigest: true,
    });
    expect(settingsFormValues(settings)).toMatchObject({
      riskTags: "risky",
      minDeliveryRate: "",
      minFinishedParcels: "2",
      lowStockThreshold: "3",
      lowStockDigest: "on",
    });
  });

  it("saves the risk tags trimmed and unique, the delivery-rate flag, its parcels and the low-stock fields", async () => {
    const result = await postSettings(db(), {
      ...VALID,
      riskTags: "Risky, fake orders\nrisky ",
      minDeliveryRate: "60 %",
      minFinishedParcels: "3",
      lowStockThreshold: "5",
      lowStockDigestShown: "1",
    });
    expect(result).toEqual({ ok: true });
    expect(await getSettings(db())).toMatchObject({
      riskTags: ["Risky", "fake orders"],
      minDeliveryRate: 60,
      minFinishedParcels: 3,
      lowStockThreshold: 5,
      lowStockDigest: false,
    });

    // Empty turns the delivery-rate flag off; a ticked box turns the digest on; absent fields stay.
    expect(
      await postSettings(db(), { ...VALID, minDeliveryRate: "", lowStockDigestShown: "1", lowStockDigest: "on" }),
    ).toEqual({ ok: true });
    expect(await getSettings(db())).toMatchObject({
      riskTags: ["Risky", "fake orders"],
      minDeliveryRate: null,
      minFinishedParcels: 3,
      lowStockThreshold: 5,
      lowStockDigest: true,
    });
    expect(await postSettings(db(), { ...VALID, riskTags: "" })).toEqual({ ok: true });
    expect((await getSettings(db())).riskTags).toEqual([]);
  });

  it("refuses bad values beside their fields, keeps what was typed and saves nothing", async () => {
    const before = await getSettings(db());
    const typed = {
      ...VALID,
      brandName: "Not Saved",
      riskTags: "ok, " + "y".repeat(45),
      minDeliveryRate: "101",
      minFinishedParcels: "0",
      lowStockThreshold: "-1",
      lowStockDigestShown: "1",
    };
    const result = await postSettings(db(), typed);
    expect(isRefusal(result)).toBe(true);
    expect(fieldErrors(result as FormReply)).toEqual({
      riskTags: expect.stringContaining("under 40 characters"),
      minDeliveryRate: "Please enter a whole percentage from 1 to 100, or leave it empty to turn this off",
      minFinishedParcels: "Please enter a whole number of parcels, 1 or more",
      lowStockThreshold: "Please enter a whole number of units, 0 or more",
    });
    expect(keptValues(result as FormReply)).toMatchObject({
      brandName: "Not Saved",
      riskTags: typed.riskTags,
      minDeliveryRate: "101",
      minFinishedParcels: "0",
      lowStockThreshold: "-1",
    });
    expect(await getSettings(db())).toMatchObject({
      brandName: before.brandName,
      minFinishedParcels: before.minFinishedParcels,
      lowStockThreshold: before.lowStockThreshold,
    });

    const zero = await postSettings(db(), { ...VALID, minDeliveryRate: "0", lowStockThreshold: "2.5" });
    expect(fieldErrors(zero as FormReply)).toEqual({
      minDeliveryRate: "Please enter a whole percentage from 1 to 100, or leave it empty to turn this off",
      lowStockThreshold: "Please enter a whole number of units, 0 or more",
    });
  });
});
