import type { MessageChannel } from "~/db/schema/statuses";

/**
 * The port through which the outbox's messages leave the shop: one sender per channel, made once at
 * start by an integration (app/integrations/messaging/: SMTP, and WhatsApp's Cloud API) and handed to
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
  { accepted: true; messageId: string } | { accepted: false; reason: string; permanent: boolean };

/** A channel's way out: sends one rendered message at a time. */
export type MessageSender<Message> = {
  send(message: Message): Promise<SendOutcome>;
  /** Lets go of its connections (at shutdown, after the worker has stopped). */
  close(): Promise<void>;
};

export type EmailSender = MessageSender<OutgoingEmail>;

/**
 * The WhatsApp Business account a message goes out from: the Cloud API's phone-number ID and the
 * access token, read from Settings -> WhatsApp (decrypted) for each send, never from the environment.
 */
export type WhatsappAccount = { phoneNumberId: string; accessToken: string };

/**
 * One WhatsApp template message, as the WhatsApp channel's sender takes it: the account it goes out
 * from, the buyer's number in international form without "+" ("923001234567"), the template's name
 * and language code as approved by Meta, the body's {{1}}, {{2}}, ... in order, and one payload per
 * quick-reply button in button order (index 0, 1, ...): what Meta hands back when the buyer taps it.
 */
export type OutgoingWhatsapp = {
  account: WhatsappAccount;
  to: string;
  template: string;
  language: string;
  bodyParameters: string[];
  buttonPayloads: string[];
};

export type WhatsappSender = MessageSender<OutgoingWhatsapp>;

/**
 * Server events for one Pixel as Meta's Conversions API takes them (issue 44): the dataset (Pixel
 * ID), its access token (from Settings -> Marketing, opened for the send), the Test events code when
 * one is set, and the events in Meta's own shape (integrations/marketing builds the request).
 */
export type OutgoingMetaEvents = {
  pixelId: string;
  accessToken: string;
  testEventCode: string | null;
  events: MetaServerEvent[];
};

/** One server event in the Conversions API's shape (user data already hashed where Meta asks for hashes). */
export type MetaServerEvent = {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: "website";
  event_source_url?: string;
  user_data: Record<string, string | string[]>;
  custom_data?: Record<string, unknown>;
};

export type MetaEventSender = MessageSender<OutgoingMetaEvents>;

/**
 * Each channel's sender, or null where the shop has none (no SMTP_URL; no WhatsApp client made): the
 * worker still keeps those messages, marked not sent, and pages say so. WhatsApp also needs its
 * settings (Settings -> WhatsApp): without them its messages are not sent either.
 */
export type MessageSenders = {
  email: EmailSender | null;
  whatsapp?: WhatsappSender | null;
  meta?: MetaEventSender | null;
};

/** Whether the shop can send on `channel` (Settings and Email Logs say so, never the SMTP URL itself). */
export function canSend(senders: MessageSenders, channel: MessageChannel): boolean {
  return (senders[channel] ?? null) !== null;
}
