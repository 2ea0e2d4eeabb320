/** Shared frame for the policy pages. */
export function PolicyPage({ title, updated, children }: { title: string; updated: string; children: React.ReactNode }) {
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
      <p className="mt-1 text-sm text-stone-600">Last updated {updated}</p>
      <div className="prose-page mt-6">{children}</div>
    </article>
  );
}
