/** `mailto:` with the subject filled in ("Re: ..."), every part encoded. */
export function replyHref(message: { email: string; subject: string }): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
