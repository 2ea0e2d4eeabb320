import type { Db, DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/modules/contact/tables";
import { RATE_RULES } from "~/modules/abuse/abuse-limits";
import { hitRateLimit } from "~/db/rate-limit.server";
import { checkContactFormToken, loadContactFormSecret } from "./contact-form-token.server";
import { CONTACT_FORM_EXPIRED, CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD } from "./contact-messages";
import { contactSchema, type ContactField } from "./contact-schema";

export type ContactResult =
  | { ok: true }
  | {
      ok: false;
      errors: Partial<Record<ContactField, string>>;
      values: Record<ContactField, string>;
      /** About the whole form (a rate limit, an expired form), shown above its button. */
      formError?: string;
      retryAfterSeconds?: number;
    };

export type ContactRequestContext = { address: string; now?: Date };

/** A stored message as the shop's staff are told of it. */
export type ContactNotice = {
  name: string;
  email: string;
  subject: string;
  message: string;
  possibleSpam: boolean;
  inboxPath: string;
};

/**
 * Who tells the staff of a new message, inside the transaction that stores it: the contact module's
 * port, given by the submit-contact-message flow (an e-mail to the notification recipients).
 */
export type TellStaff = (tx: DbOrTx, notice: ContactNotice) => Promise<unknown>;

/**
 * Validates and stores a contact message for the owner's inbox, and tells the staff (`tellStaff`:
 * the notification recipients in Settings, every seller when none are listed) in the same transaction.
 * Bad input stores nothing.
 *
 * Spam is refused without a captcha: a filled honeypot field, or a form with no signed rendered-at
 * token (a script posting straight to the page), gets the same thanks as a real message and stores
 * nothing, so a bot learns nothing. A form sent faster than a person types is kept but marked as
 * possible spam: autofill and paste make a real customer that fast too, and a lost message from a
 * buyer costs more than one spam in the inbox. A form left open over a day is sent back with its
 * values to be sent again. Messages are limited per client address.
 */
export async function storeContactMessage(
  db: Db,
  input: Record<string, unknown>,
  context: ContactRequestContext,
  tellStaff: TellStaff,
): Promise<ContactResult> {
  const text = (k: ContactField) => (typeof input[k] === "string" ? (input[k] as string) : "");
  const values = { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") };
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as ContactField] ??= issue.message;
    return { ok: false, errors, values };
  }
  const now = context.now ?? new Date();
  const honeypot = input[CONTACT_HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { ok: true };
  const timing = checkContactFormToken(await loadContactFormSecret(db), input[CONTACT_TOKEN_FIELD], now);
  if (timing === "invalid") return { ok: true };
  if (timing === "expired") return { ok: false, errors: {}, values, formError: CONTACT_FORM_EXPIRED };

  const limit = await hitRateLimit(db, RATE_RULES.contactPerAddress, context.address, now);
  if (!limit.allowed)
    return { ok: false, errors: {}, values, formError: limit.message, retryAfterSeconds: limit.retryAfterSeconds };

  await db.transaction(async (tx) => {
    const possibleSpam = timing === "too-fast";
    await tx.insert(contactMessages).values({ ...parsed.data, possibleSpam });
    await tellStaff(tx, { ...parsed.data, possibleSpam, inboxPath: "/seller/inbox" });
  });
  return { ok: true };
}

/** Status and headers of the page's answer: 400 for bad input, 429 with Retry-After when limited. */
export function contactResponseInit(result: ContactResult): ResponseInit {
  if (result.ok) return {};
  if (result.retryAfterSeconds) return { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } };
  return { status: 400 };
}
