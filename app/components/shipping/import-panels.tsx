import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { IMPORT_FIELDS, type ColumnMapping, type ImportKind } from "~/modules/shipping/imports/column-mapping";
import type { ImportOutcome, ImportReport } from "~/modules/shipping/imports/run-courier-import.server";
import {
  courierIdOf,
  IMPORT_NOTES,
  IMPORT_TITLES,
  importKindOf,
  MAPPING_CHANGED,
  mappingFromForm,
  mappingKey,
} from "~/modules/shipping/imports/import-form";
import { fieldErrors, formError, keptValue, type FormReply } from "~/lib/form-reply";

type Courier = { id: number; name: string };

/** What the Shipping tab's import forms answer when they go through: the preview, or what Apply changed. */
export type ShippingActionData = { intent: "report"; report: ImportReport };

/** An import refused, in the one form shape; with the file's columns when the mapping was refused (Apply, Preview Again). */
export type ShippingRefusal = FormReply & {
  remap?: { fileName: string; headers: string[]; mapping: ColumnMapping };
};

/** A mapping the import refused, as the mapping screen shows it again. */
export type RefusedMapping = {
  kind: ImportKind;
  uploadId: string;
  courierId: number | null;
  fileName: string;
  headers: string[];
  mapping: ColumnMapping;
  message: string;
  fields: Record<string, string>;
};

/**
 * An import's refusal as the page shows it: on its import's card (`kind`, the courier chosen and
 * each field's message), on the mapping screen (`remap`), or above everything when no import was named.
 */
export function importRefusal(reply: ShippingRefusal) {
  const kind = importKindOf(keptValue(reply, "kind"));
  const courierId = courierIdOf(keptValue(reply, "courierId"));
  const fields = fieldErrors(reply);
  const message = formError(reply) ?? "";
  const remap: RefusedMapping | null =
    reply.remap && kind
      ? { kind, uploadId: keptValue(reply, "uploadId") ?? "", courierId, ...reply.remap, message, fields }
      : null;
  return { kind, courierId, fields, message, remap };
}

const OUTCOME_WORDS: Record<ImportOutcome, string> = {
  change: "Will change",
  unchanged: "No change",
  unmatched: "Not matched",
  problem: "Cannot read",
};
const APPLIED_WORDS: Record<ImportOutcome, string> = {
  change: "Changed",
  unchanged: "No change",
  unmatched: "Not matched",
  problem: "Cannot read",
};
const OUTCOME_CLASSES: Record<ImportOutcome, string> = {
  change: "bg-green-100 text-green-900",
  unchanged: "bg-stone-100 text-stone-800",
  unmatched: "bg-amber-100 text-amber-950",
  problem: "bg-red-100 text-red-900",
};

