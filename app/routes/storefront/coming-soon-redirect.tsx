import { redirect } from "react-router";
import type { Route } from "./+types/coming-soon-redirect";

/** /jackets and /sweatshirts are old links to the coming-soon pages. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  return redirect(`/coming-soon/${slug}`, 301);
}
