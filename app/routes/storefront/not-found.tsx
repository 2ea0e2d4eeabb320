import { data } from "react-router";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    matches,
    title: "Page Not Found",
    description: "This page does not exist.",
    path: location.pathname,
    noindex: true,
  });

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
