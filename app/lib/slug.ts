/** What a slug may be (categories, collections, pages): lower-case words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug suggested from a name or title: "Eid Lawn '26" -> "eid-lawn-26", "Kurta & Shalwar" ->
 * "kurta-and-shalwar", accents dropped ("Crème" -> "creme"), at most `max` characters; "" when
 * nothing of the name is left (an Urdu name: the owner types the slug).
 */
export function slugify(text: string, max: number): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}
