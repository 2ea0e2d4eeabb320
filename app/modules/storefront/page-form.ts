import { z } from "~/lib/zod";
import { slugify, SLUG_PATTERN } from "~/lib/slug";

/** The page editor's fields (Dashboard -> Storefront -> Pages), one schema for the page and the server. */
export const PAGE_FIELDS = ["title", "slug", "body", "published"] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export type PageFormValues = { title: string; slug: string; body: string; published: boolean };
export type PageInput = PageFormValues;

export const PAGE_BODY_MAX = 50_000;
export const SLUG_MESSAGE = "Use lower-case letters, digits and single hyphens, like size-help";
export const SLUG_TAKEN = "Another page already has this address: please choose another";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const published = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const markdown = (v: string) => v.replace(/\r\n?/g, "\n");

const pageFields = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(120, "Please keep the title under 120 characters"),
  // Empty: made from the title.
  slug: z.string().trim().max(80, "Please keep the address under 80 characters").default(""),
  body: z
    .string()
    .max(PAGE_BODY_MAX, `Please keep the text under ${PAGE_BODY_MAX.toLocaleString("en-PK")} characters`)
    .default("")
    .transform(markdown),
  published,
});

function withSlug<T extends { title: string; slug: string }>(v: T, ctx: z.RefinementCtx<T>) {
  const slug = v.slug === "" ? slugify(v.title, 80) : v.slug;
  if (!SLUG_PATTERN.test(slug)) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_MESSAGE });
    return z.NEVER;
  }
  return { ...v, slug };
}

/** A page's fields checked, its address made from the title when left empty. */
export const pageFormSchema = pageFields.transform(withSlug);

/**
 * The editor's one form, by the button pressed: Save checks the fields (in the browser and again
 * on the server); Preview shows whatever was typed, nothing saved, so it checks nothing.
 */
export const pageEditSchema = z.preprocess(
  // No button (a field checked as it is left, or Enter in a field): Save.
  (form: Record<string, unknown>) => (isObject(form) && !form.intent ? { ...form, intent: "save" } : form),
  z.discriminatedUnion("intent", [
    pageFields.extend({ intent: z.literal("save") }).transform(withSlug),
    z.object({
      intent: z.literal("preview"),
      title: z.string().default(""),
      slug: z.string().default(""),
      body: z.string().default("").transform(markdown),
      published,
    }),
  ]),
);

/** The Pages list's Publish and Unpublish buttons: the page's id and which. */
export const pagePublishSchema = z.object({
  pageId: z.coerce
    .number({ error: "Please choose a page" })
    .int("Please choose a page")
    .positive("Please choose a page")
    .max(2_147_483_647, "Please choose a page"),
  intent: z.enum(["publish", "unpublish"], { error: "Please choose a page" }),
});
