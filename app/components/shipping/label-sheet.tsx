import { formatPkr } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatKg } from "~/lib/weight";
import type { ShippingLabel } from "~/modules/shipping/booking/label-data.server";
import { exchangeNote } from "~/modules/shipping/booking/parcel";

// The label's data, declared once beside the query that builds it (a type import: no server code in the bundle).
export type { ShippingLabel };

export type LabelSize = "a4" | "4x6";

/** Labels on one sheet of paper: A4 takes 2 x 2 (the common 99.1 x 139 mm sticker sheet), 4x6 one. */
export const LABELS_PER_PAGE: Record<LabelSize, number> = { a4: 4, "4x6": 1 };

// Plain CSS, not Tailwind: exact millimetres and print rules that read the same on screen and paper.
// The A4 grid is L7169-compatible (2 x 2 labels of 99.1 x 139 mm, 9.5 mm top, 4.65 mm sides, 2.5 mm
// gutter) so pre-cut sticker sheets line up; on plain paper the dashed border is the cut line.
// The page margin is 0 so the browser prints no header or footer on the labels. The pages are named:
// React keeps a hoisted stylesheet in <head> after the route is left, and an unnamed @page would then
// set the paper of every page printed later (an invoice on a 4 x 6 label).
const CSS = `
@page shl-a4 { size: A4 portrait; margin: 0; }
@page shl-4x6 { size: 4in 6in; margin: 0; }
.shl-sheets { background: #d6d3d1; padding: 16px; display: flex; flex-direction: column; align-items: center; gap: 16px; overflow-x: auto; }
.shl-page { box-sizing: border-box; flex: none; overflow: hidden; background: #fff; color: #000; box-shadow: 0 1px 6px rgb(0 0 0 / .35); break-after: page; }
.shl-page:last-child { break-after: auto; }
.shl-a4 { page: shl-a4; width: 210mm; height: 297mm; padding: 9.5mm 4.65mm; display: grid; grid-template-columns: 99.1mm 99.1mm; grid-template-rows: 139mm 139mm; column-gap: 2.5mm; }
.shl-4x6 { page: shl-4x6; width: 4in; height: 6in; display: grid; grid-template: 100% / 100%; }
.shl-label { box-sizing: border-box; min-width: 0; min-height: 0; overflow: hidden; break-inside: avoid; display: flex; flex-direction: column; gap: 1.6mm; padding: 3.5mm;
  font-family: Arial, "Liberation Sans", Helvetica, "DejaVu Sans", sans-serif; font-size: 9pt; line-height: 1.2; color: #000; }
.shl-a4 .shl-label { border: .75pt dashed #000; }
.shl-label * { box-sizing: border-box; margin: 0; padding: 0; }
.shl-top { display: flex; justify-content: space-between; align-items: baseline; gap: 2mm; border-bottom: 1.5pt solid #000; padding-bottom: 1mm; }
.shl-courier { font-size: 15pt; font-weight: 800; text-transform: uppercase; min-width: 0; overflow-wrap: anywhere; }
.shl-order { font-size: 11pt; font-weight: 700; white-space: nowrap; }
.shl-cod { border: 2pt solid #000; text-align: center; padding: 1mm; }
.shl-cod-title { font-size: 9pt; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; }
.shl-cod-amount { font-size: 28pt; font-weight: 800; line-height: 1.05; white-space: nowrap; }
.shl-caption { font-size: 7.5pt; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; }
.shl-to-name { font-size: 14pt; font-weight: 700; overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.shl-to-phone { font-size: 13pt; font-weight: 700; }
.shl-to-address { font-size: 10.5pt; overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; }
.shl-to-address.shl-long { font-size: 9pt; -webkit-line-clamp: 4; }
.shl-to-city { font-size: 20pt; font-weight: 800; text-transform: uppercase; line-height: 1.1; overflow-wrap: anywhere; }
.shl-codes { flex: 1 1 0; min-height: 16mm; display: flex; flex-direction: column; gap: 1.5mm; border-top: 1.5pt solid #000; padding-top: 1.5mm; }
.shl-barcode { flex: 1 1 0; min-height: 0; display: flex; flex-direction: column; }
.shl-barcode.shl-order-code { flex-grow: .8; }
.shl-svg { flex: 1 1 0; min-height: 0; }
.shl-svg svg { display: block; width: 100%; height: auto; max-height: 100%; }
.shl-no-tracking { font-size: 9pt; border: .75pt solid #000; padding: 1.5mm; }
.shl-facts { display: flex; gap: 4mm; font-size: 10pt; border-top: 1.5pt solid #000; padding-top: 1mm; }
.shl-facts b { font-size: 11pt; }
.shl-desc { font-size: 9pt; overflow-wrap: anywhere; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.shl-exchange { border: 2pt solid #000; background: #000; color: #fff; font-size: 10pt; font-weight: 800; text-align: center; padding: 1mm; overflow-wrap: anywhere; }
.shl-from { font-size: 8.5pt; border-top: .75pt solid #000; padding-top: 1mm; }
.shl-empty { padding: 16px; }
@media print {
  .shl-sheets { display: block; background: none; padding: 0; overflow: visible; }
  .shl-page { box-shadow: none; }
}
`;

