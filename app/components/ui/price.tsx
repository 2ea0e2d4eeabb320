import { formatPrice, percentOff } from "~/lib/money";

/** Price with the original struck through and the saving, when on sale; "Sale" while a scheduled sale lowers it. */
export function Price({
  price,
  originalPrice,
  onSale = false,
  size = "sm",
}: {
  price: number;
  originalPrice: number | null;
  onSale?: boolean;
  size?: "sm" | "lg";
}) {
  const off = percentOff(price, originalPrice);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-stone-900 ${size === "lg" ? "text-2xl" : "text-base"}`}>
        {off !== null && <span className="sr-only">Sale price </span>}
        {formatPrice(price)}
      </span>
      {off !== null && originalPrice && (
        <>
          <s className="text-sm text-stone-500">
            <span className="sr-only">Original price </span>
            {formatPrice(originalPrice)}
          </s>
          <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">{off}% off</span>
          {onSale && (
            <span className="rounded bg-stone-900 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
              Sale
            </span>
          )}
        </>
      )}
    </p>
  );
}
