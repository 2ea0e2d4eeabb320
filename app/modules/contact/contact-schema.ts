import { z } from "zod";

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters`);

/** The contact form's rules, shared by the page and the server. */
export const contactSchema = z.object({
  name: required("Please enter your name", 100),
  email: required("Please enter your email address", 200).pipe(z.email("Please enter a valid email address")),
  subject: required("Please enter a subject", 200),
  message: required("Please enter your message", 5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