/** Cut at a word near `max` characters so a long order still fits its two lines. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;]+$/, "")}…`;
}

/** The printable labels, one per parcel, paged for the chosen paper. */
export function LabelSheet({ labels, size }: { labels: ShippingLabel[]; size: LabelSize }) {
  const perPage = LABELS_PER_PAGE[size];
  const pages: ShippingLabel[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return (
    // On a phone the sheet is wider than the screen and scrolls sideways: focusable, so a keyboard can scroll it too.
    <section className="shl-sheets" data-size={size} aria-label="Labels to print" tabIndex={0}>
      {/* With href and precedence React puts the style in <head> (a <style> in <body> is invalid HTML), once. */}
      <style href="shipping-label-sheet" precedence="default">
        {CSS}
      </style>
      {pages.length === 0 && <p className="shl-empty">No labels to print.</p>}
      {pages.map((page, p) => (
        <section
          key={p}
          className={`shl-page shl-${size}`}
          aria-label={`Page ${p + 1} of ${pages.length}`}
          data-testid="label-page"
        >
          {page.map((label, i) => (
            <Label key={`${label.orderNumber}-${i}`} label={label} />
          ))}
        </section>
      ))}
    </section>
  );
}

function Label({ label }: { label: ShippingLabel }) {
  const { consignee, sender } = label;
  const paid = label.codAmount <= 0;
  return (
    <article className="shl-label" aria-label={`Label for order ${label.orderNumber}`} data-testid="shipping-label">
      <div className="shl-top">
        <span className="shl-courier">{label.courierName}</span>
        <span className="shl-order">Order {label.orderNumber}</span>
      </div>
      {label.exchangeFor && (
        <p className="shl-exchange" data-testid="label-exchange">
          {exchangeNote(label.exchangeFor)}
        </p>
      )}
      <div className="shl-cod" data-testid="label-cod">
        <p className="shl-cod-title">
          {paid
            ? label.exchangeFor
              ? "Exchange: do not collect any cash"
              : "Prepaid: do not collect any cash"
            : "Cash on delivery: collect"}
        </p>
        <p className="shl-cod-amount">{paid ? (label.exchangeFor ? "NO CASH" : "PAID") : formatPkr(label.codAmount)}</p>
      </div>
      <div>
        <p className="shl-caption">Deliver to</p>
        <p className="shl-to-name">{consignee.name}</p>
        <p className="shl-to-phone">{formatPakistaniMobile(consignee.phone)}</p>
        <p className={consignee.address.length > 110 ? "shl-to-address shl-long" : "shl-to-address"}>
          {consignee.address}
        </p>
        <p className="shl-to-city">{consignee.city}</p>
      </div>
      <div className="shl-codes">
        {label.trackingBarcodeSvg ? (
          <div className="shl-barcode">
            <p className="shl-caption">{label.courierName} tracking</p>
            {/* Trusted markup: code128Svg's output, made on the server from our own data. */}
            <div
              className="shl-svg"
              data-testid="label-tracking-barcode"
              dangerouslySetInnerHTML={{ __html: label.trackingBarcodeSvg }}
            />
          </div>
        ) : (
          <p className="shl-no-tracking">Tracking number: {label.trackingNumber ?? "not yet given by the courier"}</p>
        )}
        <div className="shl-barcode shl-order-code">
          <p className="shl-caption">Order</p>
          <div
            className="shl-svg"
            data-testid="label-order-barcode"
            dangerouslySetInnerHTML={{ __html: label.orderBarcodeSvg }}
          />
        </div>
      </div>
      <div>
        <p className="shl-facts">
          <span>
            Pieces: <b>{label.pieces}</b>
          </span>
          <span>
            Weight: <b>{formatKg(label.weightGrams)}</b>
          </span>
        </p>
        <p className="shl-desc">{truncate(label.description, 110)}</p>
      </div>
      <div className="shl-from">
        <p>
          <b>From: {sender.brandName}</b> · {formatPakistaniMobile(sender.phone)}
        </p>
        <p>
          {sender.address}, {sender.city}
        </p>
        <p>If undelivered, please return to the sender.</p>
      </div>
    </article>
  );
}
