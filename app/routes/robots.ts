import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.env.PUBLIC_URL?.replace(/\/$/, "") ?? new URL(request.url).origin;
  const body = ["User-agent: *", "Allow: /", "Disallow: /cart", "Disallow: /checkout", "Disallow: /auth", "Disallow: /api/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
