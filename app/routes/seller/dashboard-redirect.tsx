import { data, redirect } from "react-router";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard-redirect";

/**
 * The owner's pages that lived under /seller-dashboard/... until every owner page moved under
 * /seller/... (issue 27); /seller-dashboard itself is still the Overview (its own route). Each old
 * prefix, with whatever followed it (an id, /new, /couriers) and the query string, now lives here.
 */
const MOVED: [before: string, now: string][] = [
  ["/seller-dashboard/products", "/seller/products"],
  ["/seller-dashboard/discounts", "/seller/discounts"],
  ["/seller-dashboard/email-logs", "/seller/email-logs"],
  ["/seller-dashboard/settings", "/seller/settings"],
  ["/seller-dashboard/inbox", "/seller/inbox"],
  ["/seller-dashboard/reviews", "/seller/reviews"],
  ["/seller-dashboard/team", "/seller/team"],
  ["/seller-dashboard/password", "/seller/password"],
];

function movedTo(request: Request): string | null {
  const url = new URL(request.url);
  for (const [before, now] of MOVED) {
    if (url.pathname === before || url.pathname.startsWith(`${before}/`))
      return `${now}${url.pathname.slice(before.length)}${url.search}`;
  }
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    matches,
    title: "Page Not Found",
    description: "This page does not exist.",
    path: location.pathname,
    noindex: true,
  });

/** Bookmarks, e-mails and links: moved for good. A path that never was an owner page is not found, as before. */
export function loader({ request }: Route.LoaderArgs) {
  const to = movedTo(request);
  if (to) throw redirect(to, 301);
  return data(null, { status: 404 });
}

/** A form posted to an old address: 308 keeps its method and body, where a 301 would turn it into a GET. */
export function action({ request }: Route.ActionArgs) {
  const to = movedTo(request);
  if (to) throw redirect(to, 308);
  throw new Response(null, { status: 405, statusText: "Method Not Allowed" });
}

export default function SellerDashboardRedirect() {
  return <NotFoundScreen />;
}
