import { randomUUID } from "node:crypto";
import { Form, Link, redirect, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-parts";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { refundPayment } from "~/flows/refund-payment.server";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { formError, keptValue, type FormReply } from "~/lib/form-reply";
import { z } from "~/lib/zod";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { listPayments, readPaymentsQuery, refundableFor } from "~/modules/payments/list-payments.server";
import { PAYMENT_STATE_LABELS, PAYMENT_STATES } from "~/modules/payments/payment-labels";
import { GATEWAY_LABELS, PAYMENT_GATEWAYS } from "~/modules/payments/payment-gateway";
import type { Route } from "./+types/payments";

const PATH = "/seller/payments";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Payments",
    description: "Every online payment: gateway, reference, amount and state; refunds.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const query = readPaymentsQuery(url.searchParams);
  const list = await listPayments(context.db, query);
  return {
    query,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    csv: `${PATH}.csv${url.search}`,
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: formatShopDateTimeHour12(row.createdAt),
      paidAt: row.paidAt ? formatShopDateTimeHour12(row.paidAt) : null,
      refundable: refundableFor(row),
      // A fresh key per row and page: the same form sent twice refunds once.
      refundKey: randomUUID(),
    })),
  };
}

const AMOUNT_MESSAGE = "Enter the amount in rupees, like 1,499 or 1499.50";
const refundSchema = z.object({
  intent: z.literal("refund"),
  reference: z.string().min(1).max(40),
  key: z.string().min(8).max(100),
  amount: z
    .string({ error: AMOUNT_MESSAGE })
    .transform((v) => v.trim().replace(/,/g, ""))
    .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), AMOUNT_MESSAGE)
    .transform((v) => Math.round(Number(v) * 100)),
  // Filled: recorded by hand (a bank transfer made outside the shop) with this reference.
  recordedReference: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, 100) || null),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), refundSchema);
  if (submission.status !== "success")
    return refuse(submission, { formError: "Nothing was refunded: please correct the amount." });
  const sent = submission.value;
  try {
    const done = await refundPayment(
      { db: context.db },
      { gateways: context.providers.payments, box: context.secretBoxes["payment-credentials"] },
      {
        reference: sent.reference,
        amountPaisa: sent.amount,
        idempotencyKey: sent.key,
        requestedBy: user.email,
        recordedReference: sent.recordedReference,
      },
    );
    const message = `${formatPrice(done.amountPaisa / 100)} refunded (${done.reference})`;
    return redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, {
      formError: error.message,
      fieldErrors: error.fields?.amount ? { amount: error.fields.amount } : undefined,
      status: error.status,
    });
  }
}

/** Dashboard -> Payments: every attempt to pay online, filters, CSV, and Refund on a paid one whose order ended. */
export default function SellerPayments({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent) as FormReply | undefined;
  const { rows, query, total, page, pageCount, csv } = loaderData;
  const navigation = useNavigation();
  const refusedRef = keptValue(actionData, "reference");
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (query.state) params.set("state", query.state);
    if (query.gateway) params.set("gateway", query.gateway);
    if (query.q) params.set("q", query.q);
    params.set("page", String(n));
    return `${PATH}?${params}`;
  };
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold text-stone-900">Payments</h2>
        <div className="flex gap-4 text-sm">
          <Link to="/seller/settings/payments" className="font-medium text-brand-700 underline">
            Payment settings
          </Link>
          <a href={csv} className="font-medium text-brand-700 underline" download>
            Download CSV
          </a>
        </div>
      </div>
      <Form
        method="get"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-4"
        aria-label="Filter payments"
      >
        <label className="grid gap-1 text-sm">
          <span className="font-medium">State</span>
          <select name="state" defaultValue={query.state ?? ""} className="field-input">
            <option value="">All</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Gateway</span>
          <select name="gateway" defaultValue={query.gateway ?? ""} className="field-input">
            <option value="">All</option>
            {PAYMENT_GATEWAYS.map((g) => (
              <option key={g} value={g}>
                {GATEWAY_LABELS[g]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">Order or reference</span>
          <input type="search" name="q" defaultValue={query.q} className="field-input" />
        </label>
        <div className="flex items-end">
          <button type="submit" className="btn-secondary">
            Filter
          </button>
        </div>
      </Form>
      <p className="text-sm text-stone-700" data-testid="payments-count">
        {total === 1 ? "1 payment" : `${total.toLocaleString("en-PK")} payments`}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-stone-50 p-4 text-stone-700">No payments yet.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((row) => {
            const refused = refusedRef === row.reference ? actionData : undefined;
            return (
              <li key={row.id} className="rounded-xl border border-stone-200 bg-white p-4" data-testid="payment">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-stone-900">
                    <Link to={`/orders/${row.orderId}`} className="underline">
                      {row.orderNumber}
                    </Link>{" "}
                    · {GATEWAY_LABELS[row.gateway]} · {row.purpose === "advance" ? "advance" : "whole order"}
                  </p>
                  <p className="font-semibold">{formatPrice(row.amountPaisa / 100)}</p>
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  {PAYMENT_STATE_LABELS[row.state]}
                  {row.refundedPaisa > 0 ? `, ${formatPrice(row.refundedPaisa / 100)} refunded` : ""} ·{" "}
                  {row.customerName} · started {row.createdAt}
                  {row.paidAt ? ` · paid ${row.paidAt}` : ""}
                </p>
                <p className="mt-1 break-all text-xs text-stone-600">
                  Reference {row.reference}
                  {row.gatewayReference && row.gatewayReference !== row.reference ? ` · ${row.gatewayReference}` : ""}
                  {row.message ? ` · ${row.message}` : ""}
                </p>
                {row.refundable > 0 && (
                  <Form
                    method="post"
                    className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
                    aria-label={`Refund ${row.orderNumber}`}
                  >
                    {refused && (
                      <div className="sm:col-span-3">
                        <FormAlert>{formError(refused)}</FormAlert>
                      </div>
                    )}
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="reference" value={row.reference} />
                    <input type="hidden" name="key" value={row.refundKey} />
                    <label className="grid gap-1 text-sm">
                      <span className="font-medium">Amount (Rs)</span>
                      <input
                        type="text"
                        name="amount"
                        inputMode="decimal"
                        defaultValue={keptValue(refused, "amount") ?? String(row.refundable / 100)}
                        className="field-input"
                      />
                    </label>
                    <label className="grid gap-1 text-sm">
                      <span className="font-medium">Refunded by hand? Its reference</span>
                      <input
                        name="recordedReference"
                        defaultValue={keptValue(refused, "recordedReference") ?? ""}
                        className="field-input"
                      />
                    </label>
                    <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                      Refund
                    </button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex gap-3 text-sm">
          {page > 1 && <Link to={pageLink(page - 1)}>Previous</Link>}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount && <Link to={pageLink(page + 1)}>Next</Link>}
        </nav>
      )}
    </div>
  );
}
