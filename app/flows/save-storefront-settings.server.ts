import { saveStorefrontSettings } from "~/modules/settings/save-storefront-settings.server";
import type { AnnouncementInput } from "~/modules/storefront/announcement";
import type { Perk } from "~/modules/storefront/perks";
import {
  announcementSettings,
  brandSettings,
  perksSettings,
  type BrandChange,
} from "~/modules/storefront/storefront-settings.server";
import type { FlowContext } from "./flow-context";

/**
 * The Storefront and Brand pages' saves: modules/storefront says what the columns become, and
 * modules/settings, which owns the shop's settings, saves them and tells every server process.
 */

/** The announcement bar: its line, link and window (empty text: no bar). */
export async function saveAnnouncement({ db }: FlowContext, input: AnnouncementInput): Promise<void> {
  await saveStorefrontSettings(db, await announcementSettings(db, input));
}

/** The brand: accent colour (already checked), logo and favicon (undefined: kept; null: removed), footer line and social links. */
export async function saveBrand({ db }: FlowContext, change: BrandChange): Promise<void> {
  await saveStorefrontSettings(db, brandSettings(change));
}

/** The perks strip: the owner's four, or null for the built-in four. */
export async function savePerks({ db }: FlowContext, perks: Perk[] | null): Promise<void> {
  await saveStorefrontSettings(db, perksSettings(perks));
}
