/** The cities offered at checkout. Karachi first (most orders ship there), then the rest A-Z. */
export const PAKISTANI_CITIES = [
  "Karachi",
  "Abbottabad",
  "Bahawalpur",
  "Dera Ghazi Khan",
  "Faisalabad",
  "Gilgit",
  "Gujranwala",
  "Gujrat",
  "Hyderabad",
  "Islamabad",
  "Jhang",
  "Kasur",
  "Lahore",
  "Larkana",
  "Mardan",
  "Mirpur (AJK)",
  "Multan",
  "Muzaffarabad",
  "Nawabshah",
  "Okara",
  "Peshawar",
  "Quetta",
  "Rahim Yar Khan",
  "Rawalpindi",
  "Sahiwal",
  "Sargodha",
  "Sheikhupura",
  "Sialkot",
  "Sukkur",
  "Wah Cantonment",
] as const;

export type PakistaniCity = (typeof PAKISTANI_CITIES)[number];

/** The choice that reveals a free-text city field. */
export const OTHER_CITY = "Other";

const byLowerName = new Map<string, PakistaniCity>(PAKISTANI_CITIES.map((c) => [c.toLowerCase(), c]));

/** The listed city for a name written in any case, or undefined. */
function listedCity(name: string): PakistaniCity | undefined {
  return byLowerName.get(name.trim().toLowerCase());
}

/**
 * The city to ship to: a listed choice, or the typed city when "Other" is chosen; null when none
 * was given or the choice is not one we offer. A typed city that is on the list comes back spelled
 * as the list spells it, so "karachi" typed under Other still counts as Karachi.
 */
export function resolveCity(choice: string, other: string): string | null {
  const trimmedChoice = typeof choice === "string" ? choice.trim() : "";
  if (trimmedChoice.toLowerCase() === OTHER_CITY.toLowerCase()) {
    const typed = typeof other === "string" ? other.trim() : "";
    if (!typed) return null;
    return listedCity(typed) ?? typed;
  }
  return listedCity(trimmedChoice) ?? null;
}

/** Karachi gets faster delivery, so this decides the estimate. */
export function isKarachi(city: string): boolean {
  return typeof city === "string" && city.trim().toLowerCase() === "karachi";
}
