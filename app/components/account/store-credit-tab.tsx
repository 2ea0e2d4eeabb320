import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import { Loading } from "./shared";

/** What the Store Credit tab shows (a plain type: components never import server modules). */
export type AccountStoreCredit = {
  balance: number;
  entries: {
    id: number;
    words: string;
    amount: number;
    createdAt: Date | string;
    orderId: string | null;
    returnOrderId: string | null;
  }[];
  total: number;
  page: number;
  pageCount: number;
};

/** "+Rs 1,500" for credit given, "−Rs 1,499" for credit spent. */
function signed(amount: number): string {
  return `${amount < 0 ? "−" : "+"}${formatPrice(Math.abs(amount))}`;
}

/**
 * The buyer's store credit: the balance, what it is for, and its history a page at a time (which
 * return gave it, which order used it, each linked to the order's page).
 */
export function StoreCreditTab({ credit }: { credit: AccountStoreCredit | null }) {
  return (
    <section aria-labelledby="store-credit-title">
      <h2 id="store-credit-title" className="text-xl font-bold text-stone-900">
        Store Credit
      </h2>
      {credit === null ? (
        <Loading>Loading your store credit...</Loading>
      ) : (
        <div className="mt-4 grid gap-4">
          <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
            <p className="text-sm font-medium text-emerald-900">Your balance</p>
            <p className="text-3xl font-bold text-emerald-950" data-testid="store-credit-balance">
              {formatPrice(credit.balance)}
            </p>
            <p className="mt-2 text-sm text-emerald-900">
              Store credit comes from returns and exchanges. At checkout it pays part or all of your order before cash
              on delivery.
            </p>
            {credit.balance > 0 && (
              <Link to="/products" className="btn-primary mt-4">
                Shop with your credit
              </Link>
            )}
          </div>
          {credit.total === 0 ? (
            <p className="rounded-2xl border border-dashed border-stone-300 py-10 text-center text-stone-700">
              No store credit yet.
            </p>
          ) : (
            <>
              <h3 className="text-lg font-semibold text-stone-900">History</h3>
              <ul
                className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
                data-testid="store-credit-history"
              >
                {credit.entries.map((entry) => {
                  const orderId = entry.orderId ?? entry.returnOrderId;
                  return (
                    <li key={entry.id} className="flex items-start justify-between gap-3 px-4 py-3">
                      <div className="min-w-0">
                        <p className="font-medium text-stone-900">
                          {orderId ? (
                            <Link
                              to={`/orders/${orderId}`}
                              className="underline decoration-stone-400 underline-offset-2 hover:text-brand-800"
                            >
                              {entry.words}
                            </Link>
                          ) : (
                            entry.words
                          )}
                        </p>
                        <p className="text-sm text-stone-600">{formatShopDate(entry.createdAt)}</p>
                      </div>
                      <p
                        className={`shrink-0 font-semibold ${entry.amount < 0 ? "text-stone-900" : "text-emerald-800"}`}
                      >
                        {signed(entry.amount)}
                      </p>
                    </li>
                  );
                })}
              </ul>
              {credit.pageCount > 1 && (
                <nav
                  aria-label="Store credit history pages"
                  className="flex items-center justify-between gap-3 text-sm"
                >
                  {credit.page > 1 ? (
                    <Link className="btn-secondary px-4" to={`?page=${credit.page - 1}`}>
                      Newer
                    </Link>
                  ) : (
                    <span />
                  )}
                  <span className="text-stone-700">
                    Page {credit.page} of {credit.pageCount}
                  </span>
                  {credit.page < credit.pageCount ? (
                    <Link className="btn-secondary px-4" to={`?page=${credit.page + 1}`}>
                      Older
                    </Link>
                  ) : (
                    <span />
                  )}
                </nav>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
