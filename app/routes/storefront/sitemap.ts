import { listSitemapEntries } from "~/modules/catalog/list-sitemap-entries.server";
import { listCollectionSitemapEntries } from "~/modules/catalog/get-collection.server";
import { listPageSitemapEntries } from "~/modules/storefront/list-page-sitemap-entries.server";
import { publicOrigin } from "~/lib/public-origin";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const origin = publicOrigin(context.env);
  const entries = [
    ...(await listSitemapEntries(context.db)),
    ...(await listCollectionSitemapEntries(context.db)),
    ...(await listPageSitemapEntries(context.db)),
  ];
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escape(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
