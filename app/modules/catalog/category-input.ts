import { z } from "~/lib/zod";
import { keptValue, type FormReply } from "~/lib/form-reply";
import { fromShopDateTimeLocal, toShopDateTimeLocal } from "~/lib/shop-time";
import { slugify, SLUG_PATTERN } from "~/lib/slug";

/**
 * The owner's category form (Dashboard -> Catalogue -> Categories): what it holds, how it is read,
 * and the words a refusal says beside each field. Every value comes back as typed after a refusal.
 */

/** Dashboard -> Catalogue -> Categories. */
export const CATEGORIES_PATH = "/seller/catalogue";

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_SLUG_MAX = 40;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const LAUNCH_LABEL_MAX = 40;
/** Google's and Facebook's product categories: a number or a path of names ("A > B > C"). */
export const PRODUCT_CATEGORY_MAX = 250;

/** Lower-case letters and digits in words joined by single hyphens: what /category/{slug} and the listing's filter accept. */
export const CATEGORY_SLUG_PATTERN = SLUG_PATTERN;

export const CATEGORY_MESSAGES = {
  nameRequired: "Enter the category's name",
  nameTooLong: `Keep the name to ${CATEGORY_NAME_MAX} characters`,
  slugFormat: "Use lower-case letters, digits and single hyphens (for example eid-lawn)",
  slugTooLong: `Keep the URL slug to ${CATEGORY_SLUG_MAX} characters`,
  slugTaken: "Another category already uses this URL slug",
  slugRedirect: "This URL slug is an old address of another category",
  descriptionTooLong: `Keep the description to ${CATEGORY_DESCRIPTION_MAX} characters`,
  launchLabelTooLong: `Keep the launch label to ${LAUNCH_LABEL_MAX} characters`,
  launchAtInvalid: "Enter the launch date and time, or leave it empty",
  launchAtPast: "Pick a launch time in the future (or untick Coming soon to open it now)",
  googleCategoryFormat:
    "Enter Google's category number (for example 2271) or its path (for example Apparel & Accessories > Clothing), or leave it empty",
  fbCategoryFormat:
    "Enter Facebook's category path (for example Clothing & Accessories > Clothing > Women's Clothing) or its number, or leave it empty",
} as const;

/**
 * A product category of Google's taxonomy or Facebook's, as a catalogue feed names it: a number
 * ("2271") or a path of names joined by ">" ("Apparel & Accessories > Clothing > Dresses"). Any
 * spacing around ">" is made one space; empty is none (null).
 */
export function productCategoryValue(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (trimmed.length > PRODUCT_CATEGORY_MAX) return undefined;
  if (/^\d{1,10}$/.test(trimmed)) return trimmed;
  const parts = trimmed.split(">").map((part) => part.trim().replace(/\s+/g, " "));
  // Names of letters (any script), digits, spaces and & , ' - ( ) / . only; none empty.
  if (parts.some((part) => !/^[\p{L}\p{N}][\p{L}\p{N} &,'\u2019()/.-]*$/u.test(part))) return undefined;
  return parts.join(" > ");
}

/** An optional product category field: its value, null when empty, refused with `message` when not a category. */
const productCategory = (message: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const value = productCategoryValue(text);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

/** A slug suggested from a name: "Eid Lawn '26" -> "eid-lawn-26". */
export function slugFromName(name: string): string {
  return slugify(name, CATEGORY_SLUG_MAX);
}

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1, CATEGORY_MESSAGES.nameRequired).max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong),
  slug: z
    .string()
    .trim()
    .max(CATEGORY_SLUG_MAX, CATEGORY_MESSAGES.slugTooLong)
    .regex(CATEGORY_SLUG_PATTERN, CATEGORY_MESSAGES.slugFormat),
  description: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, CATEGORY_MESSAGES.descriptionTooLong),
  hidden: z.boolean(),
  comingSoon: z.boolean(),
  launchLabel: z
    .string()
    .trim()
    .max(LAUNCH_LABEL_MAX, CATEGORY_MESSAGES.launchLabelTooLong)
    .transform((s) => (s === "" ? null : s)),
  launchAt: z.date().nullable(),
  removeImage: z.boolean(),
  // The catalogue feed's categories for its products (issue 44); absent: left as they are.
  googleProductCategory: productCategory(CATEGORY_MESSAGES.googleCategoryFormat),
  fbProductCategory: productCategory(CATEGORY_MESSAGES.fbCategoryFormat),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export type CategoryValues = {
  name: string;
  slug: string;
  description: string;
  hidden: boolean;
  comingSoon: boolean;
  launchLabel: string;
  launchAt: string;
  removeImage: boolean;
  googleProductCategory: string;
  fbProductCategory: string;
};
export type CategoryField = keyof CategoryValues | "image";

/** The form's starting values: empty for a new category, or the category's own. */
export function categoryFormValues(category?: {
  name: string;
  slug: string;
  description: string;
  hidden: boolean;
  comingSoon: boolean;
  launchLabel: string | null;
  launchAt: Date | string | null;
  googleProductCategory?: string | null;
  fbProductCategory?: string | null;
}): CategoryValues {
  return {
    name: category?.name ?? "",
    slug: category?.slug ?? "",
    description: category?.description ?? "",
    hidden: category?.hidden ?? false,
    comingSoon: category?.comingSoon ?? false,
    launchLabel: category?.launchLabel ?? "",
    launchAt: toShopDateTimeLocal(category?.launchAt ?? null),
    removeImage: false,
    googleProductCategory: category?.googleProductCategory ?? "",
    fbProductCategory: category?.fbProductCategory ?? "",
  };
}

// Each field as text (a little over its limit, so "too long" is still said), or a ticked box.
const text = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value.slice(0, max + 200) : ""));
const checked = z
  .unknown()
  .optional()
  .transform((value) => value === "on" || value === "true");

