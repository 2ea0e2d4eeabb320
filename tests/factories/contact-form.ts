import type { Db } from "~/db/client.server";
import { CONTACT_TOKEN_FIELD } from "~/modules/contact/contact-messages";
import { loadContactFormSecret, signContactFormToken } from "~/modules/contact/contact-form-token.server";

/** Contact form fields as a person sends them: with the form's signed rendered-at time, `secondsAgo` back. */
export async function contactForm(
  db: Db,
  fields: Record<string, string>,
  secondsAgo = 20,
): Promise<Record<string, string>> {
  const token = signContactFormToken(await loadContactFormSecret(db), new Date(Date.now() - secondsAgo * 1000));
  return { ...fields, [CONTACT_TOKEN_FIELD]: token };
}
