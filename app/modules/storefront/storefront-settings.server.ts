import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/reads";
import type { StorefrontSettingsChange } from "~/modules/settings/storefront-settings";
import type { AnnouncementInput } from "./announcement";
import { targetPath } from "./hero-slides.server";
import type { Perk } from "./perks";
import type { SocialLinkValue } from "./social-links";

/** The announcement bar's columns: its line, link and window (empty text: no bar); saved by the save-storefront-settings flow. */
export async function announcementSettings(db: DbOrTx, input: AnnouncementInput): Promise<StorefrontSettingsChange> {
  const href = input.text ? (await targetPath(db, input.link)) || null : null;
  return {
    announcementText: input.text,
    announcementHref: href,
    announcementStartsAt: input.startsAt,
    announcementEndsAt: input.endsAt,
  };
}

/** The next start or end of the announcement after `now`, or null. */
export async function nextAnnouncementBoundary(db: DbOrTx, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      text: shopSettings.announcementText,
      startsAt: shopSettings.announcementStartsAt,
      endsAt: shopSettings.announcementEndsAt,
    })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  if (!row?.text) return null;
  const edges = [row.startsAt, row.endsAt]
    .filter((d): d is Date => d !== null && new Date(d).getTime() > now.getTime())
    .map((d) => new Date(d).getTime());
  return edges.length ? new Date(Math.min(...edges)) : null;
}

export type BrandChange = {
  accentColor: string | null;
  logo?: StoredImageRefLike | null;
  favicon?: StoredImageRefLike | null;
  footerText: string | null;
  socialLinks: SocialLinkValue[];
};
type StoredImageRefLike = NonNullable<typeof shopSettings.$inferInsert.logo>;

/** The brand's columns: accent colour (already checked), logo and favicon (undefined: kept; null: removed), footer line and social links. */
export function brandSettings(change: BrandChange): StorefrontSettingsChange {
  return {
    accentColor: change.accentColor,
    footerText: change.footerText,
    socialLinks: change.socialLinks,
    ...(change.logo !== undefined ? { logo: change.logo } : {}),
    ...(change.favicon !== undefined ? { favicon: change.favicon } : {}),
  };
}

/** The perks strip's column: the owner's four, or null for the built-in four. */
export function perksSettings(perks: Perk[] | null): StorefrontSettingsChange {
  return { perks };
}
