import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  CATEGORY_MESSAGES,
  categoryFormSchemaAt,
  keptCategoryValues,
  productsInCategoryMessage,
  slugFromName,
} from "./category-input";

const NOW = new Date("2026-01-10T10:00:00Z");
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** The form read with its schema, as the action and the page read it (the clock at `now`). */
function parseCategoryForm(data: FormData, now: Date) {
  data.set("intent", "save");
  const submission = parseWithZod(data, { schema: categoryFormSchemaAt(() => now) });
  if (submission.status === "success") return { ok: true as const, data: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  return { ok: false as const, errors, values: keptCategoryValues(submission.reply()) };
}

describe("the category form", () => {
  it("suggests a lower-case slug from the name", () => {
    expect(slugFromName("Eid Lawn '26")).toBe("eid-lawn-26");
    expect(slugFromName("  Kurta & Shalwar ")).toBe("kurta-and-shalwar");
    expect(slugFromName("Crème Brûlée")).toBe("creme-brulee");
    expect(slugFromName("لان")).toBe("");
  });

  it("reads a new category, its slug made from the name when left empty", () => {
    const parsed = parseCategoryForm(
      form({ name: "Lawn", slug: "", description: " Three-piece unstitched lawn. " }),
      NOW,
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: {
        name: "Lawn",
        slug: "lawn",
        description: "Three-piece unstitched lawn.",
        hidden: false,
        comingSoon: false,
        launchLabel: null,
        launchAt: null,
      },
    });
  });

  it("refuses a bad slug beside the field, keeping what was typed", () => {
    const parsed = parseCategoryForm(form({ name: "Lawn", slug: "Eid Lawn!" }), NOW);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.slug).toBe(CATEGORY_MESSAGES.slugFormat);
    expect(parsed.values.slug).toBe("Eid Lawn!");
    const urdu = parseCategoryForm(form({ name: "لان", slug: "" }), NOW);
    expect(urdu.ok ? null : urdu.errors.slug).toBe(CATEGORY_MESSAGES.slugFormat);
    const empty = parseCategoryForm(form({ name: " " }), NOW);
    expect(empty.ok ? null : empty.errors.name).toBe(CATEGORY_MESSAGES.nameRequired);
  });

  it("reads coming soon with a label and a launch time typed in Pakistan time, which must be ahead", () => {
    const parsed = parseCategoryForm(
      form({ name: "Eid", slug: "eid", comingSoon: "on", launchLabel: "Eid 2026", launchAt: "2026-03-16T00:00" }),
      NOW,
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: { comingSoon: true, launchLabel: "Eid 2026", launchAt: new Date("2026-03-15T19:00:00Z") },
    });
    const past = parseCategoryForm(
      form({ name: "Eid", slug: "eid", comingSoon: "on", launchAt: "2025-03-16T00:00" }),
      NOW,
    );
    expect(past.ok ? null : past.errors.launchAt).toBe(CATEGORY_MESSAGES.launchAtPast);
    // Not coming soon: no launch is kept.
    const open = parseCategoryForm(
      form({ name: "Eid", slug: "eid", launchLabel: "Eid 2026", launchAt: "2020-01-01T00:00" }),
      NOW,
    );
    expect(open).toMatchObject({ ok: true, data: { comingSoon: false, launchLabel: null, launchAt: null } });
  });

  it("says how many products stand in the way of a delete", () => {
    expect(productsInCategoryMessage(1)).toBe("1 product is in this category");
    expect(productsInCategoryMessage(12)).toBe("12 products are in this category");
  });
});
