import { readWindow } from "./hero-slides";
import { readLinkTarget, type LinkTarget } from "./shop-link";

/** The one line above the header: what the owner types, checked. Empty text turns the bar off. */
export const ANNOUNCEMENT_FIELDS = ["text", "link", "path", "startsAt", "endsAt"] as const;
export type AnnouncementField = (typeof ANNOUNCEMENT_FIELDS)[number];
export const ANNOUNCEMENT_TEXT_MAX = 160;

export type AnnouncementInput = { text: string | null; link: LinkTarget; startsAt: Date | null; endsAt: Date | null };

export function readAnnouncementInput(
  form: Record<string, string>,
): { ok: true; input: AnnouncementInput } | { ok: false; errors: Partial<Record<AnnouncementField, string>> } {
  const errors: Partial<Record<AnnouncementField, string>> = {};
  const text = (form.text ?? "").trim();
  if (text.length > ANNOUNCEMENT_TEXT_MAX) errors.text = `Keep the line under ${ANNOUNCEMENT_TEXT_MAX} characters`;
  const read = readLinkTarget(form.link ?? "none", form.path ?? "", { allowNone: true });
  if ("error" in read) errors[read.field] = read.error;
  const window = readWindow(form.startsAt ?? "", form.endsAt ?? "");
  Object.assign(errors, window.errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!text) return { ok: true, input: { text: null, link: { kind: "none" }, startsAt: null, endsAt: null } };
  return {
    ok: true,
    input: {
      text,
      link: "target" in read ? read.target : { kind: "none" },
      startsAt: window.startsAt,
      endsAt: window.endsAt,
    },
  };
}

/**
 * What a dismissal remembers: the bar's words and link, so a new announcement shows again to
 * someone who closed the old one. A short stable hash, the same in the server and the browser.
 */
export function announcementKey(text: string, href: string | null): string {
  let h = 5381;
  for (const ch of `${text}\n${href ?? ""}`) h = ((h * 33) ^ ch.codePointAt(0)!) >>> 0;
  return h.toString(36);
}
