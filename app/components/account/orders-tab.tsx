import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatPrice } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import { useHydrated } from "~/components/ui/use-hydrated";
import { buyerCanCancel, type OrderStatus } from "~/modules/orders/order-lifecycle";
import { keptValue, isRefusal } from "~/lib/form-reply";
import { Loading, ResultLine, type AccountAnswer, type AccountDone } from "./shared";
import { ITEMS_SHOWN, moreItemsText } from "~/modules/orders/more-items";
import { CourierDetails } from "~/components/orders/courier-details";

/** What the My Orders tab shows of an order (a plain type: components never import server modules). */
export type AccountOrder = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  createdAt: Date | string;
  paymentMethod: string;
  subtotal: number;
  discountCode: string | null;
  discountTotal: number;
  shippingFee: number;
  storeCreditUsed: number;
  total: number;
  fullName: string;
  address: string;
  city: string;
  postalCode: string | null;
  country: string;
  courierName?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  items: { productId?: string | null; name: string; color: string; size: string; price: number; quantity: number }[];
};

/** SPEC.md: order ids are shown as their last 8 characters. */
function shortId(id: string): string {
  return id.slice(-8);
}

function paymentLabel(method: string): string {
  return method === "cod" || method === "COD" ? "Cash on Delivery" : method;
}

export function OrdersTab({
  orders,
  myRatings = {},
  returnsOpenUntil = {},
  refreshing,
  actionData,
}: {
  orders: AccountOrder[] | null;
  myRatings?: Record<string, number>;
  /** Delivered orders still inside the return window: the moment it closes (ISO), by order id. */
  returnsOpenUntil?: Record<string, string>;
  refreshing: boolean;
  actionData?: AccountAnswer;
}) {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const details = detailsId ? (orders?.find((o) => o.id === detailsId) ?? null) : null;
  // A cancel's outcome shows on its order's card; above the list only when that order is not listed.
  const target = isRefusal(actionData)
    ? keptValue(actionData, "orderId")
    : (actionData as AccountDone | undefined)?.target;
  const onCard = Boolean(target && orders?.some((o) => o.id === target));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (details && !dialog.open) dialog.showModal();
    if (!details && dialog.open) dialog.close();
  }, [details]);

  return (
    <section aria-labelledby="orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-title" className="text-xl font-bold text-stone-900">
          My Orders
        </h2>
        <Link to="/products" className="btn-secondary">
          Continue Shopping
        </Link>
      </div>
      <div className="mt-4 grid gap-4">
        {!onCard && <ResultLine result={actionData} />}
        {orders === null ? (
          <Loading>Loading your orders...</Loading>
        ) : orders.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 py-12 text-center text-stone-700">
            No orders found.
          </p>
        ) : (
          <>
            {refreshing && (
              <p role="status" className="text-sm text-stone-600">
                Loading your orders...
              </p>
            )}
            <ul className="grid gap-4" aria-busy={refreshing || undefined} data-testid="order-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard
                    order={order}
                    myRatings={myRatings}
                    returnsOpen={Boolean(returnsOpenUntil[order.id])}
                    onDetails={() => setDetailsId(order.id)}
                    result={target === order.id ? actionData : undefined}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <OrderDetailsDialog dialogRef={dialogRef} order={details} onClose={() => setDetailsId(null)} />
    </section>
  );
}

