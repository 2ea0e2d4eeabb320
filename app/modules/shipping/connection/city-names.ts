import { z } from "~/lib/zod";
import type { CourierCityEntry } from "~/modules/shipping/tables";

/**
 * A city's name folded the way courier_city_matches.city_key stores it: lower case, letters and
 * digits only ("D.G. Khan" -> "dgkhan"). The SQL that groups orders' cities folds the same way
 * (CITY_KEY_SQL in courier-cities.server.ts).
 */
export function foldCity(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Spellings of one city that shops and couriers write: the first is the name the others mean.
 * One table, so a new spelling is one line here (and a line in its test).
 */
export const CITY_VARIANTS: readonly (readonly string[])[] = [
  ["Rawalpindi", "Pindi", "Rwp", "Rawal Pindi"],
  ["Islamabad", "Isb", "Islamabad Capital Territory", "ICT"],
  ["Karachi", "Khi", "Karachi City"],
  ["Lahore", "Lhr", "Lahore City"],
  ["Dera Ghazi Khan", "D.G. Khan", "DG Khan", "D G Khan", "Dera Ghazikhan"],
  ["Dera Ismail Khan", "D.I. Khan", "DI Khan", "D I Khan", "Dera Ismailkhan"],
  ["Rahim Yar Khan", "RYK", "Rahimyar Khan", "Rahim Yaar Khan"],
  ["Faisalabad", "Lyallpur", "Fsd", "Faislabad"],
  ["Hyderabad", "Hyd", "Hyderabad Sindh"],
  ["Sheikhupura", "Sheikhupur", "Shekhupura", "Sheikupura"],
  ["Peshawar", "Pesh", "Pwr"],
  ["Multan", "Mul"],
  ["Gujranwala", "Grw", "Gujranwalla"],
  ["Sialkot", "Skt"],
  ["Bahawalpur", "Bwp", "Bahawalpure"],
  ["Nawabshah", "Shaheed Benazirabad", "Benazirabad"],
  ["Wah Cantonment", "Wah Cantt", "Wah"],
  ["Mirpur (AJK)", "Mirpur", "Mirpur AJK", "Mirpur Azad Kashmir"],
  ["Muzaffarabad", "Muzafarabad", "Muzaffarabad AJK"],
  ["Abbottabad", "Abbotabad", "Abtabad"],
  ["Sargodha", "Sgd"],
  ["Quetta", "Qta"],
];

const canonicalByKey = new Map<string, string>();
for (const names of CITY_VARIANTS) {
  const canonical = foldCity(names[0]);
  for (const name of names) canonicalByKey.set(foldCity(name), canonical);
}

/** The key a city is compared by: its folded name, or the folded name its spelling means. */
export function cityKeyOf(name: string): string {
  const key = foldCity(name);
  return canonicalByKey.get(key) ?? key;
}

/**
 * The courier's city for a shop city: the one whose name folds to the same key, directly or
 * through a known spelling ("Pindi" finds "RAWALPINDI"); null when none or several do (the owner
 * picks then).
 */
export function matchCourierCity(
  shopCity: string,
  courierCities: readonly CourierCityEntry[],
): CourierCityEntry | null {
  const key = cityKeyOf(shopCity);
  if (!key) return null;
  const found = courierCities.filter((c) => cityKeyOf(c.name) === key);
  if (found.length === 1) return found[0];
  // Two entries of one city ("Lahore" twice, with different ids) are ambiguous unless one is spelled exactly as the shop does.
  const exact = found.filter((c) => foldCity(c.name) === foldCity(shopCity));
  return exact.length === 1 ? exact[0] : null;
}

export const citiesPath = (courierId: number) => `/seller/settings/couriers/${courierId}/cities`;

/** What the booking says beside an order to a city the courier's list has no match for. */
export function unmatchedCityReason(shopCity: string, courierName: string): string {
  return `${shopCity.trim()} is not matched to a ${courierName} city: match it in Settings -> Couriers -> ${courierName} -> Cities`;
}

/**
 * Settings -> Couriers -> Cities' form: for each shop city (its key, foldCity's letters and digits)
 * `shop-<key>`, the city as the shop writes it, and `city-<key>`, the courier's city id picked
 * (empty: the names decide). Read as the owner's picks, at most 400; other fields are ignored.
 */
export const cityPicksSchema = z.record(z.string(), z.unknown()).transform((form) => {
  const picks: { cityKey: string; shopCity: string; courierCityId: string }[] = [];
  for (const [name, shopCity] of Object.entries(form)) {
    if (!name.startsWith("shop-") || typeof shopCity !== "string") continue;
    const cityKey = name.slice("shop-".length);
    const picked = form[`city-${cityKey}`];
    if (typeof picked !== "string") continue;
    picks.push({ cityKey, shopCity, courierCityId: picked.slice(0, 100) });
  }
  return picks.slice(0, 400);
});
