import { z } from "zod";

/** The longest each field may be (characters): also what the page checks before sending. */
export const CONTACT_MAX = { name: 100, email: 200, subject: 200, message: 5000 } as const;

const FIELD_WORDS = { name: "name", email: "email address", subject: "subject", message: "message" } as const;

/** 'Please keep your message under 5000 characters': said beside a field that is too long. */
export function contactTooLong(field: keyof typeof CONTACT_MAX): string {
  return `Please keep your ${FIELD_WORDS[field]} under ${CONTACT_MAX[field]} characters`;
}

const required = (message: string, field: keyof typeof CONTACT_MAX) =>
  z.string({ error: message }).trim().min(1, message).max(CONTACT_MAX[field], contactTooLong(field));

/** The contact form's rules, shared by the page and the server. */
export const contactSchema = z.object({
  name: required("Please enter your name", "name"),
  email: required("Please enter your email address", "email").pipe(z.email("Please enter a valid email address")),
  subject: required("Please enter a subject", "subject"),
  message: required("Please enter your message", "message"),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;

/** The fields longer than they may be (trimmed, as the server counts), with what to say beside each. */
export function contactLengthErrors(values: Partial<Record<ContactField, string>>): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of Object.keys(CONTACT_MAX) as ContactField[]) {
    if ((values[field] ?? "").trim().length > CONTACT_MAX[field]) errors[field] = contactTooLong(field);
  }
  return errors;
}
