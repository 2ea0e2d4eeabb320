import { DeliveryRates } from "~/components/shipping/delivery-rates";
import { requireSeller } from "~/http/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { deliveryRates } from "~/modules/shipping/settlements/delivery-rates.server";
import { readRatesQuery } from "~/modules/shipping/settlements/rates-query";
import type { Route } from "./+types/rates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Delivery rates",
    description: "Delivery and return rates per courier and city.",
    path: "/seller/shipping/rates",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/shipping/rates?days=30|90&by=courier|city */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return deliveryRates(context.db, { ...readRatesQuery(new URL(request.url).searchParams), now: new Date() });
}

export default function SellerShippingRates({ loaderData }: Route.ComponentProps) {
  return <DeliveryRates rates={loaderData} />;
}
