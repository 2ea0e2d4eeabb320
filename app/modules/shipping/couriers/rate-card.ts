import type { RateCard, RateZone } from "~/modules/shipping/tables";

export type { RateCard, RateZone };

/** Basis points in a whole: 10,000 bps = 100 %. Percentages are kept as whole basis points so money stays exact. */
const BPS = 10_000;

/** A share of an amount, rounded UP to the next whole rupee: an estimate of cost never understates it. */
function shareRoundedUp(amount: number, bps: number): number {
  return Math.ceil((amount * bps) / BPS);
}

/**
 * The weight charge: the first band the parcel fits in; above the heaviest band, that band's charge
 * plus `extraPerKg` for each kilogram or part of one beyond it (how Pakistani couriers quote).
 */
export function weightCharge(card: Pick<RateCard, "bands" | "extraPerKg">, weightGrams: number): number {
  const bands = [...card.bands].sort((a, b) => a.upToGrams - b.upToGrams);
  const band = bands.find((b) => weightGrams <= b.upToGrams);
  if (band) return band.charge;
  const heaviest = bands.at(-1);
  if (!heaviest) return Math.ceil(weightGrams / 1000) * card.extraPerKg;
  return heaviest.charge + Math.ceil((weightGrams - heaviest.upToGrams) / 1000) * card.extraPerKg;
}

/** A city as zones compare it: case, spaces and dots do not matter ("D.G. Khan" is "DG Khan", "Rawal Pindi" is "Rawalpindi"). */
export function cityKey(city: string): string {
  return city.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** The zone whose cities include `city`, first match wins; none for a city in no zone (or no city). */
export function zoneFor(card: RateCard, city: string | null | undefined): RateZone | null {
  if (!city || !card.zones?.length) return null;
  const key = cityKey(city);
  return card.zones.find((zone) => zone.cities.some((c) => cityKey(c) === key)) ?? null;
}

/**
 * The rate card's estimate for one parcel, in whole rupees, and its parts: the weight charge of the
 * destination city's zone (its own bands and extra per kg), else the card's; then its surcharge and
 * COD fee.
 */
export function estimateCharge(
  card: RateCard,
  parcel: { weightGrams: number; codAmount: number; city?: string | null },
) {
  const zone = zoneFor(card, parcel.city);
  const weight = weightCharge(zone ?? card, parcel.weightGrams);
  const surcharge = shareRoundedUp(weight, card.surchargeBps);
  const codFee = shareRoundedUp(parcel.codAmount, card.codFeeBps);
  return { weight, surcharge, codFee, total: weight + surcharge + codFee };
}

/** "1.5" (percent, as the owner types it) -> 150 basis points; null when it is not a percentage with at most two decimals. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, "").trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 150 -> "1.5" */
export function bpsToPercent(bps: number): string {
  return (bps / 100).toFixed(2).replace(/\.?0+$/, "");
}

/** 500 -> "500 g", 1000 -> "1 kg", 1500 -> "1.5 kg" */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${(grams / 1000).toFixed(3).replace(/\.?0+$/, "")} kg`;
}

/**
 * The rate card as the owner reads it in Settings: "up to 500 g Rs 180, up to 1 kg Rs 230, each
 * extra kg Rs 100; COD fee 1.5 %; surcharge 10 %".
 */
export function describeRateCard(card: RateCard, formatAmount: (n: number) => string): string {
  const bands = [...card.bands]
    .sort((a, b) => a.upToGrams - b.upToGrams)
    .map((b) => `up to ${formatWeight(b.upToGrams)} ${formatAmount(b.charge)}`);
  const weight = [...bands, `each extra kg ${formatAmount(card.extraPerKg)}`].join(", ");
  const codFee = card.codFeeBps > 0 ? `COD fee ${bpsToPercent(card.codFeeBps)} %` : "no COD fee";
  const surcharge = card.surchargeBps > 0 ? `surcharge ${bpsToPercent(card.surchargeBps)} %` : "no surcharge";
  const zones = (card.zones ?? []).map((zone) => {
    const zoneBands = [...zone.bands]
      .sort((a, b) => a.upToGrams - b.upToGrams)
      .map((b) => `up to ${formatWeight(b.upToGrams)} ${formatAmount(b.charge)}`);
    return `${zone.name} (${zone.cities.join(", ")}): ${[...zoneBands, `each extra kg ${formatAmount(zone.extraPerKg)}`].join(", ")}`;
  });
  const tolerance = card.toleranceRupees
    ? `; charges up to ${formatAmount(card.toleranceRupees)} above the estimate are not flagged`
    : "";
  return `${zones.length ? `${zones.join("; ")}; other cities: ` : ""}${weight}; ${codFee}; ${surcharge}${tolerance}`;
}
