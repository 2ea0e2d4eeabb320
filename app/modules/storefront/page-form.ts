import { z } from "zod";
import { slugify, SLUG_PATTERN } from "~/lib/slug";

/** The page editor's fields (Dashboard -> Storefront -> Pages), one schema for the page and the server. */
export const PAGE_FIELDS = ["title", "slug", "body", "published"] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export type PageFormValues = { title: string; slug: string; body: string; published: boolean };
export type PageInput = PageFormValues;

export const PAGE_BODY_MAX = 50_000;
export const SLUG_MESSAGE = "Use lower-case letters, digits and single hyphens, like size-help";
export const SLUG_TAKEN = "Another page already has this address: please choose another";

export const pageFormSchema = z
  .object({
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
      .transform((v) => v.replace(/\r\n?/g, "\n")),
    published: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .transform((v, ctx) => {
    const slug = v.slug === "" ? slugify(v.title, 80) : v.slug;
    if (!SLUG_PATTERN.test(slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: SLUG_MESSAGE });
      return z.NEVER;
    }
    return { ...v, slug };
  });

export type ParsedPageForm =
  | { ok: true; data: PageInput; values: PageFormValues }
  | { ok: false; errors: Partial<Record<PageField, string>>; values: PageFormValues };

/** A posted editor form read: the values as typed (kept on a refusal) and the input or the messages by field. */
export function parsePageForm(form: FormData | Record<string, unknown>): ParsedPageForm {
  const get = (k: string) => (form instanceof FormData ? form.get(k) : form[k]);
  const text = (k: string) => (typeof get(k) === "string" ? (get(k) as string) : "");
  const values: PageFormValues = {
    title: text("title"),
    slug: text("slug"),
    body: text("body").replace(/\r\n?/g, "\n"),
    published: get("published") === "on",
  };
  const parsed = pageFormSchema.safeParse({
    title: values.title,
    slug: values.slug,
    body: values.body,
    published: get("published") ?? "",
  });
  if (parsed.success) return { ok: true, data: parsed.data, values };
  const errors: Partial<Record<PageField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as PageField] ??= issue.message;
  return { ok: false, errors, values };
}
