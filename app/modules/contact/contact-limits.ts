/** How long each contact field may be, and what to say when it is longer (contact-schema.ts states the rules). */
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
