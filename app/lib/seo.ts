import type { MetaDescriptor } from "react-router";
import { rootDataFromMatches } from "./root-data";

type MetaMatch = { id: string; data?: unknown } | undefined;

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(opts: {
  matches: MetaMatch[];
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = rootDataFromMatches(opts.matches);
  const brand = root?.shop.brandName ?? "Kapra";
  const origin = root?.origin ?? "";
  const url = `${origin}${opts.path}`;
  const title = opts.title === brand ? brand : `${opts.title} | ${brand}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: opts.description },
    { property: "og:type", content: opts.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_PK" },
    { name: "twitter:card", content: opts.image ? "summary_large_image" : "summary" },
  ];
  if (opts.image) tags.push({ property: "og:image", content: `${origin}${opts.image}` });
  if (opts.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
