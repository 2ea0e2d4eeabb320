import { describe, expect, it } from "vitest";
import { collectionFormSchema, collectionFormValues, parseCollectionForm, suggestSlug } from "./collection-input";
import { collectionPageSearch, readCollectionPageQuery } from "./collection-page-query";
import { describeRule, EMPTY_RULE, newSince, ruleIsEmpty } from "./collection-rule";

describe("the owner's collection form", () => {
  const values = {
    ...collectionFormValues(),
    title: "Eid Edit '26",
    mode: "rule",
    ruleMaxPrice: "Rs 2,000",
    ruleNewDays: "14",
    ruleOnSale: true,
  };

  it("suggests the slug from the title when none is typed, and reads prices and days as whole numbers", () => {
    const ok = parseCollectionForm(values);
    expect(ok.ok && ok.data).toMatchObject({
      slug: "eid-edit-26",
      maxPrice: 2000,
      newDays: 14,
      onSale: true,
      minPrice: null,
      categorySlug: null,
      tag: null,
    });
    expect(suggestSlug("  Summer Lawn — Vol. 2 ")).toBe("summer-lawn-vol-2");
    expect(suggestSlug("!!!")).toBe("");
  });

  it("keeps no rule on a hand-picked collection", () => {
    const manual = parseCollectionForm({ ...values, mode: "manual", ruleTag: "eid" });
    expect(manual.ok && manual.data).toMatchObject({ maxPrice: null, newDays: null, onSale: false, tag: null });
  });

  it("refuses a slug that is not lower-case, with every other message at once and the values as typed", () => {
    const bad = parseCollectionForm({ ...values, slug: "Eid Edit", ruleNewDays: "0", title: "" });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors).toEqual({
      title: "Title is required, e.g. Eid Edit",
      slug: "Use lower-case letters, digits and hyphens only, e.g. eid-edit",
      ruleNewDays: "Enter a number of days from 1 to 3650, or leave it empty",
    });
    expect(bad.values).toMatchObject({ slug: "Eid Edit", ruleNewDays: "0", ruleMaxPrice: "Rs 2,000" });
    for (const slug of ["eid--edit", "-eid", "eid_edit", "a".repeat(61)]) {
      const refused = parseCollectionForm({ ...values, slug });
      expect(refused.ok ? null : refused.errors.slug).toBe(
        "Use lower-case letters, digits and hyphens only, e.g. eid-edit",
      );
    }
  });

  it("refuses a price range upside down and prices that are not whole rupees", () => {
    const upside = parseCollectionForm({ ...values, ruleMinPrice: "3000" });
    expect(upside.ok ? null : upside.errors).toEqual({ ruleMaxPrice: "The highest price must be at least the lowest" });
    const paisa = parseCollectionForm({ ...values, ruleMinPrice: "99.50" });
    expect(paisa.ok ? null : paisa.errors).toEqual({
      ruleMinPrice: "Enter the lowest price in whole rupees, or leave it empty",
    });
  });

  it("reads ticked boxes as true and missing ones as false", () => {
    const form = new FormData();
    form.set("title", "Sale");
    form.set("mode", "manual");
    form.set("published", "on");
    const read = collectionFormSchema.safeParse(Object.fromEntries(form));
    expect(read.success && read.data.values).toMatchObject({
      title: "Sale",
      published: true,
      showOnHome: false,
      ruleOnSale: false,
      slug: "",
    });
  });
});

describe("collection rules", () => {
  it("says a rule in words", () => {
    expect(describeRule(EMPTY_RULE)).toBe("Every product");
    expect(ruleIsEmpty(EMPTY_RULE)).toBe(true);
    expect(
      describeRule(
        { ...EMPTY_RULE, categorySlug: "shirts", tag: "eid", minPrice: 1000, maxPrice: 2000, onSale: true, newDays: 1 },
        "Shirts",
      ),
    ).toBe("Shirts, tagged eid, Rs 1,000 to Rs 2,000, on sale, new in the last 1 day");
    expect(describeRule({ ...EMPTY_RULE, maxPrice: 1999 })).toBe("up to Rs 1,999");
  });

  it("counts N days back to the millisecond", () => {
    expect(newSince(new Date("2026-05-10T00:00:00Z"), 7).toISOString()).toBe("2026-05-03T00:00:00.000Z");
  });

  it("reads a collection page's page and sort, saying what it could not read", () => {
    expect(readCollectionPageQuery(new URLSearchParams("page=2&sort=price-asc"))).toEqual({
      query: { page: 2, sort: "price-asc" },
      errors: {},
    });
    expect(readCollectionPageQuery(new URLSearchParams("page=0&sort=cheap")).errors).toEqual({
      page: "Page must be a whole number from 1 to 50",
      sort: "Sort must be one of newest, name, price-asc, price-desc, rating",
    });
    expect(readCollectionPageQuery(new URLSearchParams("page=99")).query.page).toBe(50);
    expect(collectionPageSearch({ page: 2, sort: "newest" })).toBe("?page=2");
    expect(collectionPageSearch({ page: 1, sort: "newest" })).toBe("");
  });
});
