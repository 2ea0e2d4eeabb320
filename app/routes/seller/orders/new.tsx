import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { randomUUID } from "node:crypto";
import { useEffect, useId } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { OwnerOrderItems } from "~/components/seller/orders/owner-order-items";
import { CityField } from "~/components/ui/city-field";
import { FieldLabel, TextField } from "~/components/ui/text-field";
import { showToast } from "~/components/ui/toaster";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { setFlash } from "~/http/flash.server";
import { pageMeta } from "~/lib/seo";
import { placeOrder } from "~/flows/place-order.server";
import { listOrderableProducts } from "~/modules/catalog/list-orderable-products.server";
import { CHANNEL_LABELS, ENTERED_CHANNELS } from "~/modules/orders/order-channel";
import {
  keptOwnerOrderRows,
  OWNER_ORDER_MAX_ROWS,
  OWNER_ORDER_ROWS,
  ownerOrderFormSchema,
  rowErrorName,
} from "~/modules/orders/owner-order-form";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refuse } from "~/http/form-reply";
import { isRefusal, keptValue } from "~/lib/form-reply";
import type { Route } from "./+types/new";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "New Order",
    description: "Enter an order taken by phone, WhatsApp or Instagram.",
    path: "/seller/orders/new",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  // A fresh key per form: submitting it twice (double tap, resend) makes one order.
  return { products: await listOrderableProducts(context.db), idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  const sentKey = form.get("idempotencyKey");
  const idempotencyKey = typeof sentKey === "string" && sentKey ? sentKey.slice(0, 100) : randomUUID();
  // The key goes back with a refusal, so the corrected form still makes one order.
  const keep = { values: { idempotencyKey } };
  const submission = parseSubmission(form, ownerOrderFormSchema);
  if (submission.status !== "success") return refuse(submission, keep);
  const order = submission.value;
  try {
    const placed = await placeOrder(context, {
      userId: null,
      items: order.items,
      shipping: order.shipping,
      idempotencyKey,
      enteredBy: { actor: { id: user.id, name: user.name || user.email }, channel: order.channel },
    });
    const headers = {
      "Set-Cookie": await setFlash({ type: "success", message: `Order ${placed.orderNumber} placed` }),
    };
    return redirect(`/seller/orders?q=${placed.orderNumber}`, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Stock, availability and COD refusals name the item or the field they are about.
    return refuse(submission, {
      ...keep,
      formError: error.message,
      fieldErrors: error.fields?.phone ? { phone: error.fields.phone } : { items: error.message },
      status: error.status,
    });
  }
}

const EMPTY_ROW = { productId: "", color: "", size: "", quantity: "1" };

/** An order the owner takes by phone, WhatsApp or Instagram: the same rules as the web shop's checkout. */
export default function SellerOrdersNew({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const kept = useKeptActionData(sentActionData);
  const reply = isRefusal(kept) ? kept : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const id = useId();
  // Checked in the browser with the action's schema; the server's refusal shows in the same places.
  const [form] = useFormShape(ownerOrderFormSchema, reply, { id: "new-order" });
  const fields = shownErrors(form);
  const formError = form.errors?.[0];
  const value = (name: string) => (reply ? (keptValue(reply, name) ?? "") : undefined);
  const keptRows = keptOwnerOrderRows(reply?.initialValue);
  const rows = keptRows.length ? keptRows : Array.from({ length: OWNER_ORDER_ROWS }, () => EMPTY_ROW);
  const rowErrors = Object.fromEntries(
    rows.map((_, i) => [i, fields[rowErrorName(i)]] as const).filter(([, message]) => message),
  );
  const idempotencyKey = keptValue(reply, "idempotencyKey") ?? loaderData.idempotencyKey;
  useEffect(() => {
    if (formError) showToast(formError, "error");
  }, [formError]);
  return (
    <div className="grid max-w-3xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-stone-900">New Order</h2>
        <Link to="/seller/orders" className="btn-secondary">
          Back to Orders
        </Link>
      </div>
      <p className="text-stone-700">
        For a customer who ordered by phone, WhatsApp or Instagram. Stock, prices, shipping and the COD rules apply as
        for any order.
      </p>
      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {formError}
        </p>
      )}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        aria-label="New order"
        className="grid gap-4"
        key={reply ? JSON.stringify(reply.initialValue) : loaderData.idempotencyKey}
      >
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div>
          <FieldLabel htmlFor={`${id}-channel`} required>
            Channel
          </FieldLabel>
          <select
            id={`${id}-channel`}
            name="channel"
            defaultValue={value("channel") ?? "whatsapp"}
            className="field-input"
            required
            aria-invalid={fields.channel ? true : undefined}
            aria-describedby={fields.channel ? `${id}-channel-error` : undefined}
          >
            {ENTERED_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
          {fields.channel && (
            <p id={`${id}-channel-error`} className="field-error">
              {fields.channel}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Customer Name"
            name="fullName"
            autoComplete="off"
            defaultValue={value("fullName")}
            error={fields.fullName}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="0300 1234567"
            defaultValue={value("phone")}
            error={fields.phone}
          />
        </div>
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="off"
          required={false}
          defaultValue={value("email")}
          error={fields.email}
        />
        <CityField city={value("city")} cityOther={value("cityOther")} error={fields.city} showOther="until-hydrated" />
        <TextField
          label="Address"
          name="address"
          multiline
          rows={3}
          autoComplete="off"
          defaultValue={value("address")}
          error={fields.address}
        />
        <TextField
          label="Postal Code"
          name="postalCode"
          inputMode="numeric"
          required={false}
          defaultValue={value("postalCode")}
          error={fields.postalCode}
        />
        <section aria-labelledby={`${id}-items`} className="grid gap-2">
          <h3 id={`${id}-items`} className="font-semibold text-stone-900">
            Items
          </h3>
          {fields.items && (
            <p role="alert" className="field-error">
              {fields.items}
            </p>
          )}
          <OwnerOrderItems
            products={loaderData.products}
            rows={rows}
            errors={rowErrors}
            maxRows={OWNER_ORDER_MAX_ROWS}
          />
        </section>
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {busy ? "Placing Order..." : "Place Order"}
        </button>
      </Form>
    </div>
  );
}