function CourierSelect({
  kind,
  couriers,
  selected,
  error,
  id,
}: {
  kind: ImportKind;
  couriers: Courier[];
  selected: number | null;
  error?: string;
  id: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Courier
      </label>
      <select
        id={id}
        name="courierId"
        className="field-input py-2"
        defaultValue={selected ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">
          {kind === "cod" ? "Choose the courier" : "Any courier (match by order or tracking number)"}
        </option>
        {couriers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** One import's upload form: the courier, the file, Preview. */
export function ImportCard({
  kind,
  couriers,
  refused,
}: {
  kind: ImportKind;
  couriers: Courier[];
  refused: { courierId: number | null; fields: Record<string, string> } | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("kind") === kind &&
    navigation.formData?.get("intent") === "preview";
  const fileError = refused?.fields.file;
  return (
    <section
      aria-labelledby={`import-${kind}-title`}
      className="grid content-start gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h4 id={`import-${kind}-title`} className="font-semibold text-stone-900">
        {IMPORT_TITLES[kind]}
      </h4>
      <p className="text-sm text-stone-700">{IMPORT_NOTES[kind]}</p>
      <Form method="post" encType="multipart/form-data" className="grid gap-3" aria-labelledby={`import-${kind}-title`}>
        <input type="hidden" name="kind" value={kind} />
        <CourierSelect
          kind={kind}
          couriers={couriers}
          selected={refused?.courierId ?? null}
          error={refused?.fields.courierId}
          id={`import-${kind}-courier`}
        />
        <div>
          <label htmlFor={`import-${kind}-file`} className="field-label">
            File (CSV or Excel)
          </label>
          <input
            id={`import-${kind}-file`}
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="field-input py-2"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `import-${kind}-file-error` : undefined}
          />
          {fileError && (
            <p id={`import-${kind}-file-error`} className="field-error">
              {fileError}
            </p>
          )}
        </div>
        <button type="submit" name="intent" value="preview" className="btn-primary justify-self-start" disabled={busy}>
          {busy ? "Reading..." : "Preview"}
        </button>
      </Form>
    </section>
  );
}

/** The columns the file's headers were matched to, each changeable. */
function MappingFields({
  kind,
  headers,
  mapping,
  fields,
}: {
  kind: ImportKind;
  headers: string[];
  mapping: ColumnMapping;
  fields?: Record<string, string>;
}) {
  const chosen = mapping as Partial<Record<string, number>>;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="mb-2 text-sm font-semibold text-stone-900">Columns in this file</legend>
      {IMPORT_FIELDS[kind].map(({ field, label, required }) => {
        const error = fields?.[field];
        return (
          <div key={field}>
            <label htmlFor={`map-${field}`} className="field-label">
              {label}
              {required ? "" : " (optional)"}
            </label>
            <select
              id={`map-${field}`}
              name={`map-${field}`}
              className="field-input py-2"
              defaultValue={chosen[field] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `map-${field}-error` : undefined}
            >
              <option value="">Not in this file</option>
              {headers.map((h, i) => (
                <option key={i} value={i}>
                  {h || `Column ${i + 1}`}
                </option>
              ))}
            </select>
            {error && (
              <p id={`map-${field}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The preview (or the result) of one courier file: the mapping, what each row does, the settlement, Apply. */
export function ImportReportPanel({ report, couriers }: { report: ImportReport; couriers: Courier[] }) {
  const { counts } = report;
  const words = report.applied ? APPLIED_WORDS : OUTCOME_WORDS;
  const title = `${report.applied ? "Applied" : "Preview"}: ${IMPORT_TITLES[report.kind]}, ${report.fileName}`;
  return (
    <section
      aria-labelledby="import-report-title"
      className="grid gap-3 rounded-xl border-2 border-brand-600 bg-white p-4"
    >
      <h3 id="import-report-title" className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <p
        role="status"
        className={`rounded-lg px-3 py-2 text-sm font-medium ${report.applied ? "bg-green-50 text-green-900" : "bg-stone-50 text-stone-900"}`}
      >
        {report.applied
          ? `Applied: ${counts.change} ${counts.change === 1 ? "row" : "rows"} changed the shop`
          : `${counts.change} ${counts.change === 1 ? "row" : "rows"} will change the shop`}
        {`; ${counts.unchanged} already so, ${counts.unmatched} not matched, ${counts.problem} cannot be read.`}
        {!report.applied && !report.alreadyApplied && " Nothing has changed yet."}
      </p>
      {report.alreadyApplied && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
          This file was already applied on {formatShopDateTimeAmPm(report.alreadyApplied.at)} by{" "}
          {report.alreadyApplied.by}: applying it again changes nothing.
        </p>
      )}
      {report.settlements.length > 0 && (
        // Wider than a phone: the box scrolls, and a keyboard can reach it to scroll it.
        <section className="overflow-x-auto" aria-label="Settlement, scrolls sideways" tabIndex={0}>
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="text-left font-semibold text-stone-900">Settlement</caption>
            <thead>
              <tr className="border-b border-stone-200">
                <th className="py-1 pr-3">Reference</th>
                <th className="pr-3">Paid on</th>
                <th className="pr-3">Parcels</th>
                <th className="pr-3">Expected COD</th>
                <th className="pr-3">Collected</th>
                <th className="pr-3">Charges</th>
                <th className="pr-3">Tax withheld</th>
                <th>Paid</th>
              </tr>
            </thead>
            <tbody>
              {report.settlements.map((s) => (
                <tr key={s.reference} className="border-b border-stone-100">
                  <td className="py-1 pr-3 font-medium">{s.reference}</td>
                  <td className="pr-3">{s.paidOn}</td>
                  <td className="pr-3">{s.parcels}</td>
                  <td className="pr-3">{formatPrice(s.expectedTotal)}</td>
                  <td className={`pr-3 ${s.collectedTotal !== s.expectedTotal ? "font-semibold text-red-800" : ""}`}>
                    {formatPrice(s.collectedTotal)}
                  </td>
                  <td className="pr-3">{formatPrice(s.chargesTotal)}</td>
                  <td className="pr-3">
                    {s.incomeTaxTotal + s.salesTaxTotal
                      ? `${formatPrice(s.incomeTaxTotal + s.salesTaxTotal)} (income ${formatPrice(s.incomeTaxTotal)}, sales ${formatPrice(s.salesTaxTotal)})`
                      : formatPrice(0)}
                  </td>
                  <td>{formatPrice(s.paidTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {report.findings.map((f) => (
        <p key={f} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {f}
        </p>
      ))}
      {!report.applied && (
        // Keyed by the preview: a new preview's selects start from its mapping, not from the last form's choices.
        <ApplyForm
          key={`${report.uploadId} ${mappingKey(report.kind, report.mapping)}`}
          report={report}
          courierName={couriers.find((c) => c.id === report.courierId)?.name ?? null}
        />
      )}
      <section aria-labelledby="import-report-rows" className="grid gap-1.5">
        <h4 id="import-report-rows" className="font-semibold text-stone-900">
          Rows of the file
        </h4>
        <ul className="grid gap-1.5">
          {report.rows.map((row) => (
            <li
              key={row.line}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-stone-100 py-1.5 text-sm"
            >
              {/* The spaces keep the words apart when read aloud or copied; the gaps show them on screen. */}
              <span className="w-14 text-stone-600">Line {row.line}</span>{" "}
              <span className="min-w-[7rem] font-medium text-stone-900">
                {row.orderNumber ?? row.trackingNumber ?? "—"}
              </span>{" "}
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${OUTCOME_CLASSES[row.outcome]}`}>
                {words[row.outcome]}
              </span>{" "}
              <span className="min-w-[12rem] flex-1 text-stone-800">{row.says}</span>
            </li>
          ))}
        </ul>
      </section>
      {report.applied && (
        <Link to="/seller/shipping" className="btn-secondary justify-self-start">
          Import Another File
        </Link>
      )}
    </section>
  );
}

/**
 * The preview's mapping, Apply and Preview Again. The form carries the previewed mapping, and the
 * server refuses Apply with other columns; with JavaScript, changing a column also disables Apply
 * at once, until Preview Again shows what the new columns do.
 */
function ApplyForm({ report, courierName }: { report: ImportReport; courierName: string | null }) {
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const previewed = mappingKey(report.kind, report.mapping);
  const [changed, setChanged] = useState(false);
  const noticeId = "import-apply-changed";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="grid gap-3"
      onChange={(event) =>
        setChanged(
          mappingKey(report.kind, mappingFromForm(report.kind, new FormData(event.currentTarget))) !== previewed,
        )
      }
    >
      <input type="hidden" name="kind" value={report.kind} />
      <input type="hidden" name="uploadId" value={report.uploadId} />
      <input type="hidden" name="courierId" value={report.courierId ?? ""} />
      <input type="hidden" name="previewedMapping" value={previewed} />
      <MappingFields kind={report.kind} headers={report.headers} mapping={report.mapping} />
      {/* Always there, so a screen reader hears it appear; not role=status, which is the preview's count line. */}
      <p
        id={noticeId}
        aria-live="polite"
        className={changed ? "rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950" : "sr-only"}
      >
        {changed ? MAPPING_CHANGED : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="apply"
          className="btn-primary"
          aria-describedby={changed ? noticeId : undefined}
          disabled={applying || changed || Boolean(report.alreadyApplied) || report.counts.change === 0}
        >
          {applying ? "Applying..." : "Apply"}
        </button>
        <button type="submit" name="intent" value="remap" className="btn-secondary">
          Preview Again
        </button>
      </div>
      {courierName && <p className="text-sm text-stone-700">Courier: {courierName}</p>}
    </Form>
  );
}

/** A mapping the import refused: the columns again, with the reason beside the field. */
export function MappingRefused({ refused, couriers }: { refused: RefusedMapping; couriers: Courier[] }) {
  return (
    <section
      aria-labelledby="import-report-title"
      className="grid gap-3 rounded-xl border-2 border-red-300 bg-white p-4"
    >
      <h3 id="import-report-title" className="text-lg font-semibold text-stone-900">
        Preview: {IMPORT_TITLES[refused.kind]}, {refused.fileName}
      </h3>
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-900">
        {refused.message}
      </p>
      <Form key={refused.uploadId} method="post" encType="multipart/form-data" className="grid gap-3">
        <input type="hidden" name="kind" value={refused.kind} />
        <input type="hidden" name="uploadId" value={refused.uploadId} />
        <input type="hidden" name="courierId" value={refused.courierId ?? ""} />
        <MappingFields
          kind={refused.kind}
          headers={refused.headers}
          mapping={refused.mapping}
          fields={refused.fields}
        />
        <button type="submit" name="intent" value="remap" className="btn-primary justify-self-start">
          Preview Again
        </button>
        {refused.courierId && (
          <p className="text-sm text-stone-700">Courier: {couriers.find((c) => c.id === refused.courierId)?.name}</p>
        )}
      </Form>
    </section>
  );
}
