import { Form } from "react-router";
import { formatShopDateTimeAmPm, toShopDateTimeLocal } from "~/lib/shop-time";
import type { UpcomingLaunches } from "~/modules/catalog/owner-catalog-types";

type Row = {
  kind: "category" | "product";
  key: string;
  name: string;
  detail: string;
  launchAt: Date | string | null;
  launchLocal: string;
};

/**
 * Coming-soon collections (Jackets, Sweat Shirts...) and products: when each launches by itself,
 * and Launch now. Launching makes it buyable; Notify Me e-mails follow in the next issue.
 */
export function LaunchPanel({ launches, returnTo }: { launches: UpcomingLaunches; returnTo: string }) {
  const toLocal = toShopDateTimeLocal;
  const rows: Row[] = [
    ...launches.categories.map((c) => ({
      kind: "category" as const,
      key: c.slug,
      name: c.name,
      detail: "Collection",
      launchAt: c.launchAt,
      launchLocal: toLocal(c.launchAt),
    })),
    ...launches.products.map((p) => ({
      kind: "product" as const,
      key: p.id,
      name: p.name,
      detail: p.categoryName,
      launchAt: p.launchAt,
      launchLocal: toLocal(p.launchAt),
    })),
  ];
  return (
    <section aria-labelledby="launches-title" className="mt-8 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <h3 id="launches-title" className="text-lg font-semibold text-stone-900">
        Coming soon
      </h3>
      <p className="text-sm text-stone-600">
        Schedule a launch (Pakistan time) or launch now. A scheduled launch happens by itself within a minute of its
        time.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">
          Nothing is coming soon. Tick "Coming soon" on a product to announce it before it is on sale.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200">
          {rows.map((row) => {
            const inputId = `launch-${row.kind}-${row.key}`;
            return (
              <li
                key={`${row.kind}:${row.key}`}
                className="flex flex-col gap-2 py-3 lg:flex-row lg:items-end lg:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {row.name} <span className="text-sm font-normal text-stone-600">· {row.detail}</span>
                  </p>
                  <p className="text-sm text-stone-700">
                    {row.launchAt ? `Launches ${formatShopDateTimeAmPm(row.launchAt)}` : "No launch date yet"}
                  </p>
                </div>
                <div className="flex flex-wrap items-end gap-2">
                  <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value={`schedule-${row.kind}`} />
                    <input type="hidden" name="id" value={row.key} />
                    <input type="hidden" name="returnTo" value={returnTo} />
                    <div>
                      <label htmlFor={inputId} className="field-label">
                        Launch date for {row.name}
                      </label>
                      <input
                        id={inputId}
                        type="datetime-local"
                        name="launchAt"
                        defaultValue={row.launchLocal}
                        className="field-input py-1.5"
                      />
                    </div>
                    <button type="submit" className="btn-secondary h-10 px-3">
                      Schedule<span className="sr-only"> {row.name}</span>
                    </button>
                  </Form>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={`launch-${row.kind}`} />
                    <input type="hidden" name="id" value={row.key} />
                    <input type="hidden" name="returnTo" value={returnTo} />
                    <button type="submit" className="btn-primary h-10 px-3">
                      Launch now<span className="sr-only"> {row.name}</span>
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
