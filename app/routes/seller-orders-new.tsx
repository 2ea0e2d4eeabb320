import { useKeptActionData } from "~/lib/use-kept-action-data";
import { randomUUID } from "node:crypto";
import { useEffect, useId } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
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
  OWNER_ORDER_MAX_ROWS,
  OWNER_ORDER_ROWS,
  parseOwnerOrderForm,
  type OwnerOrderErrors,
  type OwnerOrderValues,
} from "~/modules/orders/owner-order-form";
import type { Route } from "./+types/seller-orders-new";

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

type ActionData = { formError: string; fields: OwnerOrderErrors; values: OwnerOrderValues; idempotencyKey: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = Object.fromEntries(await request.formData());
  const idempotencyKey =
    typeof form.idempotencyKey === "string" && form.idempotencyKey ? form.idempotencyKey.slice(0, 100) : randomUUID();
  const parsed = parseOwnerOrderForm(form);
  if (!parsed.ok)
    return data<ActionData>(
      { formError: parsed.formError, fields: parsed.fields, values: parsed.values, idempotencyKey },
      { status: 400 },
    );
  try {
    const order = await placeOrder(context, {
      userId: null,
      items: parsed.items,
      shipping: parsed.shipping,
      idempotencyKey,
      enteredBy: { actor: { id: user.id, name: user.name || user.email }, channel: parsed.channel },
    });
    const headers = { "Set-Cookie": await setFlash({ type: "success", message: `Order ${order.orderNumber} placed` }) };
    return redirect(`/seller/orders?q=${order.orderNumber}`, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Stock, availability and COD refusals name the item or the field they are about.
    const fields: OwnerOrderErrors = {
      ...(error.fields?.phone ? { phone: error.fields.phone } : {}),
      items: error.fields?.phone ? undefined : error.message,
    };
    return data<ActionData>(
      { formError: error.message, fields, values: parsed.values, idempotencyKey },
      { status: error.status },
    );
  }
}

const EMPTY_ROW = { productId: "", color: "", size: "", quantity: "1" };

/** An order the owner takes by phone, WhatsApp or Instagram: the same rules as the web shop's checkout. */
export default function SellerOrdersNew({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const id = useId();
  const values = actionData?.values;
  const fields = actionData?.fields ?? {};
  const rows = values?.items.length ? values.items : Array.from({ length: OWNER_ORDER_ROWS }, () => EMPTY_ROW);
  useEffect(() => {
    if (actionData?.formError) showToast(actionData.formError, "error");
  }, [actionData]);
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
      {actionData?.formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {actionData.formError}
        </p>
      )}
      <Form
        method="post"
        noValidate
        aria-label="New order"
        className="grid gap-4"
        key={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
      >
        <input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? loaderData.idempotencyKey} />
        <div>
          <FieldLabel htmlFor={`${id}-channel`} required>
            Channel
          </FieldLabel>
          <select
            id={`${id}-channel`}
            name="channel"
            defaultValue={values?.channel ?? "whatsapp"}
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
            defaultValue={values?.fullName}
            error={fields.fullName}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="0300 1234567"
            defaultValue={values?.phone}
            error={fields.phone}
          />
        </div>
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="off"
          required={false}
          defaultValue={values?.email}
          error={fields.email}
        />
        <CityField city={values?.city} cityOther={values?.cityOther} error={fields.city} showOther="until-hydrated" />
        <TextField
          label="Address"
          name="address"
          multiline
          rows={3}
          autoComplete="off"
          defaultValue={values?.address}
          error={fields.address}
        />
        <TextField
          label="Postal Code"
          name="postalCode"
          inputMode="numeric"
          required={false}
          defaultValue={values?.postalCode}
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
            errors={fields.rows}
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
