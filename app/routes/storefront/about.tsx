import { Link } from "react-router";
import { PageHtml } from "~/components/layout/policy-page";
import { publishedPageOr404 } from "~/http/page-loader.server";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.page.title ?? "About Us",
    description: data?.page.description ?? "",
    path: "/about",
  });

/** The built-in About page: the owner's text (or the default), with the shop's numbers and a link to the shop around it. */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await publishedPageOr404(context.db, { builtin: "about" }) };
}

/** The page's HTML cut before its first section heading: the numbers strip stands between (as it always has). */
function splitAtFirstSection(html: string): [string, string] {
  const at = html.indexOf("<h2>");
  return at === -1 ? [html, ""] : [html.slice(0, at), html.slice(at)];
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const shop = useRootData()?.shop;
  const stats = shop
    ? [
        { value: `${shop.happyCustomers.toLocaleString("en-PK")}+`, label: "Happy customers" },
        { value: `${shop.yearsInBusiness}+`, label: "Years in business" },
        { value: `${shop.productsSold.toLocaleString("en-PK")}+`, label: "Products sold" },
        { value: `${shop.averageRating.toFixed(1)}/5`, label: "Average rating" },
      ]
    : [];
  const [intro, sections] = splitAtFirstSection(page.html);
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold text-stone-900">{page.heading}</h1>
      {intro && <PageHtml html={intro} className="prose-page mt-4 max-w-3xl" />}
      <section className="mt-8" aria-labelledby="numbers-title">
        <h2 id="numbers-title" className="sr-only">
          Our numbers
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((s) => (
            <li key={s.label} className="rounded-xl bg-brand-50 p-5 text-center">
              <p className="text-3xl font-extrabold text-brand-800">{s.value}</p>
              <p className="mt-1 text-sm text-stone-700">{s.label}</p>
            </li>
          ))}
        </ul>
      </section>
      {sections && <PageHtml html={sections} className="prose-page mt-10 max-w-3xl" />}
      <Link to="/products" className="btn-primary mt-8">
        Shop the collection
      </Link>
    </div>
  );
}