/**
 * Add category and Edit category: the schema the action parses and the page checks with. An empty
 * slug is the one suggested from the name; a launch time is typed in Pakistan time and must lie
 * ahead of `now()` (a past one would open the category at once). The picture is the server's to
 * check (categoryAction).
 */
export function categoryFormSchemaAt(now: () => Date) {
  return z
    .object({
      intent: z.literal("save"),
      name: text(CATEGORY_NAME_MAX),
      slug: text(CATEGORY_SLUG_MAX),
      description: text(CATEGORY_DESCRIPTION_MAX),
      hidden: checked,
      comingSoon: checked,
      launchLabel: text(LAUNCH_LABEL_MAX),
      launchAt: text(40),
      removeImage: checked,
      googleProductCategory: text(PRODUCT_CATEGORY_MAX),
      fbProductCategory: text(PRODUCT_CATEGORY_MAX),
      image: z.unknown().optional(),
      pendingImage: z.unknown().optional(),
    })
    .transform(({ intent: _intent, image: _image, pendingImage: _pending, ...values }, ctx): CategoryInput => {
      const fail = (field: CategoryField, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
      let launchAt: Date | null = null;
      let failed = false;
      if (values.comingSoon && values.launchAt.trim() !== "") {
        launchAt = fromShopDateTimeLocal(values.launchAt);
        if (!launchAt) fail("launchAt", CATEGORY_MESSAGES.launchAtInvalid);
        else if (launchAt.getTime() <= now().getTime()) fail("launchAt", CATEGORY_MESSAGES.launchAtPast);
        failed = !launchAt || launchAt.getTime() <= now().getTime();
      }
      const slug = values.slug.trim() === "" ? slugFromName(values.name) : values.slug.trim();
      const parsed = categoryInputSchema.safeParse({
        ...values,
        slug,
        // A category that is not coming soon has no launch: its label and time would only mislead later.
        launchLabel: values.comingSoon ? values.launchLabel : "",
        launchAt: values.comingSoon ? launchAt : null,
      });
      if (!parsed.success) {
        const said = new Set<string>(failed ? ["launchAt"] : []);
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as CategoryField;
          if (!said.has(field)) fail(field, issue.message);
          said.add(field);
        }
      }
      if (!parsed.success || failed) return z.NEVER;
      return parsed.data;
    });
}

/** The category form's schema, read at the time of each check. */
export const categoryFormSchema = categoryFormSchemaAt(() => new Date());

/** What a refused category form had typed, to show again. */
export function keptCategoryValues(reply: FormReply): CategoryValues {
  const box = (name: string) => ["on", "true"].includes(keptValue(reply, name) ?? "");
  return {
    name: keptValue(reply, "name") ?? "",
    slug: keptValue(reply, "slug") ?? "",
    description: keptValue(reply, "description") ?? "",
    hidden: box("hidden"),
    comingSoon: box("comingSoon"),
    launchLabel: keptValue(reply, "launchLabel") ?? "",
    launchAt: keptValue(reply, "launchAt") ?? "",
    removeImage: box("removeImage"),
    googleProductCategory: keptValue(reply, "googleProductCategory") ?? "",
    fbProductCategory: keptValue(reply, "fbProductCategory") ?? "",
  };
}

/** What a coming-soon category says about its launch: the owner's label, else its date, else "Soon". */
export function launchText(
  category: { launchLabel: string | null; launchAt: Date | string | null },
  formatDate: (d: Date) => string,
): string {
  if (category.launchLabel) return category.launchLabel;
  if (category.launchAt) return formatDate(new Date(category.launchAt));
  return "Soon";
}

/** "1 product is in this category", "12 products are in this category": why a category cannot be deleted. */
export function productsInCategoryMessage(count: number): string {
  return count === 1 ? "1 product is in this category" : `${count} products are in this category`;
}
