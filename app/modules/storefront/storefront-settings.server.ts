import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { shopSettings } from "~/modules/settings/reads";
import { SETTINGS_CHANNEL } from "../../db/settings-changed";
import type { AnnouncementInput } from "./announcement";
import { targetPath } from "./hero-slides.server";
import type { Perk } from "./perks";
import type { SocialLinkValue } from "./social-links";

type StorefrontColumns = Partial<
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

/**
 * Saves storefront columns of shop_settings and announces the change to every server process (after
 * commit), which drop their settings reads and guest pages, like a Settings save.
 */
async function writeSettings(db: DbOrTx, values: StorefrontColumns): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(shopSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shopSettings.id, 1));
    await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
  });
}

/** The announcement bar: its line, link and window (empty text: no bar). */
export async function saveAnnouncement(db: DbOrTx, input: AnnouncementInput): Promise<void> {
  const href = input.text ? (await targetPath(db, input.link)) || null : null;
  await writeSettings(db, {
    announcementText: input.text,
    announcementHref: href,
    announcementStartsAt: input.startsAt,
    announcementEndsAt: input.endsAt,
  });
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

/** The brand: accent colour (already checked), logo and favicon (undefined: kept; null: removed), footer line and social links. */
export async function saveBrand(db: DbOrTx, change: BrandChange): Promise<void> {
  await writeSettings(db, {
    accentColor: change.accentColor,
    footerText: change.footerText,
    socialLinks: change.socialLinks,
    ...(change.logo !== undefined ? { logo: change.logo } : {}),
    ...(change.favicon !== undefined ? { favicon: change.favicon } : {}),
  });
}

/** The perks strip: the owner's four, or null for the built-in four. */
export async function savePerks(db: DbOrTx, perks: Perk[] | null): Promise<void> {
  await writeSettings(db, { perks });
}
