import { z } from "zod";

export const notifyMeSchema = z.object({
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .pipe(z.email("Please enter a valid email address"))
    .transform((e) => e.toLowerCase()),
  target: z.string().regex(/^(category|product):[a-z0-9-]{1,80}$/, "Unknown item"),
});

export type NotifyMeResult =
  | { ok: true; message: string }
  | { ok: false; errors: { email?: string; target?: string }; values: { email: string } };

export const NOTIFY_ME_CONFIRMATION = "Thanks! We will e-mail you as soon as it is available.";

export const UNSUBSCRIBED_MESSAGE = "You will get no more Notify Me e-mails from us at this address.";
export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Please use the link from your most recent Notify Me e-mail.";
