import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatPrice } from "~/lib/money";
import { freeShippingNudge, type ShippingRule } from "~/modules/settings/shipping-rule";
import { ShippingFields, type ShippingErrors, type ShippingValues } from "./shipping-fields";

export type Totals = { itemCount: number; subtotal: number; discountTotal?: number; shippingFee: number; total: number };

export function OrderSummary({ totals, discountCode, shippingRule }: { totals: Totals; discountCode?: string | null; shippingRule?: ShippingRule }) {
  const nudge = shippingRule ? freeShippingNudge(totals, shippingRule) : null;
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-stone-800">
        <dt>Subtotal</dt><dd className="text-right font-medium" data-testid="subtotal">{formatPrice(totals.subtotal)}</dd>
        {(totals.discountTotal ?? 0) > 0 && (
          <>
            <dt>Discount{discountCode ? ` (${discountCode})` : ""}</dt>
            <dd className="text-right font-medium text-emerald-800" data-testid="discount">−{formatPrice(totals.discountTotal ?? 0)}</dd>
          </>
        )}
        <dt>Shipping</dt><dd className="text-right font-medium" data-testid="shipping">{totals.shippingFee === 0 ? "Free" : formatPrice(totals.shippingFee)}</dd>
        <dt className="border-t border-stone-200 pt-2 text-lg font-bold">Total</dt>
        <dd className="border-t border-stone-200 pt-2 text-right text-lg font-bold" data-testid="total">{formatPrice(totals.total)}</dd>
      </dl>
      {nudge && <p data-testid="free-shipping-nudge" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">{nudge}</p>}
    </div>
  );
}

/**
 * The one checkout form of /cart and /checkout: shipping details, Cash on Delivery, Place Order.
 * The idempotency key is fixed when the form first renders and kept across live refreshes of the
 * page (a loader run makes a new one), so a double click, a resent form or Place Order pressed again
 * after a refresh makes one order. The cart version follows the cart the page shows.
 */
export function CheckoutForm({
  values, errors, formError, idempotencyKey: offeredKey, cartVersion, totals, discount, shippingRule, action, children,
}: {
  values: ShippingValues & { discountCode?: string }; errors: ShippingErrors & { discountCode?: string }; formError?: string;
  idempotencyKey: string; cartVersion?: string; totals: Totals;
  /** The code Apply accepted, with what it takes off. */
  discount?: { code: string; amount: number } | null;
  /** The shop's shipping fee and free-shipping threshold: how much more ships free. */
  shippingRule?: ShippingRule;
  action?: string; children?: ReactNode;
}) {
  const [idempotencyKey] = useState(offeredKey);
  const navigation = useNavigation();
  // Every submit button names its intent; the one pressed is sent.
  const pressed = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const processing = pressed === "checkout";
  const applying = pressed === "apply-discount";
  return (
    <Form method="post" action={action} noValidate aria-label="Checkout" className="grid gap-5" onSubmit={(e) => { if (processing) e.preventDefault(); }}>
      {/* Enter in any field places the order (the first submit button is the form's default), not Apply. */}
      <button type="submit" name="intent" value="checkout" hidden tabIndex={-1} aria-hidden="true" disabled={processing}>Place Order</button>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {cartVersion && <input type="hidden" name="cartVersion" value={cartVersion} />}
      {children}
      <h2 className="text-xl font-semibold text-stone-900">Shipping Details</h2>
      {formError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">{formError}</p>}
      <ShippingFields values={values} errors={errors} />
      <DiscountCodeField code={values.discountCode ?? ""} error={errors.discountCode} discount={discount ?? null} applying={applying} />
      <OrderSummary totals={totals} discountCode={discount?.code} shippingRule={shippingRule} />
      <p className="text-sm text-stone-700">Pay <strong>{formatPrice(totals.total)}</strong> in cash when your parcel arrives.</p>
      <button type="submit" name="intent" value="checkout" className="btn-accent py-3 text-base" disabled={processing}>
        {processing ? "Processing..." : "Place Order"}
      </button>
    </Form>
  );
}

/** Discount code with Apply: the code's line (what it saves) or why it is refused, beside the field. */
function DiscountCodeField({ code, error, discount, applying }: { code: string; error?: string; discount: { code: string; amount: number } | null; applying: boolean }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor="discountCode" className="field-label">Discount code</label>
      <div className="flex gap-2">
        <input
          id="discountCode" name="discountCode" type="text" defaultValue={code} key={code} autoComplete="off" autoCapitalize="characters" spellCheck={false}
          className="field-input min-w-0 flex-1 uppercase" aria-invalid={error ? true : undefined} aria-describedby={error ? "discountCode-error" : discount ? "discountCode-applied" : undefined}
        />
        <button type="submit" name="intent" value="apply-discount" formNoValidate className="btn-secondary" disabled={applying}>{applying ? "Applying..." : "Apply"}</button>
      </div>
      {error && <p id="discountCode-error" className="field-error">{error}</p>}
      {!error && discount && <p id="discountCode-applied" role="status" className="text-sm font-medium text-emerald-800">{discount.code} applied: you save {formatPrice(discount.amount)}</p>}
    </div>
  );
}
