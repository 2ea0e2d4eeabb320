import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import type {
  ShippingFormErrors as ShippingErrors,
  ShippingFormValues as ShippingValues,
} from "~/modules/checkout/checkout-schema";
import { COD_ONLY_MESSAGE, parseShippingForm } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";
import { previewCheckoutDiscount } from "~/flows/preview-checkout-discount.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import type { CartTotals } from "~/modules/cart/cart-totals";
import { PricesChanged, type OrderItemRequest } from "~/modules/checkout/order-request";
import { normalizeDiscountCode } from "~/modules/promotions/discount-rules";
import { storeCreditToUse } from "~/modules/store-credit/store-credit-rules";
import { normalizePakistaniMobile } from "~/lib/phone";
import { AppError } from "~/lib/errors";
import { setFlash } from "./flash.server";

export type CheckoutValues = ShippingValues & {
  discountCode?: string;
  /** "Use my store credit" as the buyer left it. */
  useStoreCredit?: boolean;
  /** "Don't confirm on WhatsApp (the shop will call instead)" as the buyer left it. */
  whatsappOptOut?: boolean;
};
export type CheckoutErrors = ShippingErrors & { discountCode?: string; storeCredit?: string };
export type CheckoutActionData = {
  intent: "checkout";
  formError: string;
  fields: CheckoutErrors;
  values: CheckoutValues;
  /** After Apply: the code's line, and the totals with it (the server's, never the browser's). */
  discount?: { code: string; amount: number } | null;
  totals?: CartTotals;
  /** The cart those totals are for: once the cart changes (a quantity, another tab) they no longer hold. */
  cartVersion?: string;
  /** Place Order was refused because the total is no longer the one shown: the page's prices are read again. */
  pricesChanged?: boolean;
};

/** The checkout already made an order, with other details: a fresh page starts a new checkout. */
export const KEY_REUSED_FORM_MESSAGE =
  "This checkout already placed an order with different details. Please open your orders, or reload the page to place a new order.";
export const NO_CODE_MESSAGE = "Please enter a discount code";
/** Place Order with a code cleared (or typed, raising the total) but not applied: the total shown did not count it. */
export const CODE_CHANGES_TOTAL_MESSAGE =
  "Your discount code changes the total. Please check the new total and place the order again.";
/** Place Order without JavaScript after unticking "Use my store credit": the total shown still took the credit off. */
export const CREDIT_CHANGES_TOTAL_MESSAGE =
  "Without your store credit the total is higher. Please check the new total and place the order again.";

const SHIPPING_KEYS = ["fullName", "email", "phone", "city", "cityOther", "address", "postalCode"] as const;

/**
 * The store credit part of the form: the "Use my store credit" checkbox (sent only when ticked, and
 * shown only to a buyer with credit) and the balance the page showed beside it.
 */
const storeCreditForm = z.object({
  useStoreCredit: z.literal("on").optional().catch(undefined),
  storeCreditSeen: z.coerce.number().int().min(0).optional().catch(undefined),
});

/**
 * The total the page showed (the cash to pay, after the code and the store credit) and the code
 * that total counts ("" for none). A form without them (an old page) is placed at the total now.
 */
const shownTotalForm = z.object({
  expectedTotal: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  expectedTotalCode: z.string().max(50).optional().catch(undefined),
});

/**
 * Place Order, or Apply a discount code, from /cart or /checkout. Place Order validates the
 * shipping form, places the order (prices, discount and stock from the database, in one
 * transaction), then shows its confirmation page. Apply says what the code takes off and the new
 * total, changing nothing. Errors come back beside their fields with everything the buyer typed.
 */
