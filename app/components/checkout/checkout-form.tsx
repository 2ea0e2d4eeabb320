import { useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useFormShape } from "~/components/ui/use-form-shape";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { CheckoutAnswer, CheckoutTotals } from "~/lib/checkout-answer";
import { fieldError, formError, keptValues } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import { checkoutFormSchema } from "~/modules/checkout/checkout-schema";
import { freeShippingNudge, type ShippingRule } from "~/modules/settings/shipping-rule";
import { storeCreditToUse } from "~/modules/store-credit/store-credit-rules";
import { codFeeFor, type CheckoutPaymentOptions } from "~/modules/payments/payment-rules";
import { ShippingFields, type ShippingValues } from "./shipping-fields";

export type Totals = CheckoutTotals;

/** Subtotal, discount, shipping, the store credit used and the total: the cash to pay on delivery. */
export function OrderSummary({
  totals,
  discountCode,
  shippingRule,
  storeCreditUsed = 0,
  codFee = 0,
}: {
  totals: Totals;
  discountCode?: string | null;
  shippingRule?: ShippingRule;
  storeCreditUsed?: number;
  /** The COD fee on a cash-on-delivery order (0: none). */
  codFee?: number;
}) {
  const nudge = shippingRule ? freeShippingNudge(totals, shippingRule) : null;
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-stone-800">
        <dt>Subtotal</dt>
        <dd className="text-right font-medium" data-testid="subtotal">
          {formatPrice(totals.subtotal)}
        </dd>
        {(totals.discountTotal ?? 0) > 0 && (
          <>
            <dt>Discount{discountCode ? ` (${discountCode})` : ""}</dt>
            <dd className="text-right font-medium text-emerald-800" data-testid="discount">
              −{formatPrice(totals.discountTotal ?? 0)}
            </dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd className="text-right font-medium" data-testid="shipping">
          {totals.shippingFee === 0 ? "Free" : formatPrice(totals.shippingFee)}
        </dd>
        {storeCreditUsed > 0 && (
          <>
            <dt>Store credit</dt>
            <dd className="text-right font-medium text-emerald-800" data-testid="store-credit-used">
              −{formatPrice(storeCreditUsed)}
            </dd>
          </>
        )}
        {codFee > 0 && (
          <>
            <dt>COD fee</dt>
            <dd className="text-right font-medium" data-testid="cod-fee">
              {formatPrice(codFee)}
            </dd>
          </>
        )}
        <dt className="border-t border-stone-200 pt-2 text-lg font-bold">Total</dt>
        <dd className="border-t border-stone-200 pt-2 text-right text-lg font-bold" data-testid="total">
          {formatPrice(totals.total - storeCreditUsed + codFee)}
        </dd>
      </dl>
      {nudge && (
        <p
          data-testid="free-shipping-nudge"
          className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {nudge}
        </p>
      )}
    </div>
  );
}

/**
 * The one checkout form of /cart and /checkout: shipping details, store credit when the buyer has
 * some, Cash on Delivery, Place Order.
 * The idempotency key is fixed when the form first renders and kept across live refreshes of the
 * page (a loader run makes a new one), so a double click, a resent form or Place Order pressed again
 * after a refresh makes one order. The cart version follows the cart the page shows.
 */
export function CheckoutForm({
  prefill,
  answer,
  idempotencyKey: offeredKey,
  cartVersion,
  totals,
  discount,
  shippingRule,
  storeCredit = 0,
  whatsapp = false,
  payments,
  action,
  children,
}: {
  /** The details the form starts with (the profile's, or those kept over a sign-in). */
  prefill: ShippingValues;
  /** Place Order's or Apply's last answer: a refusal's messages, and what was typed. */
  answer: CheckoutAnswer | null;
  idempotencyKey: string;
  cartVersion?: string;
  totals: Totals;
  /** The code Apply accepted, with what it takes off. */
  discount?: { code: string; amount: number } | null;
  /** The shop's shipping fee and free-shipping threshold: how much more ships free. */
  shippingRule?: ShippingRule;
  /** The buyer's store credit balance now (0: none, and no store credit part). */
  storeCredit?: number;
  /** The shop confirms COD orders on WhatsApp (Settings -> WhatsApp is set up): say so, with the box to opt out. */
  whatsapp?: boolean;
  /** Pay online (the gateways the shop offers) and the COD fee's rule; none: cash on delivery only, no fee. */
  payments?: CheckoutPaymentOptions;
  action?: string;
  children?: ReactNode;
}) {
  // The action's own schema checks Place Order in the browser before it is sent; its refusals show beside the same fields.
  const [form, fields] = useFormShape(checkoutFormSchema, answer, { id: "checkout" });
  const errorOf = (name: string) => (fields as unknown as Record<string, { errors?: string[] }>)[name]?.errors?.[0];
  const errors = {
    fullName: errorOf("fullName"),
    email: errorOf("email"),
    phone: errorOf("phone"),
    city: errorOf("city"),
    address: errorOf("address"),
    postalCode: errorOf("postalCode"),
  };
  const kept = answer ? keptValues(answer) : null;
  const values: ShippingValues = kept ?? prefill;
  const message = form.errors?.[0] ?? formError(answer);
  const [idempotencyKey] = useState(offeredKey);
  // Ticked unless the buyer unticked it before a refused Place Order; the summary follows the box.
  const [useCredit, setUseCredit] = useState(kept ? kept.useStoreCredit === "on" : true);
  const creditUsed = storeCredit > 0 && useCredit ? storeCreditToUse(storeCredit, totals.total) : 0;
  const gateways = payments?.gateways ?? [];
  const [method, setMethod] = useState(kept?.paymentMethod === "online" && gateways.length ? "online" : "cod");
  const goods = totals.total - creditUsed;
  const codFee = method === "cod" && payments && goods > 0 ? codFeeFor(payments, goods) : 0;
  const cash = goods + codFee;
  const navigation = useNavigation();
  // Every submit button names its intent; the one pressed is sent.
  const pressed = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const processing = pressed === "checkout";
  const applying = pressed === "apply-discount";
  return (
    <Form
      method="post"
      action={action}
      noValidate
      aria-label="Checkout"
      className="grid gap-5"
      id={form.id}
      onSubmit={(e) => {
        if (processing) e.preventDefault();
        else form.onSubmit(e);
      }}
    >
      {/* Enter in any field places the order (the first submit button is the form's default), not Apply. */}
      <button
        type="submit"
        name="intent"
        value="checkout"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        disabled={processing}
      >
        Place Order
      </button>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {cartVersion && <input type="hidden" name="cartVersion" value={cartVersion} />}
      {/* The total this page shows and the code it counts: Place Order is refused if either is no longer so (prices changed, a code typed but not applied). */}
      <input type="hidden" name="expectedTotal" value={cash} />
      <input type="hidden" name="expectedTotalCode" value={discount?.code ?? ""} />
      {children}
      <h2 className="text-xl font-semibold text-stone-900">Shipping Details</h2>
      {message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {message}
        </p>
      )}
      <ShippingFields
        values={values}
        errors={errors}
        payment={gateways.length > 0 ? { online: true, method, onMethod: setMethod } : undefined}
      />
      <DiscountCodeField
        code={answer?.discount?.code ?? kept?.discountCode ?? ""}
        error={errorOf("discountCode")}
        discount={discount ?? null}
        applying={applying}
      />
      {storeCredit > 0 && (
        <StoreCreditField
          balance={storeCredit}
          checked={useCredit}
          onChange={setUseCredit}
          error={errorOf("storeCredit")}
        />
      )}
      {gateways.length > 0 && (
        <GatewayChoice
          gateways={gateways}
          method={method}
          gateway={kept?.gateway ?? (gateways.length === 1 ? gateways[0].gateway : "")}
          // The advance's reason, straight from the refusal: conform shows a field's message only once
          // the field was sent, and the choice is hidden (so not sent) while Cash on Delivery is picked.
          error={errorOf("gateway") ?? fieldError(answer, "gateway")}
        />
      )}
      {whatsapp && method === "cod" && (
        <WhatsappConfirmField phone={values.phone ?? ""} optedOut={kept?.whatsappOptOut === "on"} />
      )}
      <OrderSummary
        totals={totals}
        discountCode={discount?.code}
        shippingRule={shippingRule}
        storeCreditUsed={creditUsed}
        codFee={codFee}
      />
      {method === "cod" && answer?.advance && answer.advance < cash ? (
        <p className="text-sm text-stone-700">
          Pay <strong>{formatPrice(answer.advance)}</strong> online now and{" "}
          <strong>{formatPrice(cash - answer.advance)}</strong> in cash when your parcel arrives.
        </p>
      ) : method === "online" && cash > 0 ? (
        <p className="text-sm text-stone-700">
          Pay <strong>{formatPrice(cash)}</strong> online now; your order is confirmed as soon as it is paid.
        </p>
      ) : cash > 0 || creditUsed === 0 ? (
        <p className="text-sm text-stone-700">
          Pay <strong>{formatPrice(cash)}</strong> in cash when your parcel arrives.
        </p>
      ) : (
        <p className="text-sm font-medium text-emerald-900">
          Nothing to pay on delivery: your store credit covers this order.
        </p>
      )}
      <button type="submit" name="intent" value="checkout" className="btn-accent py-3 text-base" disabled={processing}>
        {processing ? "Processing..." : "Place Order"}
      </button>
    </Form>
  );
}

