import type { PageView } from "~/modules/storefront/get-page.server";

/** Shared frame for the policy pages. */
export function PolicyPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string | null;
  children: React.ReactNode;
}) {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      {updated && <p className="mt-1 text-sm text-stone-600">Last updated {updated}</p>}
      <div className="prose-page mt-6">{children}</div>
    </article>
  );
}

/**
 * HTML made on the server from the owner's Markdown by modules/storefront/page-markdown.server.ts,
 * whose allow-list lets no script, event attribute, style or foreign frame through: it is set as
 * it is, never markup from anywhere else.
 */
export function PageHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A page the owner writes (Dashboard -> Storefront -> Pages), in the policy pages' frame. */
export function MarkdownPage({ page }: { page: Pick<PageView, "heading" | "updated" | "html"> }) {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">{page.heading}</h1>
      {page.updated && <p className="mt-1 text-sm text-stone-600">Last updated {page.updated}</p>}
      <PageHtml html={page.html} className="prose-page mt-6" />
    </article>
  );
}
