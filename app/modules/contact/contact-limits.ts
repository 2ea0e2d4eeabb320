/**
 * How long each contact field may be, and what to say when it is longer. Kept apart from the zod
 * schema: the contact page checks lengths before sending, and importing zod there would put it in
 * the page's JavaScript (and its eval probe trips the Content-Security-Policy).
 */
export const CONTACT_MAX = { name: 100, email: 200, subject: 200, message: 5000 } as const;

export type ContactField = keyof typeof CONTACT_MAX;

const FIELD_WORDS: Record<ContactField, string> = {
  name: "name",
  email: "email address",
  subject: "subject",
  message: "message",
};

/** 'Please keep your message under 5000 characters': said beside a field that is too long. */
export function contactTooLong(field: ContactField): string {
  return `Please keep your ${FIELD_WORDS[field]} under ${CONTACT_MAX[field]} characters`;
}

/** The fields longer than they may be (trimmed, as the server counts), with what to say beside each. */
export function contactLengthErrors(
  values: Partial<Record<ContactField, string>>,
): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of Object.keys(CONTACT_MAX) as ContactField[]) {
    if ((values[field] ?? "").trim().length > CONTACT_MAX[field]) errors[field] = contactTooLong(field);
  }
  return errors;
}
