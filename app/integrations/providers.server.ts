import type { Env } from "~/lib/env.server";
import type { MessageSenders } from "~/modules/messages/message-sender";
import type { WhatsappWebhookReader } from "~/modules/messages/whatsapp-webhook-reader";
import type { PaymentGateways } from "~/modules/payments/payment-gateway";
import type { CourierProviders } from "~/modules/shipping/couriers/courier-provider";
import { fileCourierProvider } from "./couriers/file-portal/file-courier-provider.server";
import { createLeopardsApi } from "./couriers/leopards/leopards-api.server";
import { createMnpApi } from "./couriers/mnp/mnp-api.server";
import { createPostexApi } from "./couriers/postex/postex-api.server";
import { createTcsApi } from "./couriers/tcs/tcs-api.server";
import { createTraxApi } from "./couriers/trax/trax-api.server";
import { createSmtpSender } from "./messaging/smtp-sender.server";
import { createJazzcashGateway } from "./payments/jazzcash/jazzcash-gateway.server";
import { createSafepayGateway } from "./payments/safepay/safepay-gateway.server";
import { createWhatsappCloudSender } from "./messaging/whatsapp-cloud.server";
import { whatsappWebhookReader } from "./messaging/whatsapp-webhook";
import { createMetaConversionsSender } from "./marketing/meta-conversions.server";

/**
 * Every outside service the shop talks to, each behind the port its module owns. Made once per
 * process at start (server/app.ts) and reached by routes through the request context
 * (`context.providers`, beside `db`), by the mail worker (its `senders`), and by tests, which make
 * their own (often the real SMTP sender pointed at the SMTP stand-in).
 */
export type Providers = {
  messaging: MessageSenders;
  couriers: CourierProviders;
  /** The online payment gateways; the merchant's keys come from Settings -> Payments with each call. */
  payments: PaymentGateways;
  /** What reads outside services' webhook deliveries: Meta's WhatsApp signature and envelope. */
  webhooks: { whatsapp: WhatsappWebhookReader };
};

/**
 * The providers the configuration asks for: SMTP when SMTP_URL is set (else e-mails are kept, not
 * sent); WhatsApp's Cloud API at WHATSAPP_API_URL (its account and token come from Settings ->
 * WhatsApp with each message: without them WhatsApp messages are kept, not sent); couriers' portal
 * files, and the merchant APIs of PostEx, Leopards, TCS, Trax and M&P at POSTEX_API_URL,
 * LEOPARDS_API_URL, TCS_API_URL, TRAX_API_URL and MNP_API_URL (the accounts' credentials come from
 * Settings -> Couriers with each call); Safepay and JazzCash at
 * SAFEPAY_API_URL and JAZZCASH_API_URL (keys from Settings -> Payments).
 */
export function createProviders(
  env: Pick<Env, "SMTP_URL"> &
    Partial<
      Pick<
        Env,
        | "WHATSAPP_API_URL"
        | "META_GRAPH_API_URL"
        | "POSTEX_API_URL"
        | "LEOPARDS_API_URL"
        | "TCS_API_URL"
        | "TRAX_API_URL"
        | "MNP_API_URL"
        | "SAFEPAY_API_URL"
        | "JAZZCASH_API_URL"
      >
    >,
): Providers {
  return {
    messaging: {
      email: env.SMTP_URL ? createSmtpSender(env.SMTP_URL) : null,
      whatsapp: createWhatsappCloudSender({ baseUrl: env.WHATSAPP_API_URL }),
      meta: createMetaConversionsSender({ baseUrl: env.META_GRAPH_API_URL }),
    },
    couriers: {
      file: fileCourierProvider,
      api: {
        postex: createPostexApi({ baseUrl: env.POSTEX_API_URL }),
        leopards: createLeopardsApi({ baseUrl: env.LEOPARDS_API_URL }),
        tcs: createTcsApi({ baseUrl: env.TCS_API_URL }),
        trax: createTraxApi({ baseUrl: env.TRAX_API_URL }),
        mnp: createMnpApi({ baseUrl: env.MNP_API_URL }),
      },
    },
    payments: {
      safepay: createSafepayGateway({ baseUrl: env.SAFEPAY_API_URL }),
      jazzcash: createJazzcashGateway({ baseUrl: env.JAZZCASH_API_URL }),
    },
    webhooks: { whatsapp: whatsappWebhookReader },
  };
}

/** Lets go of every provider's connections: at shutdown, once nothing sends any more. */
export async function closeProviders(providers: Providers): Promise<void> {
  await Promise.all(Object.values(providers.messaging).map((sender) => sender?.close()));
}
