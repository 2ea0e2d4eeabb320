import { z } from "~/lib/zod";
import type { CollectionMode } from "~/modules/catalog/tables";
import type { CollectionRule } from "./collection-rule";
import { slugify, SLUG_PATTERN } from "~/lib/slug";

/**
 * The one rule for a collection the owner saves (Dashboard -> Storefront -> Collections): what the
 * form posts, read into checked values, with every value kept as typed when something is refused.
 */

export const COLLECTION_TEXT_FIELDS = [
  "title",
  "slug",
  "description",
  "mode",
  "ruleCategorySlug",
  "ruleTag",
  "ruleMinPrice",
  "ruleMaxPrice",
  "ruleNewDays",
  "homePosition",
] as const;
export const COLLECTION_FLAGS = ["ruleOnSale", "published", "showOnHome", "removeImage"] as const;
export type CollectionValues = Record<(typeof COLLECTION_TEXT_FIELDS)[number], string> &
  Record<(typeof COLLECTION_FLAGS)[number], boolean>;
export type CollectionField = keyof CollectionValues | "image";

export type CollectionInput = CollectionRule & {
  title: string;
  slug: string;
  description: string;
  mode: CollectionMode;
  published: boolean;
  showOnHome: boolean;
  homePosition: number;
};

export const MAX_TITLE = 80;
export const MAX_DESCRIPTION = 2000;
export const MAX_TAG = 40;
export const MAX_NEW_DAYS = 3650;
export const MAX_RULE_PRICE = 10_000_000;

/** A collection slug is a SLUG_PATTERN of up to 60 characters: what reads well in /collections/{slug}. */
export const SLUG_MESSAGE = "Use lower-case letters, digits and hyphens only, e.g. eid-edit";

/** A slug suggested from a title: "Eid Edit '26" -> "eid-edit-26". */
export function suggestSlug(title: string): string {
  return slugify(title, 60);
}

/** Whole rupees or a count as typed: "" is none; "Rs 2,000" reads as 2000. */
const wholeOrEmpty = (message: string, low: number, high: number) =>
  z.string().transform((typed, ctx) => {
    const bare = typed
      .trim()
      .replace(/^(rs\.?|pkr)\s*/i, "")
      .replace(/,/g, "");
    if (bare === "") return null;
    const n = /^\d{1,12}$/.test(bare) ? Number(bare) : Number.NaN;
    if (!(n >= low && n <= high)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const collectionSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Title is required, e.g. Eid Edit")
    .max(MAX_TITLE, `Please keep the title under ${MAX_TITLE} characters`),
  slug: z.string().trim(),
  description: z.string().trim().max(MAX_DESCRIPTION, `Please keep the text under ${MAX_DESCRIPTION} characters`),
  mode: z.enum(["manual", "rule"], { error: "Choose hand-picked or by rule" }),
  ruleCategorySlug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{0,60}$/, "Choose a category")
    .transform((s) => s || null),
  ruleTag: z
    .string()
    .trim()
    .max(MAX_TAG, `Please keep the tag under ${MAX_TAG} characters`)
    .transform((s) => s || null),
  ruleMinPrice: wholeOrEmpty("Enter the lowest price in whole rupees, or leave it empty", 0, MAX_RULE_PRICE),
  ruleMaxPrice: wholeOrEmpty("Enter the highest price in whole rupees, or leave it empty", 0, MAX_RULE_PRICE),
  ruleNewDays: wholeOrEmpty(`Enter a number of days from 1 to ${MAX_NEW_DAYS}, or leave it empty`, 1, MAX_NEW_DAYS),
  ruleOnSale: z.boolean(),
  published: z.boolean(),
  showOnHome: z.boolean(),
  homePosition: wholeOrEmpty("Enter a position from 0 to 999, or leave it empty", 0, 999).transform((n) => n ?? 0),
});

/** The slug to save: the typed one, which must already be a slug (it is the page's address), or the title's. */
function readSlug(values: CollectionValues): { slug: string } | { error: string } {
  const typed = values.slug.trim();
  if (typed === "") {
    const suggested = suggestSlug(values.title);
    return suggested ? { slug: suggested } : { error: "Enter a slug, e.g. eid-edit" };
  }
  return SLUG_PATTERN.test(typed) && typed.length <= 60 ? { slug: typed } : { error: SLUG_MESSAGE };
}

