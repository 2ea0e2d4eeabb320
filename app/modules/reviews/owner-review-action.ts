import { z } from "~/lib/zod";

/** Said when a post is not one of the buttons (an old page, a hand-made request). */
export const REVIEW_ACTION_NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";

/** The Reviews tab's two buttons on a review. */
export const ownerReviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hide"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("show"), id: z.string().min(1).max(100) }),
]);
