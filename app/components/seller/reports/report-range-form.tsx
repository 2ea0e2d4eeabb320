import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { PRESET_LABELS, RANGE_PRESETS, type RangeRefusal, type ReportRange } from "~/modules/reports/report-range";

/**
 * A report's range: preset links (today ... last month) and two dates typed in a GET form, so the
 * choice is in the URL and works without JavaScript. A refused date keeps what was typed, with the
 * reason beside its field.
 */
export function ReportRangeForm({ range, refusal }: { range: ReportRange | null; refusal: RangeRefusal | null }) {
  const chip = (active: boolean) =>
    `inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-medium ${
      active ? "bg-brand-700 text-white" : "border border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
    }`;
  const from = refusal ? refusal.values.from : (range?.from ?? "");
  const to = refusal ? refusal.values.to : (range?.to ?? "");
  return (
    <section aria-labelledby="range-title" className="rounded-xl border border-stone-200 bg-white p-4">
      <h3 id="range-title" className="text-base font-semibold text-stone-900">
        Date range (Pakistan time)
      </h3>
      <nav aria-label="Quick ranges" className="mt-2">
        <ul className="flex flex-wrap gap-2">
          {RANGE_PRESETS.map((preset) => (
            <li key={preset}>
              <Link
                to={`?range=${preset}`}
                className={chip(range?.preset === preset)}
                aria-current={range?.preset === preset ? "true" : undefined}
              >
                {PRESET_LABELS[preset]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        key={`${from}:${to}`}
        className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto] sm:items-start"
      >
        <TextField type="date" label="From" name="from" defaultValue={from} error={refusal?.fields.from} />
        <TextField type="date" label="To" name="to" defaultValue={to} error={refusal?.fields.to} />
        <button type="submit" className="btn-secondary sm:mt-6 sm:justify-self-start">
          Show this range
        </button>
      </Form>
    </section>
  );
}
