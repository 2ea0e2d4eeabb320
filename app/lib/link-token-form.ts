import { z } from "~/lib/zod";

/**
 * The one button of a page an e-mail's link opens (confirm Notify Me, unsubscribe): the link's
 * token, sent back as it came. Whether it is still good is the module's to say; a form without one
 * is refused like a bad link.
 */
export const linkTokenFormSchema = z.object({
  token: z.string({ error: "This link cannot be used." }).trim().min(1).max(500),
});
