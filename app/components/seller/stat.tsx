/** One figure of a dashboard summary (`<dl>`): its label, value and an optional note; `strong` for the headline figure. */
export function Stat({
  label,
  value,
  note,
  strong = false,
}: {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`rounded-xl border p-3 sm:p-4 ${strong ? "border-brand-600 bg-brand-50" : "border-stone-200 bg-white"}`}
    >
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="mt-1 break-words text-base font-bold text-stone-900 sm:text-2xl">{value}</dd>
      {note && <dd className="text-xs text-stone-600">{note}</dd>}
    </div>
  );
}
