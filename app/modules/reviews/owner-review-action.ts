import { z } from "~/lib/zod";

/** The Reviews tab's two buttons on a review. */
export const ownerReviewActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hide"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("show"), id: z.string().min(1).max(100) }),
]);
