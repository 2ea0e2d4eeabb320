import { z } from "~/lib/zod";

/** The heart's form: the product, whether it is to be saved ("true") or removed, and (without JavaScript) where to go back. */
export const wishlistFormSchema = z.object({
  productId: z.string().min(1).max(120),
  saved: z.enum(["true", "false"]),
  redirectTo: z.string().optional(),
});
