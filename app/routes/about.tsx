import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { shippingHeadline } from "~/modules/settings/shipping-rule";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "About Us", description: "A Karachi clothing label making everyday basics for Pakistan, sold online with cash on delivery.", path: "/about" });

export default function About() {
  const shop = useRootData()?.shop;
  const brand = shop?.brandName ?? "Kapra";
  const stats = shop
    ? [
        { value: `${shop.happyCustomers.toLocaleString("en-PK")}+`, label: "Happy customers" },
        { value: `${shop.yearsInBusiness}+`, label: "Years in business" },
        { value: `${shop.productsSold.toLocaleString("en-PK")}+`, label: "Products sold" },
        { value: `${shop.averageRating.toFixed(1)}/5`, label: "Average rating" },
      ]
    : [];
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-stone-900">About {brand}</h1>
      <div className="prose-page mt-4 max-w-3xl">
        <p>
          {brand} started in a small workshop in {shop?.city ?? "Karachi"} with one idea: everyday clothes should be well made, fairly priced and easy to buy from
          anywhere in Pakistan. We cut and stitch our tees, shirts, trousers and hoodies from fabrics chosen for our weather, and sell them directly to you.
        </p>
        <p>
          You pay cash when your parcel arrives, and if something does not fit you have 7 days to return or exchange it. {shop ? `${shippingHeadline(shop)}.` : ""}
        </p>
      </div>
      <section className="mt-8" aria-labelledby="numbers-title">
        <h2 id="numbers-title" className="sr-only">Our numbers</h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label} className="rounded-xl bg-brand-50 p-5 text-center">
              <p className="text-3xl font-extrabold text-brand-800">{s.value}</p>
              <p className="mt-1 text-sm text-stone-700">{s.label}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="prose-page mt-10 max-w-3xl" aria-labelledby="values-title">
        <h2 id="values-title">What we care about</h2>
        <ul>
          <li><strong>Fabric first.</strong> Breathable cotton and linen for the summer, brushed fleece for northern winters.</li>
          <li><strong>Honest prices.</strong> Prices in rupees with nothing added at the door beyond what checkout shows.</li>
          <li><strong>Real service.</strong> A person answers every message within 24 hours, Monday to Saturday.</li>
        </ul>
      </section>
      <Link to="/products" className="btn-primary mt-8">Shop the collection</Link>
    </div>
  );
}
