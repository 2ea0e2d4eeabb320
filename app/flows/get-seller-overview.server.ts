import { getSellerFigures, type SellerFigures } from "~/modules/seller/get-seller-figures.server";
import { cashWithCouriers, type CourierCash } from "~/modules/shipping/settlements/cash-with-couriers.server";
import type { FlowContext } from "./flow-context";

export type SellerOverview = SellerFigures & {
  /** COD of delivered parcels the couriers have not paid for yet, per courier (modules/shipping). */
  cashWithCouriers: CourierCash[];
};

/** The owner's Overview: the shop's figures (modules/seller) and the cash its couriers hold (modules/shipping), read side by side. */
export async function getSellerOverview({ db, now = new Date() }: FlowContext): Promise<SellerOverview> {
  const [figures, cash] = await Promise.all([getSellerFigures(db, now), cashWithCouriers(db, now)]);
  return { ...figures, cashWithCouriers: cash };
}
