import { z } from "~/lib/zod";

export const REVIEW_COMMENT_MAX = 2000;
export const RATING_REQUIRED = "Please choose a rating from 1 to 5 stars";
export const COMMENT_TOO_LONG = `Your comment can be at most ${REVIEW_COMMENT_MAX.toLocaleString("en-PK")} characters`;

export type ReviewInput = { rating: number; comment: string };
export type ReviewField = keyof ReviewInput;
export type ReviewFormResult =
  { ok: true; data: ReviewInput } | { ok: false; fields: Partial<Record<ReviewField, string>> };

/**
 * 'Rate this product': a whole number of stars from 1 to 5 (a form sends "4", JSON may send 4) and an
 * optional comment, trimmed, at most 2,000 characters.
 */
export const reviewInputSchema = z.object({
  rating: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: RATING_REQUIRED })
      .int({ error: RATING_REQUIRED })
      .min(1, { error: RATING_REQUIRED })
      .max(5, { error: RATING_REQUIRED }),
  ),
  comment: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" ? value.trim() : ""))
    .pipe(z.string().max(REVIEW_COMMENT_MAX, { error: COMMENT_TOO_LONG })),
});

/** Reads a review from a form or a JSON body: the clean input, or a message per field. */
export function parseReviewInput(raw: Record<string, unknown>): ReviewFormResult {
  const parsed = reviewInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: Partial<Record<ReviewField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === "rating" || key === "comment") && !fields[key]) fields[key] = issue.message;
  }
  return { ok: false, fields };
}

/** The first word of a name: a review shows only the buyer's first name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || "A buyer";
}
