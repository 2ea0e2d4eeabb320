import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { readLinkTarget, type LinkTarget } from "./shop-link";

/** A hero slide's form: what the owner types, checked; times are Pakistan wall-clock (datetime-local). */
export const HERO_TEXT_FIELDS = [
  "eyebrow",
  "headline",
  "text",
  "buttonLabel",
  "link",
  "path",
  "imageAlt",
  "startsAt",
  "endsAt",
] as const;
export const HERO_IMAGE_FIELDS = ["image", "phoneImage"] as const;
export type HeroTextField = (typeof HERO_TEXT_FIELDS)[number];
export type HeroField = HeroTextField | (typeof HERO_IMAGE_FIELDS)[number];
export type HeroFormValues = Record<HeroTextField, string>;

const LIMITS: Partial<Record<HeroTextField, number>> = {
  eyebrow: 60,
  headline: 120,
  text: 300,
  buttonLabel: 40,
  imageAlt: 200,
};

export type HeroSlideInput = {
  eyebrow: string;
  headline: string;
  text: string;
  buttonLabel: string;
  button: LinkTarget;
  imageAlt: string;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** A schedule's two ends read as Pakistan time, with each one's message. */
export function readWindow(
  starts: string,
  ends: string,
): { startsAt: Date | null; endsAt: Date | null; errors: { startsAt?: string; endsAt?: string } } {
  const errors: { startsAt?: string; endsAt?: string } = {};
  const startsAt = starts.trim() ? fromShopDateTimeLocal(starts) : null;
  const endsAt = ends.trim() ? fromShopDateTimeLocal(ends) : null;
  if (starts.trim() && !startsAt) errors.startsAt = "Write the start as a date and time";
  if (ends.trim() && !endsAt) errors.endsAt = "Write the end as a date and time";
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) errors.endsAt = "The end must be after the start";
  return { startsAt, endsAt, errors };
}

export function heroFormValues(form: Record<string, string>): HeroFormValues {
  return Object.fromEntries(
    HERO_TEXT_FIELDS.map((f) => [f, typeof form[f] === "string" ? form[f] : ""]),
  ) as HeroFormValues;
}

/** The posted slide, checked: every message by field, or the input to save. */
export function readHeroSlideInput(
  form: Record<string, string>,
): { ok: true; input: HeroSlideInput } | { ok: false; errors: Partial<Record<HeroField, string>> } {
  const v = heroFormValues(form);
  const errors: Partial<Record<HeroField, string>> = {};
  for (const [field, max] of Object.entries(LIMITS) as [HeroTextField, number][]) {
    if (v[field].trim().length > max) errors[field] = `Keep it under ${max} characters`;
  }
  if (!v.headline.trim()) errors.headline = "Write the headline";
  if (!v.imageAlt.trim()) errors.imageAlt = "Describe the picture for people who cannot see it";
  let button: LinkTarget = { kind: "none" };
  const label = v.buttonLabel.trim();
  if (label) {
    const read = readLinkTarget(v.link === "none" ? "" : v.link, v.path, { allowNone: false });
    if ("error" in read) errors[read.field] = read.error;
    else button = read.target;
  } else if ((v.link && v.link !== "none") || v.path.trim()) {
    errors.buttonLabel = "Write the button's label, or choose no link";
  }
  const window = readWindow(v.startsAt, v.endsAt);
  Object.assign(errors, window.errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      eyebrow: v.eyebrow.trim(),
      headline: v.headline.trim(),
      text: v.text.trim(),
      buttonLabel: label,
      button,
      imageAlt: v.imageAlt.trim(),
      startsAt: window.startsAt,
      endsAt: window.endsAt,
    },
  };
}

/** A slide as the home page shows it (only slides live now reach it). */
export type ShownHeroSlide = {
  id: number;
  eyebrow: string;
  headline: string;
  text: string;
  buttonLabel: string;
  buttonHref: string;
  image: { width: number; height: number; sources: { key: string; width: number }[] } | null;
  phoneImage: { width: number; height: number; sources: { key: string; width: number }[] } | null;
  imageAlt: string;
};
