import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { RETURN_STATUS_WORDS } from "~/components/seller/returns/return-words";
import { StatusBadge } from "~/components/ui/status-badge";
import { TextField } from "~/components/ui/text-field";
import { telHref } from "~/lib/contact-links";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDate, formatShopDateTime } from "~/lib/shop-time";
import { STATUS_FILTER_LABELS } from "~/modules/messages/email-log-query";
import { addNoteFormSchema, addTagFormSchema, NOTE_MAX, TAG_MAX } from "~/modules/customers/customer-forms";
import { useFormShape } from "~/components/ui/use-form-shape";
import { keptValue, type FormReply } from "~/lib/form-reply";
import type { CustomerDetail, CustomerNote } from "~/modules/customers/get-customer.server";
import { CHANNEL_LABELS } from "~/modules/orders/order-channel";
import { deliveryRateText } from "./customer-list";

function Section({
  id,
  title,
  children,
  aside,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold text-stone-900">
          {title}
        </h3>
        {aside}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Name, how to reach them, and their figures. */
export function CustomerHeader({ detail }: { detail: CustomerDetail }) {
  const c = detail.customer;
  const figures: [string, string][] = [
    ["Orders", String(c.orders)],
    ["Delivered", String(c.delivered)],
    ["Returned or refused", String(c.returned)],
    ["Cancelled", String(c.cancelled)],
    ["Delivery rate", deliveryRateText(c.deliveryRate)],
    ["Lifetime value", formatPrice(c.lifetimeValue)],
    ["Average order", formatPrice(c.averageOrder)],
    ["First order", formatShopDate(c.firstOrderAt)],
    ["Last order", formatShopDate(c.lastOrderAt)],
  ];
  return (
    <div className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <div>
        <h2 className="break-words text-xl font-semibold text-stone-900">{c.name}</h2>
        <p className="mt-1 text-sm text-stone-700">
          <a href={telHref(c.phone)} className="text-brand-700 underline" data-testid="customer-phone">
            {formatPakistaniMobile(c.phone)}
          </a>
          {" · "}
          {c.city}
          {c.email && (
            <>
              {" "}
              · <span className="break-all">{c.email}</span>
            </>
          )}
        </p>
      </div>
      <dl
        className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5"
        data-testid="customer-figures"
      >
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The page's last refusal, if any (each form shows its own). */
type FormAnswer = FormReply | null;

/** The tags (each with Remove) and the add-a-tag form, refused beside its field. */
export function CustomerTags({
  tags,
  answer,
  busy,
  formKey,
}: {
  tags: string[];
  answer: FormAnswer;
  busy: boolean;
  formKey: string;
}) {
  const own = keptValue(answer, "intent") === "add-tag" ? answer : null;
  const [form, fields] = useFormShape(addTagFormSchema, own, { id: "add-tag" });
  return (
    <Section id="customer-tags" title="Tags">
      {tags.length === 0 ? (
        <p className="text-sm text-stone-700">No tags yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" data-testid="customer-tag-list">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex items-center rounded-full border border-stone-200 bg-stone-50 pl-3 text-sm font-medium text-stone-900"
            >
              <span>{tag}</span>
              <Form method="post" className="contents">
                <input type="hidden" name="intent" value="remove-tag" />
                <input type="hidden" name="tag" value={tag} />
                <button
                  type="submit"
                  disabled={busy}
                  className="flex min-h-10 min-w-10 items-center justify-center rounded-full text-stone-600 hover:bg-stone-200"
                  aria-label={`Remove tag ${tag}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form
        key={formKey}
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-3 grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      >
        <input type="hidden" name="intent" value="add-tag" />
        <TextField
          label="New tag"
          name="tag"
          defaultValue={keptValue(own, "tag") ?? ""}
          error={fields.tag.errors?.[0] ?? form.errors?.[0]}
          hint={`For example VIP, wholesale or risky; up to ${TAG_MAX} characters`}
        />
        <button type="submit" className="btn-secondary sm:mt-6" disabled={busy}>
          Add tag
        </button>
      </Form>
    </Section>
  );
}

function NoteItem({ note, busy }: { note: CustomerNote; busy: boolean }) {
  return (
    <li className="py-3" data-testid="customer-note">
      <p className="whitespace-pre-line break-words text-stone-900">{note.body}</p>
      <p className="mt-1 text-xs text-stone-600">
        {note.authorName}, {formatShopDateTime(note.createdAt)}
        {note.showOnOrders && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            Shows on orders
          </span>
        )}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="note-orders" />
          <input type="hidden" name="noteId" value={note.id} />
          <input type="hidden" name="showOnOrders" value={note.showOnOrders ? "false" : "true"} />
          <button type="submit" className="btn-secondary py-1.5 text-sm" disabled={busy}>
            {note.showOnOrders ? "Stop showing on orders" : "Show on orders"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="delete-note" />
          <input type="hidden" name="noteId" value={note.id} />
          <button type="submit" className="btn-secondary py-1.5 text-sm text-red-800" disabled={busy}>
            Delete<span className="sr-only"> note of {formatShopDateTime(note.createdAt)}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

/** The notes, newest first, and the add-a-note form with its "Show on orders" box. */
export function CustomerNotes({
  notes,
  answer,
  busy,
  formKey,
}: {
  notes: CustomerNote[];
  answer: FormAnswer;
  busy: boolean;
  formKey: string;
}) {
  const own = keptValue(answer, "intent") === "add-note" ? answer : null;
  const [form, fields] = useFormShape(addNoteFormSchema, own, { id: "add-note" });
  return (
    <Section id="customer-notes" title="Notes">
      <Form key={formKey} method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-2">
        <input type="hidden" name="intent" value="add-note" />
        <TextField
          label="New note"
          name="body"
          multiline
          rows={3}
          defaultValue={keptValue(own, "body") ?? ""}
          error={fields.body.errors?.[0] ?? form.errors?.[0]}
          hint={`Up to ${NOTE_MAX} characters`}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            name="showOnOrders"
            defaultChecked={keptValue(own, "showOnOrders") === "on"}
            className="size-5 accent-brand-700"
          />
          Show on orders (on each order of this customer, in Orders and on the order page)
        </label>
        <div>
          <button type="submit" className="btn-secondary" disabled={busy}>
            Add note
          </button>
        </div>
      </Form>
      {notes.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">No notes yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100" data-testid="customer-note-list">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} busy={busy} />
          ))}
        </ul>
      )}
    </Section>
  );
}

const more = (shown: number, total: number, what: string) =>
  total > shown ? (
    <p className="mt-2 text-sm text-stone-700">
      The newest {shown} of {total} {what}.
    </p>
  ) : null;

/** Their orders (newest first, capped), with a link to all of them in Orders. */
export function CustomerOrders({ detail }: { detail: CustomerDetail }) {
  const { orders, customer } = detail;
  return (
    <Section
      id="customer-orders"
      title="Orders"
      aside={
        <Link
          to={`/seller/orders?q=${encodeURIComponent(customer.phone)}`}
          className="text-sm font-medium text-brand-700 underline"
        >
          All in Orders
        </Link>
      }
    >
      <ul className="divide-y divide-stone-100 text-sm" data-testid="customer-orders">
        {orders.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span>
              <Link to={`/orders/${o.id}`} className="font-semibold text-brand-700 underline">
                {o.orderNumber}
              </Link>{" "}
              <span className="text-stone-600">
                {formatShopDate(o.createdAt)} · {CHANNEL_LABELS[o.channel]} · {o.city}
                {o.discountCode ? ` · ${o.discountCode}` : ""}
              </span>
            </span>
            <span className="flex items-center gap-2">
              <strong>{formatPrice(o.total)}</strong>
              <StatusBadge status={o.status} />
            </span>
          </li>
        ))}
      </ul>
      {more(orders.length, customer.orders, "orders")}
    </Section>
  );
}

export function CustomerReturns({ detail }: { detail: CustomerDetail }) {
  return (
    <Section id="customer-returns" title="Returns and exchanges">
      {detail.returns.length === 0 ? (
        <p className="text-sm text-stone-700">No return requests.</p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {detail.returns.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-x-3 py-2">
              <span>
                <Link to={`/seller/returns/${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.returnNumber}
                </Link>{" "}
                <span className="text-stone-600">
                  on {r.orderNumber}, {formatShopDate(r.createdAt)}
                </span>
              </span>
              <span>{RETURN_STATUS_WORDS[r.status]}</span>
            </li>
          ))}
        </ul>
      )}
      {more(detail.returns.length, detail.returnCount, "requests")}
    </Section>
  );
}

export function CustomerCodes({ detail }: { detail: CustomerDetail }) {
  return (
    <Section id="customer-codes" title="Discount codes used">
      {detail.discountCodes.length === 0 ? (
        <p className="text-sm text-stone-700">No discount codes.</p>
      ) : (
        <ul className="flex flex-wrap gap-2 text-sm" data-testid="customer-codes">
          {detail.discountCodes.map((d) => (
            <li key={d.code} className="rounded-full bg-stone-100 px-3 py-1 font-medium text-stone-900">
              {d.code} × {d.orders}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function CustomerEmails({ detail }: { detail: CustomerDetail }) {
  return (
    <Section id="customer-emails" title="E-mails sent">
      {detail.emails.length === 0 ? (
        <p className="text-sm text-stone-700">No e-mails to this customer.</p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm" data-testid="customer-emails">
          {detail.emails.map((e) => (
            <li key={e.id} className="py-2">
              <p className="break-words font-medium text-stone-900">{e.subject}</p>
              <p className="break-all text-xs text-stone-600">
                {formatShopDateTime(e.createdAt)} · {e.toAddress} · {STATUS_FILTER_LABELS[e.status]}
                {e.orderNumber ? ` · ${e.orderNumber}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {more(detail.emails.length, detail.emailCount, "e-mails")}
      <p className="mt-2 text-sm">
        <Link to="/seller/email-logs" className="text-brand-700 underline">
          Email Logs
        </Link>
      </p>
    </Section>
  );
}
