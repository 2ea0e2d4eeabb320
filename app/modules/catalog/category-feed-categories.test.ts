import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { CATEGORY_MESSAGES, categoryFormSchemaAt, keptCategoryValues, productCategoryValue } from "./category-input";

const NOW = new Date("2026-01-10T10:00:00Z");

function parse(fields: Record<string, string>) {
  const data = new FormData();
  data.set("intent", "save");
  data.set("name", "Lawn");
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  const submission = parseWithZod(data, { schema: categoryFormSchemaAt(() => NOW) });
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  return { ok: false as const, errors, values: keptCategoryValues(submission.reply()) };
}

describe("a category's Google and Facebook product categories (issue 44)", () => {
  it("takes a number or a path, one space around each >, and empty as none", () => {
    expect(productCategoryValue(" 2271 ")).toBe("2271");
    expect(productCategoryValue("Apparel & Accessories>Clothing >  Dresses")).toBe(
      "Apparel & Accessories > Clothing > Dresses",
    );
    expect(productCategoryValue("Clothing & Accessories > Clothing > Women's Clothing")).toBe(
      "Clothing & Accessories > Clothing > Women's Clothing",
    );
    expect(productCategoryValue("")).toBeNull();
    expect(productCategoryValue("Apparel > > Dresses")).toBeUndefined();
    expect(productCategoryValue("<b>Dresses</b>")).toBeUndefined();
    expect(productCategoryValue("x".repeat(251))).toBeUndefined();
  });

  it("reads both from the form, saved as typed in their one spelling", () => {
    const parsed = parse({ googleProductCategory: "2271", fbProductCategory: "Clothing & Accessories>Clothing" });
    expect(parsed).toMatchObject({
      ok: true,
      data: { googleProductCategory: "2271", fbProductCategory: "Clothing & Accessories > Clothing" },
    });
    expect(parse({ googleProductCategory: "", fbProductCategory: " " })).toMatchObject({
      ok: true,
      data: { googleProductCategory: null, fbProductCategory: null },
    });
  });

  it("refuses what is not a category beside its field, keeping what was typed", () => {
    const parsed = parse({ googleProductCategory: "Apparel >> Dresses", fbProductCategory: "<script>" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.googleProductCategory).toBe(CATEGORY_MESSAGES.googleCategoryFormat);
    expect(parsed.errors.fbProductCategory).toBe(CATEGORY_MESSAGES.fbCategoryFormat);
    expect(parsed.values.googleProductCategory).toBe("Apparel >> Dresses");
    expect(parsed.values.fbProductCategory).toBe("<script>");
  });
});
