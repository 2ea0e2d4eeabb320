type Parcel = { courierName?: string | null; trackingNumber?: string | null; trackingUrl?: string | null };

/**
 * "TCS, tracking number 7790123" and, when the courier has a tracking page, a link to it (it opens
 * the courier's site in a new tab). Nothing when the order has no courier yet.
 */
export function CourierDetails({ order, strong = false }: { order: Parcel; strong?: boolean }) {
  if (!order.courierName && !order.trackingNumber) return null;
  const Em = strong ? "strong" : "span";
  return (
    <>
      <Em>{order.courierName || "—"}</Em>
      {order.trackingNumber && (
        <>
          , tracking number <Em>{order.trackingNumber}</Em>
        </>
      )}
      {order.trackingUrl && (
        <>
          {" "}
          <a
            href={order.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline"
          >
            Track your parcel
            <span className="sr-only"> on {order.courierName ?? "the courier's"} website (opens in a new tab)</span>
          </a>
        </>
      )}
    </>
  );
}
