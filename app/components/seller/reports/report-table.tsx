import { formatPkr } from "~/lib/money";
import { formatShopDate, shopDayNoon } from "~/lib/shop-time";
import type { Cell, ColumnKind, ReportTable } from "~/modules/reports/report-tables";

const count = new Intl.NumberFormat("en-PK");

/** A cell as the page shows it; a figure that cannot be computed is a dash, read out as "none". */
export function formatCell(cell: Cell, kind: ColumnKind): string {
  if (cell === null || cell === "") return "";
  if (typeof cell === "string")
    return kind === "day" && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatShopDate(shopDayNoon(cell)) : cell;
  switch (kind) {
    case "pkr":
      return formatPkr(cell);
    case "percent":
      return `${cell.toFixed(1)}%`;
    case "days":
      return cell.toFixed(1);
    default:
      return count.format(cell);
  }
}

/**
 * A report's table (the same rows as its CSV): figures right-aligned, the total row last; it
 * scrolls sideways inside its own box on a phone rather than widening the page.
 */
export function ReportTableView({ table, id }: { table: ReportTable; id: string }) {
  const numeric = (kind: ColumnKind) => kind !== "text" && kind !== "day";
  const cell = (value: Cell, kind: ColumnKind) =>
    value === null ? (
      <>
        <span aria-hidden>–</span>
        <span className="sr-only">none</span>
      </>
    ) : (
      formatCell(value, kind)
    );
  return (
    <section
      className="min-w-0 overflow-x-auto rounded-xl border border-stone-200 bg-white"
      tabIndex={0}
      aria-labelledby={`${id}-caption`}
      data-testid={`${id}-table`}
    >
      <table className="w-full min-w-max text-left text-sm">
        <caption id={`${id}-caption`} className="px-4 pt-3 text-left font-semibold text-stone-900">
          {table.caption}
        </caption>
        <thead className="text-stone-700">
          <tr className="border-b border-stone-200">
            {table.columns.map((c) => (
              <th key={c.label} scope="col" className={`px-3 py-2 font-medium ${numeric(c.kind) ? "text-right" : ""}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-4 text-center text-stone-700">
                Nothing in this range.
              </td>
            </tr>
          ) : (
            table.rows.map((row, i) => (
              <tr key={i}>
                {row.map((value, j) => {
                  const kind = table.columns[j].kind;
                  return j === 0 ? (
                    <th key={j} scope="row" className="max-w-64 px-3 py-2 font-normal break-words whitespace-normal">
                      {cell(value, kind)}
                    </th>
                  ) : (
                    <td key={j} className={`px-3 py-2 ${numeric(kind) ? "text-right tabular-nums" : ""}`}>
                      {cell(value, kind)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
        {table.total && table.rows.length > 0 && (
          <tfoot className="border-t-2 border-stone-300 font-semibold text-stone-900">
            <tr>
              {table.total.map((value, j) => {
                const kind = table.columns[j].kind;
                return j === 0 ? (
                  <th key={j} scope="row" className="px-3 py-2">
                    {cell(value, kind)}
                  </th>
                ) : (
                  <td key={j} className={`px-3 py-2 ${numeric(kind) ? "text-right tabular-nums" : ""}`}>
                    {cell(value, kind)}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}
