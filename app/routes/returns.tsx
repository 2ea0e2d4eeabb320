import { PolicyPage } from "~/components/layout/policy-page";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { shippingSentence } from "~/modules/settings/shipping-rule";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Returns & Exchanges", description: "Return or exchange unworn items within 7 days of delivery.", path: "/returns" });

export default function Returns() {
  const shop = useRootData()?.shop;
  return (
    <PolicyPage title="Returns & Exchanges" updated="November 2026">
      <h2>7-day returns</h2>
      <p>You can return or exchange any item within 7 days of the day it was delivered, as long as it is unworn, unwashed and has its tags attached.</p>
      <h2>How to return</h2>
      <ul>
        <li>Write to {shop?.contactEmail ?? "us"} or call {shop?.phone ?? "our support line"} with your order number and the item you want to return.</li>
        <li>We arrange a pick-up by courier or you can drop it at our store at {shop ? `${shop.address}, ${shop.city}` : "our flagship store"}.</li>
        <li>Once we receive and check the item, we refund you by bank transfer or mobile wallet (JazzCash or Easypaisa) within 5 working days, or send your exchange.</li>
      </ul>
      <h2>Exchanges</h2>
      <p>Need another size or colour? We send the replacement as soon as the original is picked up, subject to stock.</p>
      <h2>Refused parcels</h2>
      <p>If you refuse a cash-on-delivery parcel at the door, the order is marked as returned and nothing is charged.</p>
      <h2>Shipping costs</h2>
      <p>{shop ? shippingSentence(shop) : ""} Shipping is not charged again for an exchange of a faulty or wrong item.</p>
      <h2>Delivery times</h2>
      <p>Orders reach Karachi in 3-5 working days and the rest of Pakistan in 5-7 working days.</p>
    </PolicyPage>
  );
}
