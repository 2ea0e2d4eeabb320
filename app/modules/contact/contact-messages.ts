/** What the contact form says after sending (SPEC.md section 8). */
export const CONTACT_SUCCESS = "Message sent successfully! We will get back to you within 24 hours.";
export const CONTACT_FAILURE = "Failed to send message. Please try again or contact us directly.";
export const CONTACT_FORM_EXPIRED =
  "This form was open for more than a day. Please check your message and send it again.";

/** The honeypot: a field people never see or reach, named so form-filling bots fill it in. */
export const CONTACT_HONEYPOT_FIELD = "website";
/** The signed time the form was shown (contact-form-token.server.ts). */
export const CONTACT_TOKEN_FIELD = "formStartedAt";

/** Shown with a message sent faster than a person types, in the inbox and the owner's e-mail. */
export const CONTACT_POSSIBLE_SPAM_NOTE =
  "Possible spam: this form was sent within seconds of opening the contact page, faster than a person types. Check it before you reply.";
