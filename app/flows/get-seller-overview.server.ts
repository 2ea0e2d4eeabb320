import { startOfShopDay } from "~/lib/shop-time";
import { getSellerFigures, OVERVIEW_DAYS, type SellerFigures } from "~/modules/seller/get-seller-figures.server";
import { returnFigures, type ReturnFigures } from "~/modules/returns/return-figures.server";
import { cashWithCouriers, type CourierCash } from "~/modules/shipping/settlements/cash-with-couriers.server";
import type { FlowContext } from "./flow-context";

/** Reasons the Overview names (the most given first). */
export const TOP_RETURN_REASONS = 3;

export type SellerOverview = SellerFigures & {
  /** COD of delivered parcels the couriers have not paid for yet, per courier (modules/shipping). */
  cashWithCouriers: CourierCash[];
  /** Return and exchange requests made over the chart's days, and their top reasons (modules/returns). */
  returns: ReturnFigures;
};

/**
 * The owner's Overview: the shop's figures (modules/seller), the cash its couriers hold
 * (modules/shipping) and the returns and exchanges asked for over the same 30 shop days
 * (modules/returns), read side by side.
 */
export async function getSellerOverview({ db, now = new Date() }: FlowContext): Promise<SellerOverview> {
  const period = { from: startOfShopDay(now, OVERVIEW_DAYS - 1), to: new Date(now.getTime() + 1) };
  const [figures, cash, returns] = await Promise.all([
    getSellerFigures(db, now),
    cashWithCouriers(db, now),
    returnFigures(db, period),
  ]);
  return {
    ...figures,
    cashWithCouriers: cash,
    returns: { ...returns, topReasons: returns.topReasons.slice(0, TOP_RETURN_REASONS) },
  };
}
