import type { DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { contactSchema, type ContactField } from "./contact-schema";

export type ContactResult =
  | { ok: true }
  | { ok: false; errors: Partial<Record<ContactField, string>>; values: Record<ContactField, string> };

/** Validates and stores a contact message for the owner's inbox. Bad input stores nothing. */
export async function submitContactMessage(db: DbOrTx, input: Record<string, unknown>): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as ContactField] ??= issue.message;
    const text = (k: ContactField) => (typeof input[k] === "string" ? (input[k] as string) : "");
    return { ok: false, errors, values: { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") } };
  }
  await db.insert(contactMessages).values(parsed.data);
  return { ok: true };
}
