/** What the contact form says after sending (SPEC.md section 8). */
export const CONTACT_SUCCESS = "Message sent successfully! We will get back to you within 24 hours.";
export const CONTACT_FAILURE = "Failed to send message. Please try again or contact us directly.";
