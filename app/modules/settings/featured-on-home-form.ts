import { z } from "~/lib/zod";

/** Storefront -> Collections' one switch: whether the home page shows Featured products (a ticked box sends "on"). */
export const featuredOnHomeSchema = z.object({
  showFeaturedOnHome: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});
