import { createProviders, type Providers } from "~/integrations/providers.server";

/**
 * The providers a test's request context or mail worker gets: the real ones, as start-up makes
 * them. No e-mail sender unless `smtpUrl` is given, which is the SMTP stand-in's
 * (app/integrations/messaging/smtp-stand-in.ts) wherever a test sends e-mail; couriers through
 * their portals' files. WhatsApp through the Graph API stand-in when `whatsappApiUrl` is given; PostEx
 * Leopards, TCS, Trax and M&P through their stand-ins (app/integrations/couriers/<courier>/*-stand-in.ts)
 * when `postexApiUrl`, `leopardsApiUrl`, `tcsApiUrl`, `traxApiUrl` / `mnpApiUrl` are given; Safepay and JazzCash through theirs
 * (app/integrations/payments/{safepay,jazzcash}/*-stand-in.ts) when `safepayApiUrl` / `jazzcashApiUrl`
 * are given. Close them with closeProviders when a sender was made.
 */
export function testProviders({
  smtpUrl,
  whatsappApiUrl,
  postexApiUrl,
  leopardsApiUrl,
  tcsApiUrl,
  traxApiUrl,
  mnpApiUrl,
  safepayApiUrl,
  jazzcashApiUrl,
}: {
  smtpUrl?: string;
  whatsappApiUrl?: string;
  postexApiUrl?: string;
  leopardsApiUrl?: string;
  tcsApiUrl?: string;
  traxApiUrl?: string;
  mnpApiUrl?: string;
  safepayApiUrl?: string;
  jazzcashApiUrl?: string;
} = {}): Providers {
  // WhatsApp: the Graph API stand-in's address where a test sends WhatsApp (whatsapp-stand-in.ts);
  // otherwise a loopback port nothing listens on, so a test never reaches Meta.
  // Couriers' APIs likewise: their stand-ins' addresses, or a port nothing listens on.
  return createProviders({
    SMTP_URL: smtpUrl,
    WHATSAPP_API_URL: whatsappApiUrl ?? "http://127.0.0.1:9/v21.0",
    POSTEX_API_URL: postexApiUrl ?? "http://127.0.0.1:9/services/integration/api/order/",
    LEOPARDS_API_URL: leopardsApiUrl ?? "http://127.0.0.1:9/api/",
    TCS_API_URL: tcsApiUrl ?? "http://127.0.0.1:9",
    TRAX_API_URL: traxApiUrl ?? "http://127.0.0.1:9/api",
    MNP_API_URL: mnpApiUrl ?? "http://127.0.0.1:9/mycodapi/api/",
    SAFEPAY_API_URL: safepayApiUrl ?? "http://127.0.0.1:9",
    JAZZCASH_API_URL: jazzcashApiUrl ?? "http://127.0.0.1:9",
  });
}
