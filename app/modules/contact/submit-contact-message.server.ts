import type { DbOrTx } from "~/db/client.server";
import { contactMessages, shopSettings } from "~/db/schema";
import { queueEmail } from "~/modules/email/queue-email.server";
import { contactSchema, type ContactField } from "./contact-schema";

export type ContactResult =
  | { ok: true }
  | { ok: false; errors: Partial<Record<ContactField, string>>; values: Record<ContactField, string> };

/**
 * Validates and stores a contact message for the owner's inbox, and e-mails it to the shop's
 * contact address in the same transaction. Bad input stores nothing.
 */
export async function submitContactMessage(db: DbOrTx, input: Record<string, unknown>): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as ContactField] ??= issue.message;
    const text = (k: ContactField) => (typeof input[k] === "string" ? (input[k] as string) : "");
    return { ok: false, errors, values: { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") } };
  }
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values(parsed.data);
    const [shop] = await tx.select({ contactEmail: shopSettings.contactEmail }).from(shopSettings).limit(1);
    if (shop) {
      await queueEmail(tx, { kind: "contact_message", to: shop.contactEmail, data: { ...parsed.data, inboxPath: "/seller-dashboard/inbox" } });
    }
  });
  return { ok: true };
}
