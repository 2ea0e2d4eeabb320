import { announcementKey } from "./announcement";
import { shownFooterText, type PerkFacts } from "./perks";
import { isLive } from "./schedule-window";
import { socialLabel } from "./social-links";

/**
 * The parts of the shop's frame (every page's header, footer and head) made from the settings row:
 * what root.tsx's loader gives every page. Pure, from settings already read (and kept in memory).
 */
type FrameSettings = {
  logo: { width: number; height: number; sources: { key: string; width: number }[] } | null;
  favicon: { width: number; height: number; sources: { key: string; width: number }[] } | null;
  accentColor: string | null;
  footerText: string | null;
  socialLinks: { network: string; url: string }[];
  announcementText: string | null;
  announcementHref: string | null;
  announcementStartsAt: Date | null;
  announcementEndsAt: Date | null;
} & PerkFacts;

export function rootBrand(s: FrameSettings) {
  return {
    logo: s.logo,
    favicon: s.favicon,
    accentColor: s.accentColor,
    footerText: shownFooterText(s.footerText, s),
    socialLinks: s.socialLinks.map((l) => ({ network: l.network, label: socialLabel(l.network), url: l.url })),
  };
}

/** The announcement bar if it is live at `now` (start inclusive, end exclusive), else null. */
export function liveAnnouncement(
  s: FrameSettings,
  now: Date,
): { text: string; href: string | null; key: string } | null {
  if (!s.announcementText) return null;
  if (!isLive({ startsAt: s.announcementStartsAt, endsAt: s.announcementEndsAt }, now)) return null;
  return {
    text: s.announcementText,
    href: s.announcementHref,
    key: announcementKey(s.announcementText, s.announcementHref),
  };
}
