import { createProviders, type Providers } from "~/integrations/providers.server";

/**
 * The providers a test's request context or mail worker gets: the real ones, as start-up makes
 * them. No e-mail sender unless `smtpUrl` is given, which is the SMTP stand-in's
 * (app/integrations/messaging/smtp-stand-in.ts) wherever a test sends e-mail; couriers through
 * their portals' files. Close them with closeProviders when a sender was made.
 */
export function testProviders({ smtpUrl }: { smtpUrl?: string } = {}): Providers {
  return createProviders({ SMTP_URL: smtpUrl });
}
