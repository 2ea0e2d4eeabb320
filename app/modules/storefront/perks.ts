import { fillPlaceholders, placeholderValues, type PlaceholderSettings } from "./page-placeholders";

/**
 * The home page's perks strip and the footer's line: the owner's words with the pages' placeholders
 * (page-placeholders.ts) filled from the shop's settings, so a promise ("7-day returns") always
 * matches what Settings says.
 */

export const PERK_ICONS = ["truck", "cash", "return", "shield", "star", "gift", "chat", "leaf"] as const;
export type PerkIcon = (typeof PERK_ICONS)[number];
export const PERK_ICON_LABELS: Record<PerkIcon, string> = {
  truck: "Delivery truck",
  cash: "Cash",
  return: "Return arrow",
  shield: "Shield",
  star: "Star",
  gift: "Gift",
  chat: "Chat",
  leaf: "Leaf",
};
export type Perk = { icon: PerkIcon; title: string; text: string };

export const PERK_COUNT = 4;
export const PERK_TITLE_MAX = 40;
export const PERK_TEXT_MAX = 160;
export const FOOTER_TEXT_MAX = 300;

/** The built-in four (today's words), with the figures from Settings. */
export const DEFAULT_PERKS: readonly Perk[] = [
  {
    icon: "truck",
    title: "Fast delivery",
    text: "{delivery_days_local} working days in {shop_city}, {delivery_days_national} elsewhere. {shipping_headline}.",
  },
  { icon: "cash", title: "Cash on delivery", text: "Pay in cash when your parcel arrives. No card needed." },
  {
    icon: "return",
    title: "{return_window_days}-day returns",
    text: "Changed your mind? Return or exchange within {return_window_days} days.",
  },
  { icon: "shield", title: "Secure shopping", text: "Your details stay private and are never sold." },
];

export const DEFAULT_FOOTER_TEXT =
  "Everyday clothing made for Pakistan. Cash on delivery nationwide, {return_window_days}-day returns.";

export type PerkFacts = PlaceholderSettings;

/** The perks shoppers see: the owner's (or the built-in four) with the figures filled in. */
export function shownPerks(
  stored: readonly { icon: string; title: string; text: string }[] | null,
  facts: PerkFacts,
): Perk[] {
  const values = placeholderValues(facts);
  return (stored ?? DEFAULT_PERKS).map((p) => ({
    icon: (PERK_ICONS as readonly string[]).includes(p.icon) ? (p.icon as PerkIcon) : "star",
    title: fillPlaceholders(p.title, values),
    text: fillPlaceholders(p.text, values),
  }));
}

export function shownFooterText(stored: string | null, facts: PerkFacts): string {
  return fillPlaceholders(stored ?? DEFAULT_FOOTER_TEXT, placeholderValues(facts));
}

export type PerksField = `perk${number}${"Icon" | "Title" | "Text"}`;

/** The four perks as posted (perk0Icon, perk0Title, perk0Text ...), checked; or each field's message. */
export function readPerksInput(
  form: Record<string, string>,
): { ok: true; perks: Perk[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const perks: Perk[] = [];
  for (let i = 0; i < PERK_COUNT; i++) {
    const icon = form[`perk${i}Icon`] ?? "";
    const title = (form[`perk${i}Title`] ?? "").trim();
    const text = (form[`perk${i}Text`] ?? "").trim();
    if (!(PERK_ICONS as readonly string[]).includes(icon)) errors[`perk${i}Icon`] = "Choose an icon";
    if (!title) errors[`perk${i}Title`] = "Write the perk's title";
    else if (title.length > PERK_TITLE_MAX)
      errors[`perk${i}Title`] = `Keep the title under ${PERK_TITLE_MAX} characters`;
    if (!text) errors[`perk${i}Text`] = "Write a line about the perk";
    else if (text.length > PERK_TEXT_MAX) errors[`perk${i}Text`] = `Keep the line under ${PERK_TEXT_MAX} characters`;
    perks.push({ icon: icon as PerkIcon, title, text });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, perks };
}
