import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatPrice } from "~/lib/money";
import { ShippingFields, type ShippingErrors, type ShippingValues } from "./shipping-fields";

export type Totals = { itemCount: number; subtotal: number; shippingFee: number; total: number };

export function OrderSummary({ totals }: { totals: Totals }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-stone-800">
      <dt>Subtotal</dt><dd className="text-right font-medium" data-testid="subtotal">{formatPrice(totals.subtotal)}</dd>
      <dt>Shipping</dt><dd className="text-right font-medium" data-testid="shipping">{totals.shippingFee === 0 ? "Free" : formatPrice(totals.shippingFee)}</dd>
      <dt className="border-t border-stone-200 pt-2 text-lg font-bold">Total</dt>
      <dd className="border-t border-stone-200 pt-2 text-right text-lg font-bold" data-testid="total">{formatPrice(totals.total)}</dd>
    </dl>
  );
}

/**
 * The one checkout form of /cart and /checkout: shipping details, Cash on Delivery, Place Order.
 * The idempotency key is fixed when the form first renders and kept across live refreshes of the
 * page (a loader run makes a new one), so a double click, a resent form or Place Order pressed again
 * after a refresh makes one order. The cart version follows the cart the page shows.
 */
export function CheckoutForm({
  values, errors, formError, idempotencyKey: offeredKey, cartVersion, totals, action, children,
}: {
  values: ShippingValues; errors: ShippingErrors; formError?: string; idempotencyKey: string; cartVersion?: string; totals: Totals; action?: string; children?: ReactNode;
}) {
  const [idempotencyKey] = useState(offeredKey);
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  return (
    <Form method="post" action={action} noValidate aria-label="Checkout" className="grid gap-5" onSubmit={(e) => { if (processing) e.preventDefault(); }}>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {cartVersion && <input type="hidden" name="cartVersion" value={cartVersion} />}
      {children}
      <h2 className="text-xl font-semibold text-stone-900">Shipping Details</h2>
      {formError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">{formError}</p>}
      <ShippingFields values={values} errors={errors} />
      <OrderSummary totals={totals} />
      <p className="text-sm text-stone-700">Pay <strong>{formatPrice(totals.total)}</strong> in cash when your parcel arrives.</p>
      <button type="submit" className="btn-accent py-3 text-base" disabled={processing}>
        {processing ? "Processing..." : "Place Order"}
      </button>
    </Form>
  );
}
