import type { CourierApiOffers } from "./courier-api";

/**
 * What a courier's API does for the shop and what stays with its portal or files (issue 45), in the
 * owner's words: Settings -> Couriers -> API connection shows it beside each API. Pure, for the page.
 */
export function apiCoverage(courier: string, offers: CourierApiOffers): { overApi: string[]; elsewhere: string[] } {
  const overApi = ["booking", "cancelling", "tracking"];
  const elsewhere: string[] = [];
  if (offers.payments) overApi.push("payments");
  else elsewhere.push(`payments: import ${courier}'s settlement file on the Shipping tab`);
  if (offers.label) overApi.push("its airway bill");
  else elsewhere.push("airway bill: print the shop's own label, which carries the tracking number");
  if (offers.advise) overApi.push("shipper advice after a failed delivery");
  else elsewhere.push(`shipper advice: give it on ${courier}'s portal, then record it in Delivery problems`);
  if (offers.replacement) overApi.push("exchanges as replacements (the rider collects the old piece at the door)");
  else elsewhere.push("exchanges: booked as ordinary parcels, the rider told in the remarks to collect the old piece");
  if (!offers.findBooking)
    elsewhere.push(
      `a booking ${courier} did not answer: not sent again by itself; look for it in ${courier}'s portal, then Try again`,
    );
  return { overApi, elsewhere };
}
