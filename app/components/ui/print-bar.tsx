import { Link } from "react-router";

/**
 * The bar above an owner's print page (labels, load sheet, invoice): the page's name, the way back
 * to the Orders tab, and Print once there is something to print. It is hidden on paper.
 */
export function PrintBar({
  title,
  titleAs: Title = "h1",
  canPrint,
  className = "",
}: {
  title?: string;
  /** "p" when the printed sheet itself carries the page's h1. */
  titleAs?: "h1" | "p";
  canPrint: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-2 print:hidden ${className}`}>
      {title && <Title className="mr-auto text-xl font-semibold text-stone-900">{title}</Title>}
      <Link to="/seller/orders" className="btn-secondary">
        Back to Orders
      </Link>
      {canPrint && (
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
      )}
    </div>
  );
}
