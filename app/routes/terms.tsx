import { Link } from "react-router";
import { PolicyPage } from "~/components/layout/policy-page";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { shippingSentence } from "~/modules/settings/shipping-rule";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Terms of Service", description: "The terms that apply when you order from us.", path: "/terms" });

export default function Terms() {
  const shop = useRootData()?.shop;
  const brand = shop?.brandName ?? "Kapra";
  return (
    <PolicyPage title="Terms of Service" updated="November 2026">
      <p>These terms apply to every order placed with {brand}. By placing an order you agree to them.</p>
      <h2>Prices and payment</h2>
      <p>All prices are in Pakistani rupees (PKR) and include taxes. Payment is cash on delivery: you pay the rider when the parcel arrives. {shop ? shippingSentence(shop) : ""}</p>
      <h2>Orders</h2>
      <p>After you order, we call or message you to confirm. We may cancel an order we cannot confirm, or one with an address we cannot deliver to. Stock is reserved when you place the order.</p>
      <h2>Delivery</h2>
      <p>Delivery takes 3-5 working days within Karachi and 5-7 working days elsewhere in Pakistan. Delays caused by couriers, weather or public holidays can happen; we will keep you informed.</p>
      <h2>Returns</h2>
      <p>You have 7 days after delivery to return or exchange an item. See <Link className="underline" to="/returns">Returns &amp; Exchanges</Link>.</p>
      <h2>Contact</h2>
      <p>{shop ? `${shop.address}, ${shop.city}. ${shop.phone}, ${shop.contactEmail}.` : ""}</p>
    </PolicyPage>
  );
}