/**
 * Pay online with which gateway: shown when the Payment Method is Pay online now, and for a COD
 * order the shop asks an advance of (refused once with the reason beside this choice: the buyer
 * picks a gateway to pay the advance with and places it again). Where scripts do not run it always
 * shows, and the server reads it only with Pay online or an advance.
 */
function GatewayChoice({
  gateways,
  method,
  gateway,
  error,
}: {
  gateways: CheckoutPaymentOptions["gateways"];
  method: string;
  gateway: string;
  error?: string;
}) {
  const hydrated = useHydrated();
  if (hydrated && method !== "online" && !error) return null;
  return (
    <fieldset
      className="grid gap-1 rounded-lg border border-stone-200 p-3"
      aria-describedby={error ? "gateway-error" : undefined}
    >
      <legend className="px-1 font-semibold text-stone-900">Pay online with</legend>
      {gateways.map((g) => (
        <label key={g.gateway} className="flex min-h-10 items-center gap-3 text-stone-900">
          <input
            type="radio"
            name="gateway"
            value={g.gateway}
            defaultChecked={gateway === g.gateway}
            className="size-5"
            aria-invalid={error ? true : undefined}
          />
          <span>{g.label}</span>
        </label>
      ))}
      {error && (
        <p id="gateway-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * "Store credit: Rs X available" and "Use my store credit", ticked by default. The balance shown is
 * sent along: if it has changed by the time the order is placed, the order is refused rather than
 * asking for another amount of cash than the page said.
 */
function StoreCreditField({
  balance,
  checked,
  onChange,
  error,
}: {
  balance: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <fieldset
      className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3"
      data-testid="store-credit"
      aria-describedby={error ? "storeCredit-error" : undefined}
    >
      <legend className="sr-only">Store credit</legend>
      <p className="font-medium text-emerald-950">
        Store credit: <span data-testid="store-credit-available">{formatPrice(balance)}</span> available
      </p>
      <input type="hidden" name="storeCreditSeen" value={balance} />
      <label className="flex items-center gap-2 text-stone-900">
        <input
          type="checkbox"
          name="useStoreCredit"
          value="on"
          defaultChecked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          className="h-5 w-5 accent-brand-700"
          aria-invalid={error ? true : undefined}
        />
        Use my store credit
      </label>
      {error && (
        <p id="storeCredit-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Discount code with Apply: the code's line (what it saves) or why it is refused, beside the field. */
function DiscountCodeField({
  code,
  error,
  discount,
  applying,
}: {
  code: string;
  error?: string;
  discount: { code: string; amount: number } | null;
  applying: boolean;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor="discountCode" className="field-label">
        Discount code
      </label>
      <div className="flex gap-2">
        <input
          id="discountCode"
          name="discountCode"
          type="text"
          defaultValue={code}
          key={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="field-input min-w-0 flex-1 uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "discountCode-error" : discount ? "discountCode-applied" : undefined}
        />
        <button
          type="submit"
          name="intent"
          value="apply-discount"
          formNoValidate
          className="btn-secondary"
          disabled={applying}
        >
          {applying ? "Applying..." : "Apply"}
        </button>
      </div>
      {error && (
        <p id="discountCode-error" className="field-error">
          {error}
        </p>
      )}
      {!error && discount && (
        <p id="discountCode-applied" role="status" className="text-sm font-medium text-emerald-800">
          {discount.code} applied: you save {formatPrice(discount.amount)}
        </p>
      )}
    </div>
  );
}

/**
 * "We will confirm this order on WhatsApp at {number}" and the box to say no (issue 32): ticked, the
 * order is never messaged on WhatsApp and the shop calls instead. A plain checkbox: works without
 * JavaScript, and comes back as the buyer left it after a refused Place Order.
 */
function WhatsappConfirmField({ phone, optedOut }: { phone: string; optedOut: boolean }) {
  return (
    <fieldset className="grid gap-2 rounded-lg border border-stone-200 bg-stone-50 p-3" data-testid="whatsapp-confirm">
      <legend className="sr-only">Order confirmation on WhatsApp</legend>
      <p className="text-stone-900">
        We will confirm this order on WhatsApp at{" "}
        <strong data-testid="whatsapp-confirm-number">{phone.trim() || "the mobile number above"}</strong>.
      </p>
      <label className="flex items-center gap-2 text-stone-900">
        <input
          type="checkbox"
          name="whatsappOptOut"
          value="on"
          defaultChecked={optedOut}
          className="h-5 w-5 accent-brand-700"
        />
        Don&apos;t confirm on WhatsApp (the shop will call instead)
      </label>
    </fieldset>
  );
}
