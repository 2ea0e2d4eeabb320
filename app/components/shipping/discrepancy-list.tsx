import { useId } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useFormShape } from "~/components/ui/use-form-shape";
import { type FormReply, fieldError, formError, keptValue } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import { formatShopDate } from "~/lib/shop-time";
import type { DiscrepancyPage, DiscrepancyView } from "~/modules/shipping/settlements/discrepancies.server";
import {
  RESOLVE_DISCREPANCY_INTENT,
  resolveDiscrepancySchema,
  RESOLVE_NOTE_MAX,
  RESOLVE_NOTE_MIN,
  type DiscrepancyStatus,
} from "~/modules/shipping/settlements/discrepancy-words";

export const DISCREPANCIES_PATH = "/seller/shipping/discrepancies";

const signed = (amount: number) =>
  amount === 0 ? formatPrice(0) : `${amount > 0 ? "+" : "−"}${formatPrice(Math.abs(amount))}`;

/**
 * What couriers' settlements got wrong: an Open / Resolved toggle, an Export CSV link (a claim to
 * send the courier), one card per discrepancy with a Resolve form (a note, then Resolve) on the
 * open ones, and paging. Works without JavaScript: links and plain form posts.
 *
 * The Resolve form posts `intent=resolve-discrepancy`, `id`, `note` and `returnTo` (this page) to
 * `action` (default: the page it is on, whose action calls resolveDiscrepancyAction). Its refusal,
 * passed back as `refusal`, shows beside that item's note.
 *
 * `compact` (for the Shipping tab): no toggle or paging, and a link to the full list when there
 * are more than shown.
 */
