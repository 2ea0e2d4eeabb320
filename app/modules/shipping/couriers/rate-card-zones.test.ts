import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { courierFormValues, parseCourierForm } from "./courier-form";
import { describeRateCard, estimateCharge, type RateCard } from "./rate-card";

const CARD: RateCard = {
  bands: [
    { upToGrams: 500, charge: 250 },
    { upToGrams: 1000, charge: 300 },
  ],
  extraPerKg: 150,
  codFeeBps: 0,
  surchargeBps: 0,
  zones: [
    {
      name: "Same city",
      cities: ["Lahore"],
      bands: [
        { upToGrams: 500, charge: 150 },
        { upToGrams: 1000, charge: 180 },
      ],
      extraPerKg: 60,
    },
    {
      name: "Punjab",
      cities: ["Faisalabad", "Rawalpindi", "D.G. Khan"],
      bands: [{ upToGrams: 1000, charge: 220 }],
      extraPerKg: 90,
    },
  ],
  toleranceRupees: 50,
};

describe("rate card zones", () => {
  it("charges a parcel by its destination's zone, ignoring case, spaces and dots, else by the card's bands", () => {
    const total = (city: string | null, weightGrams = 400) =>
      estimateCharge(CARD, { weightGrams, codAmount: 0, city }).total;
    expect(total("Lahore")).toBe(150);
    expect(total("  LAHORE ")).toBe(150);
    expect(total("Lahore", 1800)).toBe(180 + 60);
    expect(total("rawalpindi")).toBe(220);
    expect(total("DG Khan", 2500)).toBe(220 + 2 * 90);
    expect(total("Karachi")).toBe(250);
    expect(total(null, 1200)).toBe(300 + 150);
  });

  it("says its zones and tolerance in words", () => {
    expect(describeRateCard(CARD, formatPrice)).toBe(
      "Same city (Lahore): up to 500 g Rs 150, up to 1 kg Rs 180, each extra kg Rs 60; Punjab (Faisalabad, Rawalpindi, D.G. Khan): up to 1 kg Rs 220, each extra kg Rs 90; " +
        "other cities: up to 500 g Rs 250, up to 1 kg Rs 300, each extra kg Rs 150; no COD fee; no surcharge; charges up to Rs 50 above the estimate are not flagged",
    );
  });
});

describe("the rates form: zones and tolerance", () => {
  const base = { ...courierFormValues(), name: "PostEx" };

  it("reads zones (cities one per line or comma separated) and the tolerance, and shows them again", () => {
    const parsed = parseCourierForm({
      ...base,
      weightBands: "500 = 250\n1000 = 300",
      extraPerKg: "150",
      codFeePercent: "0",
      toleranceRupees: "Rs 50",
      zone1Name: "Same city",
      zone1Cities: "Lahore\n",
      zone1Bands: "500 = 150\n1000 = 180",
      zone1ExtraPerKg: "60",
      zone2Name: "Punjab",
      zone2Cities: "Faisalabad, Rawalpindi\nD.G. Khan",
      zone2Bands: "1000 = 220",
      zone2ExtraPerKg: "90",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.rateCard).toEqual(CARD);
    const again = courierFormValues(parsed.data);
    expect(again).toMatchObject({
      toleranceRupees: "50",
      zone1Name: "Same city",
      zone1Cities: "Lahore",
      zone2Cities: "Faisalabad\nRawalpindi\nD.G. Khan",
      zone2Bands: "1000 = 220",
      zone3Name: "",
    });
  });

  it("says what is wrong beside each zone field, keeps what was typed, and saves nothing", () => {
    const typed = {
      ...base,
      toleranceRupees: "fifty",
      zone1Name: "",
      zone1Cities: "Lahore",
      zone1Bands: "500 = 150",
      zone1ExtraPerKg: "60",
      zone2Name: "Punjab",
      zone2Cities: "Faisalabad, lahore",
      zone2Bands: "heavy",
      zone2ExtraPerKg: "",
      zone3Name: "North",
      zone3Cities: "",
      zone3Bands: "500 = 200",
      zone3ExtraPerKg: "80",
    };
    const parsed = parseCourierForm(typed);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      toleranceRupees: "Enter the tolerance in whole rupees, e.g. 50 (0 flags every rupee above the rate card)",
      zone1Name: "Name the zone, e.g. Same city",
      zone2Cities: "lahore is already in the zone above: a city belongs to one zone",
      zone2Bands: 'Line 1: write each band as "grams = charge", e.g. "500 = 180"',
      zone2ExtraPerKg: "Enter the zone's charge for each extra kilogram in whole rupees, e.g. 100",
      zone3Cities: "List the zone's cities, one per line or separated by commas",
    });
    expect(parsed.values).toMatchObject({
      toleranceRupees: "fifty",
      zone2Cities: "Faisalabad, lahore",
      zone2Bands: "heavy",
    });
  });

  it("leaves zones and tolerance out of a card that has none (today's cards stay as they are)", () => {
    const parsed = parseCourierForm(base);
    expect(parsed.ok && parsed.data.rateCard).toEqual({
      bands: [
        { upToGrams: 500, charge: 180 },
        { upToGrams: 1000, charge: 230 },
      ],
      extraPerKg: 100,
      codFeeBps: 100,
      surchargeBps: 0,
    });
  });
});
