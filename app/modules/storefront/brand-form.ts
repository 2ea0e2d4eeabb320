import { z } from "~/lib/zod";
import { readAccentColor } from "./brand";
import { FOOTER_TEXT_MAX } from "./perks";
import { readSocialLinks, SOCIAL_NETWORKS } from "./social-links";

const typed = z.string().default("");

/**
 * Storefront -> Brand's text fields (the logo and icon are files, read beside it): the accent
 * colour (dark enough for white text), the footer line and one link per social network. The page
 * checks them in the browser, the action on the server.
 */
export const brandFormSchema = z
  .object({
    accentColor: typed,
    footerText: typed,
    removeLogo: z.string().optional(),
    removeFavicon: z.string().optional(),
    ...(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social_${n.id}`, typed])) as Record<
      `social_${(typeof SOCIAL_NETWORKS)[number]["id"]}`,
      typeof typed
    >),
  })
  .transform((form, ctx) => {
    const errors: Record<string, string> = {};
    const accent = readAccentColor(form.accentColor);
    if (!accent.ok) errors.accentColor = accent.error;
    const footerText = form.footerText.trim();
    if (footerText.length > FOOTER_TEXT_MAX) errors.footerText = `Keep the line under ${FOOTER_TEXT_MAX} characters`;
    const social = readSocialLinks(form as Record<string, string>);
    if (!social.ok) Object.assign(errors, social.errors);
    for (const [name, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [name], message });
    if (!accent.ok || !social.ok || Object.keys(errors).length) return z.NEVER;
    return {
      accentColor: accent.color,
      footerText: footerText || null,
      socialLinks: social.links,
      removeLogo: form.removeLogo === "on",
      removeFavicon: form.removeFavicon === "on",
    };
  });

/** The words above a refused Brand form, by how many fields are marked. */
export const brandRefused = (marked: number) =>
  `Nothing was saved: please correct the ${marked === 1 ? "field" : "fields"} marked below.`;
