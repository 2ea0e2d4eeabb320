import type { shopSettings } from "./tables";

/** The storefront's columns of the shop's settings (Storefront and Brand pages): what storefront asks settings to save. */
export type StorefrontSettingsChange = Partial<
  Pick<
    typeof shopSettings.$inferInsert,
    | "logo"
    | "favicon"
    | "accentColor"
    | "announcementText"
    | "announcementHref"
    | "announcementStartsAt"
    | "announcementEndsAt"
    | "perks"
    | "footerText"
    | "socialLinks"
  >
>;
