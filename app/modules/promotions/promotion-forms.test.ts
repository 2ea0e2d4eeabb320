import { describe, expect, it } from "vitest";
import { freeShippingNudge } from "~/modules/settings/shipping-rule";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  discountCodeFormSchema,
  discountCodeFormValues,
  keptDiscountCodeValues,
  keptSaleValues,
  saleFormSchema,
  saleFormValues,
} from "./promotion-forms";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

/** Each form read with its schema as the action and the page read it: the input, or the messages and what was typed. */
function parseDiscountCodeForm(data: FormData) {
  data.set("intent", "add-code");
  const submission = parseWithZod(data, { schema: discountCodeFormSchema });
  if (submission.status === "success") return { ok: true, data: submission.value.input };
  const reply = submission.reply();
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  return { ok: false, errors, values: keptDiscountCodeValues(reply) };
}
function parseSaleForm(data: FormData) {
  data.set("intent", "add-sale");
  const submission = parseWithZod(data, { schema: saleFormSchema });
  if (submission.status === "success") return { ok: true, data: submission.value.input };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  return { ok: false, errors, values: keptSaleValues(submission.reply()) };
}

describe("the discount code form", () => {
  it("reads a code upper-case, rupees with Rs and commas, and Pakistan time", () => {
    const parsed = parseDiscountCodeForm(
      form([
        ["code", " eid20 "],
        ["kind", "amount"],
        ["value", "Rs 1,500"],
        ["minOrder", "3,000"],
        ["maxUses", ""],
        ["maxUsesPerCustomer", "2"],
        ["startsAt", "2026-04-01T00:00"],
        ["endsAt", ""],
        ["appliesTo", "products"],
        ["productIds", "a"],
        ["productIds", "b"],
        ["productIds", "a"],
        ["categorySlugs", "lawn"],
        ["combinesWithSale", "on"],
      ]),
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        code: "EID20",
        kind: "amount",
        value: 1500,
        minOrder: 3000,
        maxUses: null,
        maxUsesPerCustomer: 2,
        startsAt: new Date("2026-03-31T19:00:00Z"),
        endsAt: null,
        // Only the list the choice names is kept.
        appliesTo: "products",
        productIds: ["a", "b"],
        categorySlugs: [],
        combinesWithSale: true,
      },
    });
  });

  it("refuses each bad field with its own message and gives back what was typed", () => {
    const parsed = parseDiscountCodeForm(
      form([
        ["code", "EID-20"],
        ["kind", "percent"],
        ["value", "0"],
        ["appliesTo", "products"],
        ["startsAt", "soon"],
      ]),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        code: "Use 3 to 20 letters and digits only, e.g. EID20",
        value: "Enter a percent from 1 to 100",
        startsAt: "Enter a date and time, e.g. 1 April 2026, 12:00 am",
        productIds: "Choose at least one product",
      },
      values: expect.objectContaining({ code: "EID-20", value: "0", startsAt: "soon", combinesWithSale: false }),
    });
    expect(
      parseDiscountCodeForm(
        form([
          ["code", ""],
          ["kind", "amount"],
          ["value", "12.5"],
          ["appliesTo", "all"],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      errors: { code: "Enter a code, e.g. EID20", value: "Enter the amount off in whole rupees, e.g. 500" },
    });
  });

  it("round-trips a stored code into the form as Pakistan time", () => {
    const values = discountCodeFormValues({
      code: "EID20",
      kind: "percent",
      value: 20,
      minOrder: null,
      maxUses: 5,
      maxUsesPerCustomer: null,
      startsAt: new Date("2026-03-31T19:00:00Z"),
      endsAt: null,
      appliesTo: "all",
      categorySlugs: [],
      productIds: [],
      combinesWithSale: true,
    });
    expect(values).toMatchObject({
      code: "EID20",
      value: "20",
      minOrder: "",
      maxUses: "5",
      startsAt: "2026-04-01T00:00",
      endsAt: "",
      combinesWithSale: true,
    });
  });
});

describe("the sale form", () => {
  it("needs a name, a percent from 1 to 90 and both times, the end after the start", () => {
    expect(
      parseSaleForm(
        form([
          ["name", ""],
          ["percent", "91"],
          ["startsAt", "2026-04-10T00:00"],
          ["endsAt", "2026-04-01T00:00"],
          ["appliesTo", "categories"],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      errors: {
        name: "Sale name is required, e.g. Eid Sale",
        percent: "Enter a percent from 1 to 90",
        endsAt: "Ends must be after Starts",
        categorySlugs: "Choose at least one category",
      },
    });
    const ok = parseSaleForm(
      form([
        ["name", "Eid Sale"],
        ["percent", "30%"],
        ["startsAt", "2026-04-01T00:00"],
        ["endsAt", "2026-04-10T23:59"],
        ["appliesTo", "categories"],
        ["categorySlugs", "lawn"],
      ]),
    );
    expect(ok).toMatchObject({
      ok: true,
      data: {
        name: "Eid Sale",
        percent: 30,
        startsAt: new Date("2026-03-31T19:00:00Z"),
        endsAt: new Date("2026-04-10T18:59:00Z"),
        categorySlugs: ["lawn"],
      },
    });
    expect(saleFormValues()).toMatchObject({ appliesTo: "categories", percent: "" });
  });
});

describe("the free shipping nudge", () => {
  const rule = { shippingFee: 200, freeShippingThreshold: 5000 };
  it("says how much more ships free, counting what is paid for the items after a discount", () => {
    expect(freeShippingNudge({ itemCount: 2, subtotal: 4550 }, rule)).toBe("Add Rs 450 more for free shipping");
    expect(freeShippingNudge({ itemCount: 4, subtotal: 5196, discountTotal: 1040 }, rule)).toBe(
      "Add Rs 844 more for free shipping",
    );
    expect(freeShippingNudge({ itemCount: 4, subtotal: 5000 }, rule)).toBe("Your order ships free");
  });
  it("says nothing with no threshold, free shipping for all, or an empty cart", () => {
    expect(
      freeShippingNudge({ itemCount: 1, subtotal: 100 }, { shippingFee: 200, freeShippingThreshold: null }),
    ).toBeNull();
    expect(
      freeShippingNudge({ itemCount: 1, subtotal: 100 }, { shippingFee: 0, freeShippingThreshold: 5000 }),
    ).toBeNull();
    expect(freeShippingNudge({ itemCount: 0, subtotal: 0 }, rule)).toBeNull();
  });
});
