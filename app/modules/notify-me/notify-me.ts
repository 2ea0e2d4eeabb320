import { z } from "~/lib/zod";

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
  | { ok: false; errors: { email?: string; target?: string }; values: { email: string }; retryAfterSeconds?: number };

/** Said after every accepted request: nothing counts until the address owner follows the e-mailed link. */
export const NOTIFY_ME_CONFIRMATION =
  "Thanks! Please check your e-mail to confirm: we will e-mail you as soon as it is available.";

export const NOTIFY_CONFIRMED_MESSAGE =
  "Your e-mail address is confirmed. We will e-mail you as soon as it is available.";
export const INVALID_CONFIRM_LINK =
  "This confirmation link is not valid: it was already used or has expired. Please ask to be notified again.";

/** Status and headers of the page answering a Notify Me request: 400 for bad input, 429 with Retry-After when limited. */
export function notifyMeResponseInit(result: NotifyMeResult): ResponseInit {
  if (result.ok) return {};
  if (result.retryAfterSeconds) return { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } };
  return { status: 400 };
}

export const UNSUBSCRIBED_MESSAGE = "You will get no more Notify Me e-mails from us at this address.";
export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Please use the link from your most recent Notify Me e-mail.";