function OrderCard({
  order,
  myRatings,
  returnsOpen,
  onDetails,
  result,
}: {
  order: AccountOrder;
  myRatings: Record<string, number>;
  returnsOpen: boolean;
  onDetails: () => void;
  result?: AccountAnswer;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const titleId = useId();
  const cancelling =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "cancel" &&
    navigation.formData.get("orderId") === order.id;
  // A delivered order lists every item, each with 'Rate this product' or the buyer's rating.
  const delivered = order.status === "delivered";
  const shown = delivered ? order.items : order.items.slice(0, ITEMS_SHOWN);
  const more = order.items.length - shown.length;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="order-card"
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-stone-900">
            Order #{shortId(order.id)}
          </h3>
          <p className="text-sm text-stone-600">
            <span data-testid="order-number">{order.orderNumber}</span> · Placed on{" "}
            <time dateTime={new Date(order.createdAt).toISOString()}>{formatShopDate(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>

      <ul className="mt-3 space-y-1 text-stone-800">
        {shown.map((item, i) => (
          <li key={i}>
            <span id={`${titleId}-item-${i}`}>
              {item.quantity} x {item.name}
            </span>{" "}
            <span className="text-sm text-stone-600">
              ({item.color} / {item.size})
            </span>
            {delivered && item.productId && (
              <span className="ml-2 inline-flex flex-wrap gap-x-2 text-sm">
                {myRatings[item.productId] !== undefined && (
                  <span className="font-medium text-stone-800">Your rating: {myRatings[item.productId]}</span>
                )}
                <Link
                  to={`/product/${item.productId}#review`}
                  className="font-medium text-brand-700 underline"
                  aria-describedby={`${titleId}-item-${i}`}
                >
                  {myRatings[item.productId] === undefined ? "Rate this product" : "Edit your review"}
                </Link>
              </span>
            )}
          </li>
        ))}
        {more > 0 && <li className="text-sm text-stone-600">{moreItemsText(more)}</li>}
      </ul>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">Total</dt>
          <dd className="text-base font-bold text-stone-900" data-testid="order-total">
            {formatPrice(order.total)}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Payment</dt>
          <dd className="text-stone-900">{paymentLabel(order.paymentMethod)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Ship to</dt>
          <dd className="text-stone-900">
            {order.fullName}, {order.city}, {order.country}
          </dd>
        </div>
      </dl>

      {(order.courierName || order.trackingNumber) && (
        <p className="mt-3 text-sm text-stone-800" data-testid="order-courier">
          Courier: <CourierDetails order={order} strong />
        </p>
      )}

      {result && (
        <div className="mt-3">
          <ResultLine result={result} />
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={onDetails} aria-haspopup="dialog">
            View Details
          </button>
        ) : (
          <Link to={`/orders/${order.id}`} className="btn-secondary">
            View Details
          </Link>
        )}
        {returnsOpen && (
          <Link to={`/orders/${order.id}/return`} className="btn-secondary">
            Return or exchange
          </Link>
        )}
        {buyerCanCancel(order.status) && (
          <Form
            method="post"
            preventScrollReset
            onSubmit={(event) => {
              if (!window.confirm(`Cancel order ${order.orderNumber}? This cannot be undone.`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="orderId" value={order.id} />
            <button
              type="submit"
              className="btn border border-red-300 bg-white text-red-800 hover:bg-red-50"
              disabled={cancelling}
            >
              {cancelling ? "Cancelling..." : "Cancel Order"}
            </button>
          </Form>
        )}
      </div>
    </article>
  );
}

function OrderDetailsDialog({
  dialogRef,
  order,
  onClose,
}: {
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  order: AccountOrder | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            Order Details
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            aria-label="Close"
            className="-m-2 rounded-lg p-2 text-2xl leading-none text-stone-600 hover:bg-stone-100 hover:text-stone-900"
          >
            <span aria-hidden>×</span>
          </button>
        </div>
        {order && (
          <>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
              <span className="font-semibold text-stone-900">{order.orderNumber}</span>
              <span>Order #{shortId(order.id)}</span>
              <span>Placed on {formatShopDate(order.createdAt)}</span>
              <StatusBadge status={order.status} />
            </div>

            <h3 className="mt-5 font-semibold">Items</h3>
            <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
              {order.items.map((item, i) => (
                <li key={i} className="flex items-start justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">{item.name}</p>
                    <p className="text-sm text-stone-600">
                      Colour: {item.color} · Size: {item.size} · Quantity: {item.quantity}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold">{formatPrice(item.price * item.quantity)}</p>
                    {item.quantity > 1 && <p className="text-xs text-stone-600">{formatPrice(item.price)} each</p>}
                  </div>
                </li>
              ))}
            </ul>

            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatPrice(order.subtotal)}</dd>
              {order.discountTotal > 0 && (
                <>
                  <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
                  <dd className="text-right">−{formatPrice(order.discountTotal)}</dd>
                </>
              )}
              <dt>Shipping</dt>
              <dd className="text-right">{order.shippingFee === 0 ? "Free" : formatPrice(order.shippingFee)}</dd>
              {order.storeCreditUsed > 0 && (
                <>
                  <dt>Store credit</dt>
                  <dd className="text-right">−{formatPrice(order.storeCreditUsed)}</dd>
                </>
              )}
              <dt className="font-bold">Total</dt>
              <dd className="text-right font-bold">{formatPrice(order.total)}</dd>
            </dl>

            <dl className="mt-4 grid gap-2 text-sm">
              <div>
                <dt className="text-stone-600">Payment method</dt>
                <dd>{paymentLabel(order.paymentMethod)}</dd>
              </div>
              {(order.courierName || order.trackingNumber) && (
                <div>
                  <dt className="text-stone-600">Courier</dt>
                  <dd>
                    <CourierDetails order={order} />
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-stone-600">Shipping address</dt>
                <dd>
                  {order.fullName}
                  {order.address && (
                    <>
                      <br />
                      {order.address}
                    </>
                  )}
                  <br />
                  {order.city}
                  {order.postalCode ? ` ${order.postalCode}` : ""}, {order.country}
                </dd>
              </div>
            </dl>

            <Link to={`/orders/${order.id}`} className="btn-primary mt-5">
              View full order
            </Link>
          </>
        )}
      </div>
    </dialog>
  );
}
