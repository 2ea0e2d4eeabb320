import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type EmailStatus, resendEmailFormSchema } from "~/modules/messages/email-log-query";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useFormShape } from "~/components/ui/use-form-shape";
import { type FormReply, keptValue } from "~/lib/form-reply";

/** One entry as the list shows it (times already in Pakistan time, formatted by the server). */
export type EmailLogRowView = {
  id: number;
  orderNumber: string | null;
  subject: string;
  toAddress: string;
  time: string;
  createdAt: string;
  status: EmailStatus;
  marker: string;
};

export type EmailLogDetailView = EmailLogRowView & {
  fromAddress: string;
  orderId: string | null;
  sentAt: string | null;
  statusLabel: string;
  statusDetail: string | null;
  resentFrom: number | null;
  resentAs: number[];
  html: string;
  text: string;
  preview: boolean;
};

// Full class names, written out so Tailwind finds them.
const MARKER_CLASSES: Record<EmailStatus, string> = {
  queued: "bg-blue-100 text-blue-900",
  sending: "bg-indigo-100 text-indigo-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  not_configured: "bg-stone-200 text-stone-900",
};

export function EmailStatusMarker({ status, children }: { status: EmailStatus; children: string }) {
  return (
    <span
      data-testid="email-status"
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${MARKER_CLASSES[status]}`}
    >
      {children}
    </span>
  );
}

/** The list: cards that read the same on a phone and a laptop; each opens its entry at its own URL. */
export function EmailLogList({
  entries,
  hrefOf,
  selectedId,
}: {
  entries: EmailLogRowView[];
  hrefOf: (id: number) => string;
  selectedId: number | null;
}) {
  return (
    <ul className="grid gap-2" data-testid="email-log-list">
      {entries.map((e) => (
        <li key={e.id}>
          <Link
            to={hrefOf(e.id)}
            aria-current={e.id === selectedId ? "true" : undefined}
            className={`block rounded-xl border p-3 hover:bg-stone-50 ${e.id === selectedId ? "border-brand-700 ring-1 ring-brand-700" : "border-stone-200 bg-white"}`}
          >
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 break-words font-semibold text-stone-900">{e.subject}</span>
              <EmailStatusMarker status={e.status}>{e.marker}</EmailStatusMarker>
            </span>
            <span className="mt-1 block break-all text-sm text-stone-700">To {e.toAddress}</span>
            <span className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-stone-600">
              <span>Order ID: {e.orderNumber ?? "—"}</span>
              <time dateTime={e.createdAt}>{e.time}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md's detail: To, From, Subject, Order ID, Sent At, Status and the body; Resend below. */
export function EmailLogDetail({
  entry,
  backHref,
  result,
}: {
  entry: EmailLogDetailView;
  backHref: string;
  /** The action's refusal of Resend (or of a request not understood), if any. */
  result: FormReply | null | undefined;
}) {
  const navigation = useNavigation();
  const resending = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  // The action's schema checks the address in the browser too; each entry's form is its own.
  const [form, fields] = useFormShape(resendEmailFormSchema, result, { id: `resend-${entry.id}` });
  const toError = fields.to.errors?.[0];
  const kept = keptValue(result, "to");
  return (
    <article aria-labelledby="email-detail-title" className="min-w-0 rounded-xl border border-stone-200 bg-white p-4">
      <Link to={backHref} preventScrollReset className="text-sm font-medium text-brand-700 underline lg:hidden">
        Back to all e-mails
      </Link>
      <h3 id="email-detail-title" className="mt-2 break-words text-lg font-semibold text-stone-900 lg:mt-0">
        {entry.subject}
      </h3>
      <dl className="mt-3 grid grid-cols-[6rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="font-medium text-stone-600">To</dt>
        <dd className="break-all text-stone-900">{entry.toAddress}</dd>
        <dt className="font-medium text-stone-600">From</dt>
        <dd className="break-all text-stone-900">{entry.fromAddress}</dd>
        <dt className="font-medium text-stone-600">Subject</dt>
        <dd className="break-words text-stone-900">{entry.subject}</dd>
        <dt className="font-medium text-stone-600">Order ID</dt>
        <dd className="text-stone-900">
          {entry.orderNumber ? (
            <Link className="underline" to={`/seller/orders?q=${encodeURIComponent(entry.orderNumber)}`}>
              {entry.orderNumber}
            </Link>
          ) : (
            "—"
          )}
        </dd>
        <dt className="font-medium text-stone-600">Sent At</dt>
        <dd className="text-stone-900">{entry.sentAt ?? "Not sent"}</dd>
        <dt className="font-medium text-stone-600">Queued At</dt>
        <dd className="text-stone-900">{entry.time}</dd>
        <dt className="font-medium text-stone-600">Status</dt>
        <dd className="text-stone-900">
          <span data-testid="email-status-label" className="font-semibold">
            {entry.statusLabel}
          </span>
          {entry.statusDetail && <span className="mt-0.5 block break-words text-stone-700">{entry.statusDetail}</span>}
        </dd>
      </dl>
      {(entry.resentFrom || entry.resentAs.length > 0) && (
        <p className="mt-2 text-sm text-stone-700">
          {entry.resentFrom && (
            <>
              A resend of{" "}
              <Link className="underline" to={`?id=${entry.resentFrom}`}>
                e-mail #{entry.resentFrom}
              </Link>
              .{" "}
            </>
          )}
          {entry.resentAs.length > 0 && (
            <>
              Sent again as{" "}
              {entry.resentAs.map((id, i) => (
                <span key={id}>
                  {i > 0 && ", "}
                  <Link className="underline" to={`?id=${id}`}>
                    e-mail #{id}
                  </Link>
                </span>
              ))}
              .
            </>
          )}
        </p>
      )}

      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        className="mt-4 rounded-lg bg-stone-50 p-3"
        aria-labelledby="resend-title"
        noValidate
      >
        <h4 id="resend-title" className="text-sm font-semibold text-stone-900">
          Resend this e-mail
        </h4>
        <input type="hidden" name="id" value={entry.id} />
        <label htmlFor="resend-to" className="field-label mt-2">
          Send to
        </label>
        <input
          id="resend-to"
          name="to"
          type="email"
          autoComplete="off"
          inputMode="email"
          className="field-input"
          // Keyed so opening another entry shows its address, while a refused address stays as typed.
          key={`${entry.id}-${kept ?? ""}`}
          defaultValue={kept ?? entry.toAddress}
          aria-invalid={toError ? true : undefined}
          aria-describedby={toError ? "resend-to-error" : "resend-to-hint"}
        />
        {toError ? (
          <p id="resend-to-error" className="field-error">
            {toError}
          </p>
        ) : (
          <p id="resend-to-hint" className="mt-1 text-xs text-stone-600">
            Correct the address here if it was mistyped.
          </p>
        )}
        {form.errors?.[0] && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {form.errors[0]}
          </p>
        )}
        <button
          type="submit"
          name="intent"
          value="resend"
          className="btn-primary mt-3 w-full sm:w-auto"
          disabled={resending}
        >
          {resending ? "Resending..." : "Resend"}
        </button>
      </Form>

      <h4 className="mt-5 text-sm font-semibold text-stone-900">Body</h4>
      {entry.preview && <p className="mt-1 text-xs text-stone-600">Not sent yet: this is how it will look.</p>}
      <iframe
        title={`Body of the e-mail: ${entry.subject}`}
        // No scripts, no forms, no navigation: the e-mail is shown, never run.
        sandbox=""
        srcDoc={entry.html}
        className="mt-2 h-[28rem] w-full rounded-lg border border-stone-200 bg-white"
      />
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-stone-800">Plain-text part</summary>
        <pre
          data-testid="email-text"
          tabIndex={0}
          aria-label="Plain-text part of the e-mail"
          className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-3 text-xs text-stone-800"
        >
          {entry.text}
        </pre>
      </details>
    </article>
  );
}

const CONFIRM_QUESTION = "Are you sure you want to clear all email logs?";

function ClearForm({ onCancel, cancelHref }: { onCancel?: () => void; cancelHref: string }) {
  return (
    <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
      <button type="submit" name="intent" value="clear" className="btn bg-red-700 text-white hover:bg-red-800">
        Clear Logs
      </button>
      {onCancel ? (
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : (
        <Link className="btn-secondary" to={cancelHref}>
          Cancel
        </Link>
      )}
    </Form>
  );
}

/**
 * Clear Logs asks first. With JavaScript: a modal dialog. Without it the button is a link to
 * ?clear=confirm, where the same question and buttons show in the page.
 */
export function ClearLogsControl({
  confirmHref,
  cancelHref,
  confirming,
}: {
  confirmHref: string;
  cancelHref: string;
  confirming: boolean;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const clearing = navigation.state !== "idle" && navigation.formData?.get("intent") === "clear";
  useEffect(() => {
    if (clearing) dialogRef.current?.close();
  }, [clearing]);
  // Arriving at ?clear=confirm with JavaScript running: ask in the dialog.
  useEffect(() => {
    if (confirming && hydrated && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [confirming, hydrated]);
  const explain = "E-mails still waiting to be sent are kept and will still go out.";
  return (
    <>
      <Link
        to={confirmHref}
        preventScrollReset
        className="btn-secondary border-red-300 text-red-800"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          dialogRef.current?.showModal();
        }}
      >
        Clear Logs
      </Link>
      <dialog
        ref={dialogRef}
        aria-labelledby="clear-logs-title"
        aria-describedby="clear-logs-text"
        className="m-auto w-[min(92vw,26rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-black/50"
      >
        <div className="p-6">
          <h3 id="clear-logs-title" className="text-lg font-bold text-stone-900">
            {CONFIRM_QUESTION}
          </h3>
          <p id="clear-logs-text" className="mt-2 text-sm text-stone-700">
            {explain}
          </p>
          <ClearForm onCancel={() => dialogRef.current?.close()} cancelHref={cancelHref} />
        </div>
      </dialog>
      {confirming && !hydrated && (
        <div
          role="alertdialog"
          aria-labelledby="clear-logs-inline-title"
          aria-describedby="clear-logs-inline-text"
          className="basis-full rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <p id="clear-logs-inline-title" className="font-semibold text-red-900">
            {CONFIRM_QUESTION}
          </p>
          <p id="clear-logs-inline-text" className="mt-1 text-sm text-red-900">
            {explain}
          </p>
          <ClearForm cancelHref={cancelHref} />
        </div>
      )}
    </>
  );
}
