import { z } from "~/lib/zod";

const ENTER_EMAIL = "Please enter the e-mail of their account";

/** Add a seller: the e-mail of an existing account, and whether they get order notices. */
export const grantSellerSchema = z.object({
  intent: z.literal("grant"),
  email: z
    .string({ error: ENTER_EMAIL })
    .trim()
    .min(1, ENTER_EMAIL)
    .pipe(z.email("Please enter a valid e-mail address")),
  // The "Also send order notices" checkbox: sent as "on" when ticked, absent when not.
  orderNotices: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

/** The Team page's two forms: Add a seller, and a seller's Remove seller role. */
export const teamActionSchema = z.discriminatedUnion("intent", [
  grantSellerSchema,
  z.object({ intent: z.literal("revoke"), userId: z.string().min(1) }),
]);
