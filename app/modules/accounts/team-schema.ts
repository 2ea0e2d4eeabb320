import { z } from "zod";

/** The Team page's two forms. */
export const teamActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("grant"),
    email: z
      .string()
      .trim()
      .min(1, "Please enter the e-mail of their account")
      .pipe(z.email("Please enter a valid e-mail address")),
    // The "Also send order notices" checkbox: sent as "on" when ticked, absent when not.
    orderNotices: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  }),
  z.object({ intent: z.literal("revoke"), userId: z.string().min(1) }),
]);
