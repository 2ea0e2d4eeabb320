import { describe, expect, it } from "vitest";
import { defaultBookingColumns, formatBookingColumns, parseBookingColumns } from "./booking-columns";
import { parseCourierForm } from "../couriers/courier-form";
import { suggestCourier, type CourierRule } from "../couriers/courier-routing";
import { parcelDescription, parcelOf } from "./parcel";
import { estimateCharge, percentToBps, weightCharge, type RateCard } from "../couriers/rate-card";
import { trackingLink } from "../couriers/tracking-link";

const CARD: RateCard = {
  bands: [
    { upToGrams: 500, charge: 180 },
    { upToGrams: 1000, charge: 230 },
  ],
  extraPerKg: 100,
  codFeeBps: 150,
  surchargeBps: 1000,
};

describe("the rate card", () => {
  it("charges the first band a parcel fits in, and each extra kilogram or part above the heaviest", () => {
    expect(weightCharge(CARD, 1)).toBe(180);
    expect(weightCharge(CARD, 500)).toBe(180);
    expect(weightCharge(CARD, 501)).toBe(230);
    expect(weightCharge(CARD, 1000)).toBe(230);
    expect(weightCharge(CARD, 1001)).toBe(330);
    expect(weightCharge(CARD, 2000)).toBe(330);
    expect(weightCharge(CARD, 2500)).toBe(430);
  });

  it("adds the surcharge on the weight charge and the COD fee on the cash, each rounded up to a whole rupee", () => {
    // 230 + 10 % (23) + 1.5 % of 3,599 (53.985 -> 54)
    expect(estimateCharge(CARD, { weightGrams: 800, codAmount: 3599 })).toEqual({
      weight: 230,
      surcharge: 23,
      codFee: 54,
      total: 307,
    });
    expect(estimateCharge(CARD, { weightGrams: 400, codAmount: 0 }).total).toBe(198);
  });

  it("reads percentages as the owner types them into whole basis points", () => {
    expect(percentToBps("1.5")).toBe(150);
    expect(percentToBps("10%")).toBe(1000);
    expect(percentToBps("0.25")).toBe(25);
    expect(percentToBps("1.555")).toBeNull();
    expect(percentToBps("abc")).toBeNull();
  });
});

describe("routing rules", () => {
  const rules: CourierRule[] = [
    { kind: "risk", city: null, amount: null, courierId: null },
    { kind: "total-above", city: null, amount: 10_000, courierId: 1 },
    { kind: "city", city: "Karachi", amount: null, courierId: 2 },
  ];
  it("suggests the courier of the first rule that matches, in priority order", () => {
    expect(suggestCourier(rules, { city: "karachi ", total: 3000, risky: false })).toEqual({
      kind: "courier",
      courierId: 2,
      rule: 2,
    });
    expect(suggestCourier(rules, { city: "Karachi", total: 12_000, risky: false })).toEqual({
      kind: "courier",
      courierId: 1,
      rule: 1,
    });
    expect(suggestCourier(rules, { city: "Karachi", total: 12_000, risky: true })).toEqual({ kind: "hold", rule: 0 });
    expect(suggestCourier(rules, { city: "Quetta", total: 10_000, risky: false })).toEqual({ kind: "none" });
  });
});

describe("parcels and booking files", () => {
  it("weighs a parcel as the sum of its items, 500 g for a product without a weight", () => {
    expect(
      parcelOf([
        { quantity: 2, weightGrams: 300 },
        { quantity: 1, weightGrams: null },
      ]),
    ).toEqual({ weightGrams: 1100, pieces: 3 });
    expect(parcelDescription([{ name: "Lawn Kurta", size: "M", color: "Black", quantity: 2 }])).toBe(
      "2 x Lawn Kurta (M, Black)",
    );
  });

  it("keeps a courier's file layout as editable lines and refuses a layout without the order number", () => {
    const tcs = defaultBookingColumns("TCS");
    expect(tcs[0]).toEqual({ header: "Reference No", field: "orderNumber" });
    expect(parseBookingColumns(formatBookingColumns(tcs))).toEqual({ columns: tcs });
    expect(defaultBookingColumns("Own rider")[0].field).toBe("orderNumber");
    expect(parseBookingColumns("Name = consigneeName")).toEqual({ error: expect.stringContaining("order number") });
    expect(parseBookingColumns("Ref = orderNumber\nWeight = kilos")).toEqual({
      error: expect.stringContaining('Line 2: "kilos" is not a field'),
    });
  });

  it("builds the buyer's tracking link from the courier's pattern", () => {
    expect(trackingLink("https://www.tcsexpress.com/track/{tracking}", "7790 123")).toBe(
      "https://www.tcsexpress.com/track/7790%20123",
    );
    expect(trackingLink(null, "1")).toBeNull();
    expect(trackingLink("https://x.pk/{tracking}", null)).toBeNull();
  });
});

describe("the courier form", () => {
  const form = {
    name: "TCS",
    trackingUrl: "https://www.tcsexpress.com/track/{tracking}",
    accountCode: "KHI-123",
    weightBands: "500 = 180\n1000 = Rs 230",
    extraPerKg: "100",
    codFeePercent: "1.5",
    surchargePercent: "10",
    bookingColumns: "",
  };
  it("reads a courier with its rate card, and the courier's own booking layout when none is typed", () => {
    const result = parseCourierForm(form);
    expect(result).toEqual({
      ok: true,
      data: {
        name: "TCS",
        trackingUrl: form.trackingUrl,
        accountCode: "KHI-123",
        rateCard: CARD,
        bookingColumns: defaultBookingColumns("TCS"),
      },
    });
  });
  it("says what is wrong beside each field and keeps what was typed", () => {
    const result = parseCourierForm({
      ...form,
      name: " ",
      trackingUrl: "https://tcs.pk/track",
      weightBands: "1000 = 200\n500 = 100",
      codFeePercent: "lots",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: "Courier name is required",
      trackingUrl: expect.stringContaining("{tracking}"),
      weightBands: "Line 2: list the bands lightest first, each heavier than the one before",
      codFeePercent: "Enter the COD fee as a percentage, e.g. 1.5",
    });
    expect(result.values.weightBands).toBe("1000 = 200\n500 = 100");
  });
});
