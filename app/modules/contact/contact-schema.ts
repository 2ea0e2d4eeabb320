import { z } from "~/lib/zod";
import { CONTACT_MAX, contactTooLong, type ContactField } from "./contact-limits";

export { CONTACT_MAX, contactTooLong, type ContactField } from "./contact-limits";

const required = (message: string, field: ContactField) =>
  z.string({ error: message }).trim().min(1, message).max(CONTACT_MAX[field], contactTooLong(field));

/** The contact form's rules: the action reads the form with them and the page checks it with them before sending. */
export const contactSchema = z.object({
  name: required("Please enter your name", "name"),
  email: required("Please enter your email address", "email").pipe(z.email("Please enter a valid email address")),
  subject: required("Please enter a subject", "subject"),
  message: required("Please enter your message", "message"),
});

export type ContactInput = z.infer<typeof contactSchema>;
