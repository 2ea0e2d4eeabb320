/**
 * What a courier owes the shop for the parcels of a settlement: the one definition, used by the COD
 * import and by the demo seed (scripts/seed-demo-shipping.ts). Pure, so both compute it alike.
 */

/** A settled parcel as far as its expected cash goes: its COD, and whether it ever reached the buyer. */
export type ExpectedParcel = { codAmount: number; delivered: boolean };

/**
 * The cash a courier should have collected for one parcel: its COD once delivered (also when the
 * buyer sent it back later, as the cash changed hands at the door), Rs 0 when it was returned (RTO)
 * or not delivered, as nobody paid. A return charge is a charge, not a shortfall.
 */
export function expectedCollection(parcel: ExpectedParcel): number {
  return parcel.delivered ? parcel.codAmount : 0;
}

/** A settlement's expected total: what its parcels should have collected. */
export function settlementExpectedTotal(parcels: readonly ExpectedParcel[]): number {
  return parcels.reduce((sum, parcel) => sum + expectedCollection(parcel), 0);
}
