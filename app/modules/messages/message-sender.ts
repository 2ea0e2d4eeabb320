import type { MessageChannel } from "~/db/schema/statuses";

/**
 * The port through which the outbox's messages leave the shop: one sender per channel, made once at
 * start by an integration (app/integrations/messaging/: SMTP today, WhatsApp next) and handed to
 * the mail worker and to the routes that send (Settings' test e-mail) through the request context.
 * Plain types: this module never imports a vendor client.
 */

/** One e-mail, rendered, as the e-mail channel's sender takes it. */
export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/**
 * What a sender answers for one message: accepted (with the id the service gave it), or not, with
 * the service's own words and whether trying again could help (`permanent`: a refused mailbox or
 * sender; not a server that is down or busy). A refusal is an answer, never a throw.
 */
export type SendOutcome =
  | { accepted: true; messageId: string }
  | { accepted: false; reason: string; permanent: boolean };

/** A channel's way out: sends one rendered message at a time. */
export type MessageSender<Message> = {
  send(message: Message): Promise<SendOutcome>;
  /** Lets go of its connections (at shutdown, after the worker has stopped). */
  close(): Promise<void>;
};

export type EmailSender = MessageSender<OutgoingEmail>;

/**
 * Each channel's sender, or null where the shop has none configured (no SMTP_URL): the worker still
 * renders and keeps those messages, marked not sent, and pages say so.
 */
export type MessageSenders = { email: EmailSender | null };

/** Whether the shop can send on `channel` (Settings and Email Logs say so, never the SMTP URL itself). */
export function canSend(senders: MessageSenders, channel: MessageChannel): boolean {
  return senders[channel] !== null;
}
