import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useFormShape } from "~/components/ui/use-form-shape";
import { keptValue, type FormReply } from "~/lib/form-reply";
import { saveSegmentFormSchema } from "~/modules/customers/customer-forms";
import { PAKISTANI_CITIES } from "~/lib/cities";
import {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  type CustomerQuery,
  type CustomerQueryField,
} from "~/modules/customers/customer-query";
import type { CustomerSegment } from "~/modules/customers/customer-segments.server";
import { CUSTOMERS_PATH } from "./customer-list";

type Raw = Partial<Record<CustomerQueryField, string>>;
type Errors = Partial<Record<CustomerQueryField, string>>;

const PAIRS: {
  legend: string;
  min: CustomerQueryField;
  max: CustomerQueryField;
  minLabel: string;
  maxLabel: string;
}[] = [
  { legend: "Orders", min: "ordersMin", max: "ordersMax", minLabel: "Orders at least", maxLabel: "Orders at most" },
  {
    legend: "Delivered",
    min: "deliveredMin",
    max: "deliveredMax",
    minLabel: "Delivered at least",
    maxLabel: "Delivered at most",
  },
  {
    legend: "Returned or refused",
    min: "returnedMin",
    max: "returnedMax",
    minLabel: "Returned at least",
    maxLabel: "Returned at most",
  },
  {
    legend: "Delivery rate (%)",
    min: "rateAbove",
    max: "rateBelow",
    minLabel: "Rate above (%)",
    maxLabel: "Rate below (%)",
  },
  {
    legend: "Lifetime value (PKR)",
    min: "valueMin",
    max: "valueMax",
    minLabel: "Value at least (PKR)",
    maxLabel: "Value at most (PKR)",
  },
];

/**
 * The list's search, sort and filters: one GET form, so the filter lives in the URL, works without
 * JavaScript and can be bookmarked or saved as a segment. The figures' bounds sit in a <details>
 * that opens by itself while a filter is on (or a value was refused).
 */
export function CustomerFilters({
  query,
  raw,
  errors,
  open,
}: {
  query: CustomerQuery;
  raw: Raw;
  errors: Errors;
  open: boolean;
}) {
  const value = (name: CustomerQueryField) => raw[name] ?? "";
  return (
    <Form
      method="get"
      action={CUSTOMERS_PATH}
      className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4"
      aria-label="Find customers"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
        <TextField
          label="Search"
          name="q"
          defaultValue={value("q")}
          required={false}
          error={errors.q}
          placeholder="Name, phone (0300 1234567) or e-mail"
        />
        <div>
          <label htmlFor="customer-sort" className="field-label">
            Sort by
          </label>
          <select id="customer-sort" name="sort" defaultValue={query.sort} className="field-input">
            {CUSTOMER_SORTS.map((s) => (
              <option key={s} value={s}>
                {CUSTOMER_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="customer-dir" className="field-label">
            Order
          </label>
          <select id="customer-dir" name="dir" defaultValue={query.dir} className="field-input">
            <option value="desc">Highest or newest first</option>
            <option value="asc">Lowest or oldest first</option>
          </select>
        </div>
      </div>
      <details open={open} className="group">
        <summary className="cursor-pointer py-1 text-sm font-semibold text-brand-700">Filters</summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label="City"
            name="city"
            defaultValue={value("city")}
            required={false}
            error={errors.city}
            list="customer-cities"
          />
          <datalist id="customer-cities">
            {PAKISTANI_CITIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="Tag"
            name="tag"
            defaultValue={value("tag")}
            required={false}
            error={errors.tag}
            placeholder="e.g. VIP"
          />
          <TextField
            label="Last order from"
            name="lastFrom"
            type="date"
            defaultValue={value("lastFrom")}
            required={false}
            error={errors.lastFrom}
          />
          <TextField
            label="Last order to"
            name="lastTo"
            type="date"
            defaultValue={value("lastTo")}
            required={false}
            error={errors.lastTo}
          />
          {PAIRS.map((pair) => (
            <fieldset key={pair.legend} className="grid grid-cols-2 gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-semibold text-stone-800">{pair.legend}</legend>
              <TextField
                label={pair.minLabel}
                name={pair.min}
                inputMode="numeric"
                defaultValue={value(pair.min)}
                required={false}
                error={errors[pair.min]}
              />
              <TextField
                label={pair.maxLabel}
                name={pair.max}
                inputMode="numeric"
                defaultValue={value(pair.max)}
                required={false}
                error={errors[pair.max]}
              />
            </fieldset>
          ))}
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary">
          Apply
        </button>
        <Link to={CUSTOMERS_PATH} className="btn-secondary">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** The saved segments as chips (each opens its list), with a delete button beside each. */
export function SegmentChips({
  segments,
  current,
  busy,
}: {
  segments: CustomerSegment[];
  current: string;
  busy: boolean;
}) {
  if (segments.length === 0) return null;
  return (
    <nav aria-label="Saved segments" className="min-w-0">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 py-0.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 [&::-webkit-scrollbar]:hidden">
        {segments.map((s) => (
          <li
            key={s.id}
            className="flex shrink-0 items-center rounded-full border border-stone-200 bg-white"
            data-testid="segment-chip"
          >
            <Link
              to={s.query ? `${CUSTOMERS_PATH}?${s.query}` : CUSTOMERS_PATH}
              aria-current={current === s.query ? "page" : undefined}
              className={`flex min-h-10 items-center whitespace-nowrap rounded-full py-1 pl-3 pr-2 text-sm font-medium text-stone-800 hover:bg-stone-50 ${current === s.query ? "ring-2 ring-brand-700/40" : ""}`}
            >
              {s.name}
            </Link>
            <a
              href={`${CUSTOMERS_PATH}.csv?segment=${s.id}`}
              className="px-1 text-xs font-semibold text-brand-700 underline"
              download
            >
              CSV<span className="sr-only"> of {s.name}</span>
            </a>
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="delete-segment" />
              <input type="hidden" name="segmentId" value={s.id} />
              <button
                type="submit"
                disabled={busy}
                className="flex min-h-10 min-w-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
                aria-label={`Delete segment ${s.name}`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Save as segment": the current filter (its canonical query string) under a name. */
export function SaveSegmentForm({
  query,
  reply,
  busy,
  formKey,
}: {
  query: string;
  /** The server's refusal of the last save, if any. */
  reply: FormReply | null;
  busy: boolean;
  formKey: string;
}) {
  // Checked in the browser with the action's schema.
  const [form, fields] = useFormShape(saveSegmentFormSchema, reply, { id: "save-segment" });
  return (
    <Form
      key={formKey}
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-2 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      aria-label="Save as segment"
    >
      <input type="hidden" name="intent" value="save-segment" />
      <input type="hidden" name="query" value={query} />
      <TextField
        label="Segment name"
        name="name"
        defaultValue={keptValue(reply, "name") ?? ""}
        error={fields.name.errors?.[0] ?? form.errors?.[0]}
        hint="Saves this search, filter and sort under a name"
      />
      <button type="submit" className="btn-secondary" disabled={busy}>
        Save as segment
      </button>
    </Form>
  );
}
