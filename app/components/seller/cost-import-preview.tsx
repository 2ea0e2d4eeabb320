import { formatPrice } from "~/lib/money";
import type { CostPreview } from "~/modules/catalog/cost-import";

const RESULT: Record<"change" | "same" | "refused", string> = {
  change: "Will change",
  same: "Unchanged",
  refused: "Refused",
};

/** A cost file's preview: per row, what it names, the cost now and after, or why it is refused. */
export function CostImportPreview({ fileName, preview }: { fileName: string; preview: CostPreview }) {
  return (
    <div>
      <h3 className="text-base font-semibold text-stone-900">Preview of {fileName}</h3>
      <p className="mt-1 text-sm text-stone-700" role="status">
        {preview.changes} will change · {preview.same} unchanged · {preview.refused} refused
      </p>
      {/* Focusable, so the table scrolls sideways from the keyboard too on a narrow phone. */}
      <div
        className="mt-3 max-w-full overflow-x-auto rounded-lg border border-stone-200"
        tabIndex={0}
        role="region"
        aria-label="Preview rows"
      >
        <table className="min-w-full text-sm" aria-label="Rows of the cost file">
          <thead className="bg-stone-50 text-left text-stone-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Row
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Product or variant
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className="border-t border-stone-200 align-top">
                <td className="px-3 py-2 text-stone-700">{row.line}</td>
                <td className="px-3 py-2 text-stone-900">
                  {row.target ? (
                    <>
                      <span className="font-medium">{row.target.name}</span>
                      <span className="block text-xs text-stone-600">
                        {row.target.variant ? (
                          <>
                            {row.target.variant.color} / {row.target.variant.size} ·{" "}
                            <span className="break-all">{row.target.variant.sku}</span>
                          </>
                        ) : (
                          "Product (its sizes without a cost of their own)"
                        )}
                      </span>
                    </>
                  ) : (
                    <span className="break-words">{row.given || "(empty)"}</span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <span
                    className={`font-semibold ${row.status === "refused" ? "text-red-800" : row.status === "change" ? "text-green-800" : "text-stone-600"}`}
                  >
                    {RESULT[row.status]}
                  </span>
                  {row.target && (
                    <span className="block whitespace-nowrap text-stone-900">
                      {row.target.oldCost === null
                        ? row.target.variant
                          ? "Product's"
                          : "None"
                        : formatPrice(row.target.oldCost)}{" "}
                      → <strong>{formatPrice(row.target.newCost)}</strong>
                    </span>
                  )}
                  {row.reason && <span className="block text-red-800">{row.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