export function DiscrepancyList({
  page,
  refusal,
  action,
  listPath = DISCREPANCIES_PATH,
  compact = false,
  title = "Discrepancies",
  headingLevel = 2,
}: {
  page: DiscrepancyPage;
  refusal?: FormReply | null;
  action?: string;
  listPath?: string;
  compact?: boolean;
  title?: string;
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const { status, items, open, resolved } = page;
  const count = status === "open" ? open : resolved;
  const href = (s: DiscrepancyStatus, p = 1) =>
    `${listPath}?${new URLSearchParams({ status: s, ...(p > 1 ? { page: String(p) } : {}) })}`;
  // A refusal names its discrepancy (the form's id); one about an item not shown goes above the list.
  const refusedId = refusal ? Number(keptValue(refusal, "id") ?? 0) : null;
  const orphanRefusal = refusal && !items.some((d) => d.id === refusedId) ? refusal : null;
  const toggle = (s: DiscrepancyStatus, label: string, n: number) => (
    <Link
      to={href(s)}
      aria-current={s === status ? "page" : undefined}
      className={`rounded-lg border px-3 py-1.5 text-sm font-medium ${s === status ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800 hover:bg-stone-50"}`}
    >
      {label} ({n})
    </Link>
  );
  return (
    <section aria-labelledby={titleId} className="grid gap-3" data-testid="discrepancy-list">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={titleId} className="text-lg font-semibold text-stone-900">
          {title}
        </Heading>
        <div className="flex flex-wrap items-center gap-2">
          {!compact && (
            <nav aria-label="Show" className="flex gap-1">
              {toggle("open", "Open", open)}
              {toggle("resolved", "Resolved", resolved)}
            </nav>
          )}
          <a
            href={`/seller/shipping/discrepancies.csv?status=${status}`}
            className="btn-secondary px-3 py-1.5"
            download
          >
            Export CSV<span className="sr-only"> of the {status} discrepancies</span>
          </a>
        </div>
      </div>
      {orphanRefusal && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
          {refusalMessage(orphanRefusal)}
        </p>
      )}
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-stone-700">
          {status === "open"
            ? "No open discrepancies: the couriers' settlements match."
            : "No resolved discrepancies yet."}
        </p>
      ) : (
        <ul className="grid gap-3">
          {items.map((d) => (
            <DiscrepancyItem
              key={d.id}
              item={d}
              action={action}
              refusal={refusal && refusedId === d.id ? refusal : null}
            />
          ))}
        </ul>
      )}
      {compact
        ? count > items.length && (
            <Link to={href(status)} className="text-sm font-medium text-brand-700 underline">
              See all {count} {status} discrepancies
            </Link>
          )
        : page.pageCount > 1 && (
            <nav aria-label="Discrepancy pages" className="flex items-center justify-between gap-3 text-sm">
              {page.page > 1 ? (
                <Link className="btn-secondary px-4" to={href(status, page.page - 1)}>
                  Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-stone-700">
                Page {page.page} of {page.pageCount}
              </span>
              {page.page < page.pageCount ? (
                <Link className="btn-secondary px-4" to={href(status, page.page + 1)}>
                  Older
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
    </section>
  );
}

function DiscrepancyItem({
  item: d,
  action,
  refusal,
}: {
  item: DiscrepancyView;
  action?: string;
  refusal: FormReply | null;
}) {
  const titleId = useId();
  const noteId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(d.id);
  // The same schema as the action checks the note in the browser; the server's refusal shows the same way.
  const [form, fields] = useFormShape(resolveDiscrepancySchema, refusal, { id: `resolve-discrepancy-${d.id}` });
  const noteError = fields.note.errors?.[0];
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="discrepancy"
        className={`rounded-xl border p-4 ${d.resolvedAt ? "border-stone-200 bg-white" : "border-amber-300 bg-amber-50"}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-semibold text-stone-900">
            {d.kindText}
          </h3>
          <time dateTime={d.createdAt} className="text-xs text-stone-600">
            {formatShopDate(d.createdAt)}
          </time>
        </div>
        <p className="mt-0.5 break-words text-sm text-stone-700">
          {d.courierName ?? "Courier removed"}
          {d.orderNumber && (
            <>
              {" "}
              ·{" "}
              {d.orderId ? (
                <Link to={`/orders/${d.orderId}`} className="font-medium text-brand-700 underline">
                  {d.orderNumber}
                </Link>
              ) : (
                d.orderNumber
              )}
            </>
          )}
          {d.settlementReference && <> · Settlement {d.settlementReference}</>}
        </p>
        {(d.expected !== null || d.actual !== null) && (
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {d.expected !== null && (
              <div className="flex gap-1">
                <dt className="text-stone-600">Expected</dt>
                <dd className="font-medium text-stone-900">{formatPrice(d.expected)}</dd>
              </div>
            )}
            {d.actual !== null && (
              <div className="flex gap-1">
                <dt className="text-stone-600">Reported</dt>
                <dd className="font-medium text-stone-900">{formatPrice(d.actual)}</dd>
              </div>
            )}
            {d.difference !== null && (
              <div className="flex gap-1">
                <dt className="text-stone-600">Difference</dt>
                <dd className="font-semibold text-stone-900">{signed(d.difference)}</dd>
              </div>
            )}
          </dl>
        )}
        <p className="mt-2 whitespace-pre-line break-words text-sm text-stone-900">{d.detail}</p>
        {d.resolvedAt ? (
          <p
            className="mt-3 break-words border-t border-stone-100 pt-2 text-sm text-stone-800"
            data-testid="resolution"
          >
            <span className="font-medium">
              Resolved {formatShopDate(d.resolvedAt)}
              {d.resolvedByName ? ` by ${d.resolvedByName}` : ""}:
            </span>{" "}
            {d.resolvedNote}
          </p>
        ) : (
          <Form
            method="post"
            action={action}
            id={form.id}
            onSubmit={form.onSubmit}
            noValidate
            preventScrollReset
            className="mt-3 grid gap-2 border-t border-amber-200 pt-3"
          >
            <input type="hidden" name="intent" value={RESOLVE_DISCREPANCY_INTENT} />
            <input type="hidden" name="id" value={d.id} />
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            <div>
              <label htmlFor={noteId} className="field-label">
                Note
                <span className="sr-only">
                  {" "}
                  on resolving: {d.kindText}
                  {d.orderNumber ? `, ${d.orderNumber}` : ""}
                </span>
              </label>
              <textarea
                id={noteId}
                name="note"
                rows={2}
                required
                minLength={RESOLVE_NOTE_MIN}
                maxLength={RESOLVE_NOTE_MAX}
                className="field-input"
                placeholder="What was done, e.g. courier paid the difference on 12 June"
                defaultValue={keptValue(refusal, "note")}
                aria-invalid={noteError ? true : undefined}
                aria-describedby={noteError ? `${noteId}-error` : undefined}
              />
              {noteError && (
                <p id={`${noteId}-error`} className="field-error">
                  {noteError}
                </p>
              )}
            </div>
            {refusal && !noteError && (
              <p role="alert" className="text-sm font-medium text-red-800">
                {refusalMessage(refusal)}
              </p>
            )}
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Resolving..." : "Resolve"}
              </button>
            </div>
          </Form>
        )}
      </article>
    </li>
  );
}

/** A Resolve refusal's words: the form's message, else the note's. */
function refusalMessage(refusal: FormReply): string | undefined {
  return formError(refusal) ?? fieldError(refusal, "note");
}