const typed = z
  .string()
  .default("")
  .transform((v) => v.slice(0, MAX_DESCRIPTION + 100));
/** A ticked box posts "on"; one left unticked posts nothing: false. */
const flag = z
  .string()
  .optional()
  .transform((v) => v === "on");

/**
 * The collection form as posted (Save, or Preview's "N products match now"), checked: the page
 * checks it in the browser, the action on the server (the picture beside it, as a file).
 */
export const collectionFormSchema = z
  .object({
    intent: z.enum(["save", "preview"]).default("save"),
    ...(Object.fromEntries(COLLECTION_TEXT_FIELDS.map((k) => [k, typed])) as Record<
      (typeof COLLECTION_TEXT_FIELDS)[number],
      typeof typed
    >),
    ...(Object.fromEntries(COLLECTION_FLAGS.map((k) => [k, flag])) as Record<
      (typeof COLLECTION_FLAGS)[number],
      typeof flag
    >),
  })
  .transform((form, ctx) => {
    const { intent, ...values } = form;
    const parsed = parseCollectionForm(values);
    if (parsed.ok) return { intent, input: parsed.data, removeImage: values.removeImage, values };
    for (const [name, message] of Object.entries(parsed.errors))
      ctx.addIssue({ code: "custom", path: [name], message });
    return z.NEVER;
  });

export type CollectionFormResult =
  | { ok: true; data: CollectionInput; values: CollectionValues }
  | { ok: false; errors: Partial<Record<CollectionField, string>>; values: CollectionValues };

/** Checks the form's values; on a refusal every message by field, and the values as typed. */
export function parseCollectionForm(values: CollectionValues): CollectionFormResult {
  const parsed = collectionSchema.safeParse(values);
  const errors: Partial<Record<CollectionField, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as CollectionField] ??= issue.message;
  // Checked even when other fields are wrong, so the owner reads every message at once.
  const slug = readSlug(values);
  if ("error" in slug) errors.slug ??= slug.error;
  if (
    parsed.success &&
    parsed.data.ruleMinPrice !== null &&
    parsed.data.ruleMaxPrice !== null &&
    parsed.data.ruleMaxPrice < parsed.data.ruleMinPrice
  ) {
    errors.ruleMaxPrice = "The highest price must be at least the lowest";
  }
  if (!parsed.success || "error" in slug || Object.keys(errors).length) return { ok: false, errors, values };
  const d = parsed.data;
  const rule = d.mode === "rule";
  return {
    ok: true,
    values,
    data: {
      title: d.title,
      slug: slug.slug,
      description: d.description,
      mode: d.mode,
      published: d.published,
      showOnHome: d.showOnHome,
      homePosition: d.homePosition,
      // A hand-picked collection keeps no rule, so switching it back to a rule starts clean.
      categorySlug: rule ? d.ruleCategorySlug : null,
      tag: rule ? d.ruleTag : null,
      minPrice: rule ? d.ruleMinPrice : null,
      maxPrice: rule ? d.ruleMaxPrice : null,
      onSale: rule ? d.ruleOnSale : false,
      newDays: rule ? d.ruleNewDays : null,
    },
  };
}

/** The form's values for a stored collection, or a new one's defaults. */
export function collectionFormValues(c?: CollectionInput): CollectionValues {
  const n = (v: number | null) => (v === null ? "" : String(v));
  if (!c) {
    return {
      title: "",
      slug: "",
      description: "",
      mode: "manual",
      ruleCategorySlug: "",
      ruleTag: "",
      ruleMinPrice: "",
      ruleMaxPrice: "",
      ruleNewDays: "",
      homePosition: "0",
      ruleOnSale: false,
      published: true,
      showOnHome: false,
      removeImage: false,
    };
  }
  return {
    title: c.title,
    slug: c.slug,
    description: c.description,
    mode: c.mode,
    ruleCategorySlug: c.categorySlug ?? "",
    ruleTag: c.tag ?? "",
    ruleMinPrice: n(c.minPrice),
    ruleMaxPrice: n(c.maxPrice),
    ruleNewDays: n(c.newDays),
    homePosition: String(c.homePosition),
    ruleOnSale: c.onSale,
    published: c.published,
    showOnHome: c.showOnHome,
    removeImage: false,
  };
}