export async function placeOrderFromForm(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: Record<string, FormDataEntryValue>,
  items?: OrderItemRequest[],
) {
  const values: CheckoutValues = Object.fromEntries(
    SHIPPING_KEYS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string) : ""]),
  ) as ShippingValues;
  values.discountCode = typeof form.discountCode === "string" ? form.discountCode.slice(0, 50) : "";
  const credit = storeCreditForm.parse(form);
  values.useStoreCredit = credit.useStoreCredit === "on";
  values.whatsappOptOut = form.whatsappOptOut === "on";
  if (form.intent === "apply-discount") return applyDiscountCode(request, context, user, values, items);
  if (form.paymentMethod && form.paymentMethod !== "cod") {
    return data<CheckoutActionData>(
      { intent: "checkout", formError: COD_ONLY_MESSAGE, fields: {}, values },
      { status: 400 },
    );
  }
  const parsed = parseShippingForm(form);
  const shown = shownTotalForm.parse(form);
  if (!parsed.ok)
    return data<CheckoutActionData>(
      { intent: "checkout", formError: parsed.formError, fields: parsed.fields, values },
      { status: 400 },
    );
  try {
    const idempotencyKey =
      typeof form.idempotencyKey === "string" && form.idempotencyKey ? form.idempotencyKey.slice(0, 100) : null;
    const cartVersion = typeof form.cartVersion === "string" ? form.cartVersion.slice(0, 100) : null;
    const order = await placeOrder(context, {
      userId: user.id,
      items,
      shipping: parsed.data,
      idempotencyKey,
      cartVersion,
      discountCode: values.discountCode,
      requestAddress: requestAddress(request),
      useStoreCredit: values.useStoreCredit,
      storeCreditSeen: credit.storeCreditSeen ?? null,
      whatsappOptOut: values.whatsappOptOut,
      // A code typed but not applied that only lowers the total: the buyer pays less than the page showed, never more.
      expectedTotal: shown.expectedTotal ?? null,
      lowerTotalAccepted: codeChanged(shown, values),
    });
    const headers = { "Set-Cookie": await setFlash({ type: "success", message: "Order placed successfully! 🎉" }) };
    return redirect(`/orders/${order.orderId}`, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error instanceof PricesChanged)
      return pricesChanged(error, values, { ...shown, storeCreditSeen: credit.storeCreditSeen }, form.cartVersion);
    if (error.code === "IDEMPOTENCY_KEY_REUSED") {
      return data<CheckoutActionData>(
        { intent: "checkout", formError: KEY_REUSED_FORM_MESSAGE, fields: {}, values },
        { status: error.status },
      );
    }
    // A refusal about a field (a blocked phone number, a discount code) is shown beside that field too.
    const fieldKeys: readonly string[] = [...SHIPPING_KEYS, "discountCode", "storeCredit"];
    const fields = Object.fromEntries(
      Object.entries(error.fields ?? {}).filter(([k]) => fieldKeys.includes(k)),
    ) as CheckoutErrors;
    return data<CheckoutActionData>(
      { intent: "checkout", formError: error.message, fields, values },
      { status: error.status },
    );
  }
}

/** The code typed is not the one the total shown counts (typed or cleared without Apply). */
function codeChanged(shown: { expectedTotalCode?: string }, values: CheckoutValues): boolean {
  return (
    shown.expectedTotalCode !== undefined &&
    normalizeDiscountCode(shown.expectedTotalCode) !== normalizeDiscountCode(values.discountCode)
  );
}

/**
 * Place Order refused because the total is not the one the page showed: the page again with every
 * field as typed and the totals now (the code's line with them), so the next Place Order is at that total.
 */
function pricesChanged(
  error: PricesChanged,
  values: CheckoutValues,
  shown: { expectedTotal?: number; expectedTotalCode?: string; storeCreditSeen?: number },
  cartVersion: FormDataEntryValue | undefined,
) {
  const { itemCount, subtotal, discountCode, discountTotal, shippingFee, storeCreditUsed, total } = error.current;
  // The page drawn without JavaScript shows the credit taken off; unticking the box there does not redraw it.
  const seen = shown.storeCreditSeen ?? 0;
  const creditUnticked =
    !values.useStoreCredit && seen > 0 && shown.expectedTotal === total - storeCreditToUse(seen, total);
  return data<CheckoutActionData>(
    {
      intent: "checkout",
      formError: codeChanged(shown, values)
        ? CODE_CHANGES_TOTAL_MESSAGE
        : creditUnticked
          ? CREDIT_CHANGES_TOTAL_MESSAGE
          : error.message,
      fields: {},
      values: { ...values, discountCode: discountCode ?? values.discountCode },
      discount: discountCode ? { code: discountCode, amount: discountTotal } : null,
      // The form takes the store credit off itself (the box may be unticked before the next Place Order).
      totals: { itemCount, subtotal, discountTotal, shippingFee, total: total + storeCreditUsed },
      cartVersion: typeof cartVersion === "string" && cartVersion ? cartVersion : undefined,
      pricesChanged: true,
    },
    { status: error.status },
  );
}

/** Apply: what the code would take off the order's lines now, under the abuse limits of code guessing. */
async function applyDiscountCode(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  values: CheckoutValues,
  items?: OrderItemRequest[],
) {
  const code = normalizeDiscountCode(values.discountCode);
  if (!code)
    return data<CheckoutActionData>(
      { intent: "checkout", formError: "", fields: { discountCode: NO_CODE_MESSAGE }, values },
      { status: 400 },
    );
  const phone = normalizePakistaniMobile(values.phone ?? "") ?? "";
  const { verdict, totals, cartVersion } = await previewCheckoutDiscount(context, {
    userId: user.id,
    code,
    phone,
    items,
    requestAddress: requestAddress(request),
  });
  if (!verdict.ok) {
    return data<CheckoutActionData>(
      {
        intent: "checkout",
        formError: "",
        fields: { discountCode: verdict.message },
        values,
        discount: null,
        totals,
        cartVersion,
      },
      { status: 400 },
    );
  }
  return data<CheckoutActionData>({
    intent: "checkout",
    formError: "",
    fields: {},
    values: { ...values, discountCode: verdict.code },
    discount: { code: verdict.code, amount: verdict.amount },
    totals,
    cartVersion,
  });
}
