import { Form, Link } from "react-router";
import { ProductImage } from "~/components/ui/product-image";
import { StockBadge } from "~/components/ui/stock-badge";
import { formatPrice } from "~/lib/money";
import type { InventoryItem } from "~/modules/catalog/owner-catalog-types";
import { stockStatus } from "~/modules/catalog/stock-status";
import { ProductStatusBadge } from "./product-status-badge";

export type DeleteTarget = { id: string; name: string; ordered: boolean } | null;

type Props = {
  items: InventoryItem[];
  view: "grid" | "list";
  /** The current view's URL, where every action comes back to. */
  returnTo: string;
  deleteHref: (id: string) => string;
  deleteTarget: DeleteTarget;
};

/**
 * The owner's products as cards (grid) or compact rows (list); both stack on a phone. Every
 * action is a link or a small form post, so all of it works without JavaScript.
 */
export function InventoryList({ items, view, returnTo, deleteHref, deleteTarget }: Props) {
  return (
    <ul
      className={view === "grid" ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-2"}
      data-testid="inventory-list"
    >
      {items.map((item) => (
        <li key={item.id} id={`product-${item.id}`} className="min-w-0">
          <article
            aria-labelledby={`name-${item.id}`}
            className={`h-full rounded-xl border border-stone-200 bg-white ${view === "grid" ? "flex flex-col" : "flex flex-col gap-3 p-3 sm:flex-row sm:items-center"}`}
          >
            <div
              className={
                view === "grid"
                  ? "overflow-hidden rounded-t-xl"
                  : "hidden w-16 shrink-0 overflow-hidden rounded-lg sm:block"
              }
            >
              <ProductImage
                image={item.image}
                sizes={view === "grid" ? "(min-width: 1280px) 20vw, (min-width: 640px) 40vw, 90vw" : "64px"}
                className={view === "grid" ? "aspect-[2/1]! sm:aspect-[4/3]!" : "aspect-square!"}
                alt=""
              />
            </div>
            <div className={`flex min-w-0 flex-1 flex-col gap-2 ${view === "grid" ? "p-4" : ""}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={`name-${item.id}`} className="break-words font-semibold text-stone-900">
                    {item.name}
                  </h3>
                  <p className="text-sm text-stone-600">{item.categoryName}</p>
                </div>
                <p className="font-semibold text-stone-900">
                  {formatPrice(item.price)}
                  {item.originalPrice && (
                    <span className="ml-1 text-sm font-normal text-stone-500 line-through">
                      {formatPrice(item.originalPrice)}
                    </span>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <ProductStatusBadge status={item.status} />
                {item.status !== "coming-soon" && (
                  <StockBadge status={stockStatus({ status: item.status, stock: item.stock })} />
                )}
                <span className="text-stone-700">
                  Stock: <strong>{item.stock}</strong>
                </span>
                <span className="text-stone-700">
                  Sold: <strong>{item.sold}</strong>
                </span>
              </div>
              <Actions item={item} returnTo={returnTo} deleteHref={deleteHref(item.id)} />
              {/* The owner's figures under the buttons: on a phone the card's name, price and Edit stay in the first screen. */}
              {item.costPrice !== null && (
                <p className="text-sm text-stone-700">
                  Cost: <strong>{formatPrice(item.costPrice)}</strong>
                  {item.price > 0 && (
                    <>
                      {" "}
                      · Margin: <strong>{Math.round(((item.price - item.costPrice) * 100) / item.price)}%</strong>
                    </>
                  )}
                </p>
              )}
              {item.status === "active" && item.lowVariants.length > 0 && <LowStock item={item} />}
              {deleteTarget?.id === item.id && <ConfirmDelete target={deleteTarget} returnTo={returnTo} />}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The "Low stock" mark in words (never colour alone), with the colours and sizes at or under the alert level. */
function LowStock({ item }: { item: InventoryItem }) {
  // A few, then a count: the card stays short on a phone; the digest and the edit page list them all.
  const shown = item.lowVariants.slice(0, 4);
  const more = item.lowVariants.length - shown.length;
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
      data-testid="low-stock"
    >
      <p>
        <strong className="font-semibold">⚠ Low stock</strong>
        <span className="text-amber-900"> (alert at {item.lowStockThreshold} or fewer)</span>
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5">
        {shown.map((v) => (
          <li key={`${v.color}/${v.size}`}>
            {v.color} / {v.size}: {v.stock === 0 ? "sold out" : `${v.stock} left`}
          </li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
    </div>
  );
}

function ActionForm({
  intent,
  id,
  returnTo,
  label,
  name,
  tone = "secondary",
}: {
  intent: string;
  id: string;
  returnTo: string;
  label: string;
  name: string;
  tone?: "secondary" | "primary";
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={`${tone === "primary" ? "btn-primary" : "btn-secondary"} h-9 px-3 text-sm`}>
        {label}
        <span className="sr-only"> {name}</span>
      </button>
    </Form>
  );
}

function Actions({ item, returnTo, deleteHref }: { item: InventoryItem; returnTo: string; deleteHref: string }) {
  const link = "btn-secondary h-9 px-3 text-sm";
  const editHref = `/seller/products/${item.id}/edit`;
  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-1">
      {item.status !== "archived" && (
        // A draft has no public page yet: its View opens the form where it is finished.
        <Link to={item.status === "draft" ? editHref : `/product/${item.id}`} className={link}>
          View<span className="sr-only"> {item.name}</span>
        </Link>
      )}
      {item.status !== "archived" && (
        <Link to={editHref} className={link}>
          Edit<span className="sr-only"> {item.name}</span>
        </Link>
      )}
      {item.status === "draft" && (
        <ActionForm
          intent="activate"
          id={item.id}
          returnTo={returnTo}
          label="Activate"
          name={item.name}
          tone="primary"
        />
      )}
      {(item.status === "active" || item.status === "coming-soon") && (
        <ActionForm intent="deactivate" id={item.id} returnTo={returnTo} label="Deactivate" name={item.name} />
      )}
      {item.status === "coming-soon" && (
        <ActionForm
          intent="launch-product"
          id={item.id}
          returnTo={returnTo}
          label="Launch now"
          name={item.name}
          tone="primary"
        />
      )}
      {item.status === "archived" && (
        <ActionForm intent="restore" id={item.id} returnTo={returnTo} label="Restore" name={item.name} />
      )}
      {item.status !== "archived" && (
        <Link to={deleteHref} preventScrollReset className={`${link} text-red-700`}>
          Delete<span className="sr-only"> {item.name}</span>
        </Link>
      )}
    </div>
  );
}

function ConfirmDelete({ target, returnTo }: { target: NonNullable<DeleteTarget>; returnTo: string }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={`confirm-${target.id}`}
      aria-describedby={`confirm-${target.id}-text`}
      className="rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p id={`confirm-${target.id}`} className="font-semibold text-red-900">
        Delete {target.name}?
      </p>
      <p id={`confirm-${target.id}-text`} className="mt-1 text-sm text-red-900">
        {target.ordered
          ? "Buyers have ordered it, so it will be archived: gone from the shop, carts and this list, while every order keeps it."
          : "It has never been ordered, so it will be removed for good with its photos and stock."}
      </p>
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="btn h-9 bg-red-700 px-3 text-sm text-white hover:bg-red-800" autoFocus>
          Delete
        </button>
        <Link to={returnTo} preventScrollReset className="btn-secondary h-9 px-3 text-sm">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
