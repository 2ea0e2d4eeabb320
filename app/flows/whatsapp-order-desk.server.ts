import type { WhatsappOrderDesk } from "~/modules/messages/whatsapp-order-desk";
import {
  clearWhatsappQueued,
  markWhatsappQueued,
  recordWhatsappSend,
} from "~/modules/orders/whatsapp-order-answers.server";

/** What WhatsApp's outbox needs done to orders (its port, modules/messages/whatsapp-order-desk.ts), done by modules/orders. */
export const whatsappOrderDesk: WhatsappOrderDesk = {
  confirmationQueued: markWhatsappQueued,
  confirmationNotSent: clearWhatsappQueued,
  confirmationSendResult: recordWhatsappSend,
};
