import { formatPkr } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatKg } from "~/lib/weight";

export type LoadSheetParcel = {
  orderNumber: string;
  trackingNumber: string | null;
  city: string;
  codAmount: number;
  weightGrams: number;
};

export type LoadSheetProps = {
  shop: { brandName: string; phone: string; address: string; city: string };
  courierName: string;
  accountCode: string | null;
  /** As printed, e.g. "25 Nov 2026". */
  date: string;
  parcels: LoadSheetParcel[];
};

// Plain CSS with exact sizes, the same on screen (a sheet on grey) and on paper. The header row
// repeats on every page (table-header-group); the totals row does not (tfoot as a row group). The
// page is named so its size and margins stay off other pages when React keeps the style in <head>.
const CSS = `
@page lds { size: A4 portrait; margin: 12mm 12mm 14mm;
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9pt Arial, "Liberation Sans", sans-serif; } }
.lds-wrap { background: #d6d3d1; padding: 16px; overflow-x: auto; }
.lds { page: lds; box-sizing: border-box; width: 210mm; min-height: 297mm; margin: 0 auto; padding: 12mm; background: #fff; color: #000; box-shadow: 0 1px 6px rgb(0 0 0 / .35);
  font-family: Arial, "Liberation Sans", Helvetica, "DejaVu Sans", sans-serif; font-size: 10pt; line-height: 1.3; }
.lds * { box-sizing: border-box; margin: 0; padding: 0; }
.lds-head { display: flex; justify-content: space-between; gap: 8mm; border-bottom: 2pt solid #000; padding-bottom: 3mm; margin-bottom: 4mm; }
.lds-title { font-size: 18pt; font-weight: 800; }
.lds-shop { font-size: 12pt; font-weight: 700; }
.lds-meta { display: grid; grid-template-columns: auto auto; column-gap: 3mm; align-content: start; font-size: 11pt; }
.lds-meta dt { font-weight: 700; text-align: right; }
.lds table { width: 100%; border-collapse: collapse; font-size: 10pt; }
.lds-caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.lds thead { display: table-header-group; }
.lds tfoot { display: table-row-group; }
.lds tr { break-inside: avoid; }
.lds th, .lds td { border: .75pt solid #000; padding: 1.2mm 2mm; text-align: left; vertical-align: baseline; }
.lds th { font-size: 9pt; text-transform: uppercase; letter-spacing: .03em; background: #fff; }
.lds .lds-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.lds .lds-code { font-variant-numeric: tabular-nums slashed-zero; overflow-wrap: anywhere; }
.lds tfoot td { font-weight: 800; font-size: 11pt; border-top: 2pt solid #000; }
.lds-sign { break-inside: avoid; margin-top: 8mm; display: grid; grid-template-columns: 1fr 1fr; gap: 6mm 10mm; }
.lds-sign p:first-child { grid-column: 1 / -1; font-size: 10.5pt; }
.lds-line { display: flex; align-items: flex-end; gap: 2mm; font-weight: 700; }
.lds-line span { flex: 1; border-bottom: .75pt solid #000; height: 9mm; }
@media print {
  .lds-wrap { background: none; padding: 0; overflow: visible; }
  .lds { width: auto; min-height: 0; padding: 0; box-shadow: none; }
}
`;

/** The courier's handover list for one day: every parcel, the totals, and lines for both signatures. */
export function LoadSheet({ shop, courierName, accountCode, date, parcels }: LoadSheetProps) {
  const totalCod = parcels.reduce((sum, p) => sum + p.codAmount, 0);
  const totalGrams = parcels.reduce((sum, p) => sum + p.weightGrams, 0);
  const count = `${parcels.length} ${parcels.length === 1 ? "parcel" : "parcels"}`;
  return (
    // On a phone the sheet is wider than the screen and scrolls sideways: focusable, so a keyboard can scroll it too.
    <section className="lds-wrap" aria-label="Load sheet to print" tabIndex={0}>
      {/* With href and precedence React puts the style in <head> (a <style> in <body> is invalid HTML), once. */}
      <style href="shipping-load-sheet" precedence="default">
        {CSS}
      </style>
      <article className="lds" aria-labelledby="load-sheet-title">
        <header className="lds-head">
          <div>
            <h1 id="load-sheet-title" className="lds-title">
              Load sheet: {courierName}
            </h1>
            <p className="lds-shop">{shop.brandName}</p>
            <p>
              {shop.address}, {shop.city}
            </p>
            <p>{formatPakistaniMobile(shop.phone)}</p>
          </div>
          <dl className="lds-meta">
            <dt>Courier</dt>
            <dd>{courierName}</dd>
            <dt>Account</dt>
            <dd>{accountCode ?? "—"}</dd>
            <dt>Date</dt>
            <dd>{date}</dd>
            <dt>Parcels</dt>
            <dd>{parcels.length}</dd>
          </dl>
        </header>
        <table>
          <caption className="lds-caption">Parcels handed to {courierName}</caption>
          <thead>
            <tr>
              <th scope="col" className="lds-num">
                #
              </th>
              <th scope="col">Order</th>
              <th scope="col">Tracking number</th>
              <th scope="col">City</th>
              <th scope="col" className="lds-num">
                COD to collect
              </th>
              <th scope="col" className="lds-num">
                Weight
              </th>
            </tr>
          </thead>
          <tbody>
            {parcels.map((p, i) => (
              <tr key={`${p.orderNumber}-${i}`} data-testid="load-sheet-row">
                <td className="lds-num">{i + 1}</td>
                <td className="lds-code">{p.orderNumber}</td>
                <td className="lds-code">{p.trackingNumber ?? "—"}</td>
                <td>{p.city}</td>
                <td className="lds-num">{p.codAmount > 0 ? formatPkr(p.codAmount) : "Paid"}</td>
                <td className="lds-num">{formatKg(p.weightGrams)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="load-sheet-totals">
              <td colSpan={4}>Total: {count}</td>
              <td className="lds-num">{formatPkr(totalCod)}</td>
              <td className="lds-num">{formatKg(totalGrams)}</td>
            </tr>
          </tfoot>
        </table>
        <section className="lds-sign" aria-label="Handover">
          <p>
            Received {count} in good condition, with {formatPkr(totalCod)} cash on delivery to collect.
          </p>
          <p className="lds-line">
            Rider&apos;s name
            <span />
          </p>
          <p className="lds-line">
            Rider&apos;s signature
            <span />
          </p>
          <p className="lds-line">
            Time of handover
            <span />
          </p>
          <p className="lds-line">
            Shop&apos;s signature
            <span />
          </p>
        </section>
      </article>
    </section>
  );
}
