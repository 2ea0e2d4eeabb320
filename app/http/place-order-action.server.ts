import { data, redirect, type AppLoadContext } from "react-router";
import type { ShippingFormErrors as ShippingErrors, ShippingFormValues as ShippingValues } from "~/modules/checkout/checkout-schema";
import { COD_ONLY_MESSAGE, parseShippingForm } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/modules/checkout/place-order.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { AppError } from "~/lib/errors";
import { setFlash } from "./flash.server";

export type CheckoutActionData = { intent: "checkout"; formError: string; fields: ShippingErrors; values: ShippingValues };

/** The checkout already made an order, with other details: a fresh page starts a new checkout. */
export const KEY_REUSED_FORM_MESSAGE = "This checkout already placed an order with different details. Please open your orders, or reload the page to place a new order.";

const SHIPPING_KEYS = ["fullName", "email", "phone", "city", "cityOther", "address", "postalCode"] as const;

/**
 * Place Order from /cart or /checkout: validate the shipping form, place the order (prices and stock
 * from the database, in one transaction), then show its confirmation page. Errors come back with
 * everything the buyer typed.
 */
export async function placeOrderFromForm(
  context: AppLoadContext, user: SessionUser, form: Record<string, FormDataEntryValue>,
  items?: { productId: string; color?: string; size?: string; quantity: number }[],
) {
  const values = Object.fromEntries(SHIPPING_KEYS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string) : ""])) as ShippingValues;
  if (form.paymentMethod && form.paymentMethod !== "cod") {
    return data<CheckoutActionData>({ intent: "checkout", formError: COD_ONLY_MESSAGE, fields: {}, values }, { status: 400 });
  }
  const parsed = parseShippingForm(form);
  if (!parsed.ok) return data<CheckoutActionData>({ intent: "checkout", formError: parsed.formError, fields: parsed.fields, values }, { status: 400 });
  try {
    const idempotencyKey = typeof form.idempotencyKey === "string" && form.idempotencyKey ? form.idempotencyKey.slice(0, 100) : null;
    const cartVersion = typeof form.cartVersion === "string" ? form.cartVersion.slice(0, 100) : null;
    const order = await placeOrder(context.db, { userId: user.id, items, shipping: parsed.data, idempotencyKey, cartVersion });
    const headers = { "Set-Cookie": await setFlash({ type: "success", message: "Order placed successfully! 🎉" }) };
    return redirect(`/orders/${order.orderId}`, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "IDEMPOTENCY_KEY_REUSED") {
      return data<CheckoutActionData>({ intent: "checkout", formError: KEY_REUSED_FORM_MESSAGE, fields: {}, values }, { status: error.status });
    }
    // A refusal about a shipping field (a blocked phone number) is shown beside that field too.
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([k]) => (SHIPPING_KEYS as readonly string[]).includes(k))) as ShippingErrors;
    return data<CheckoutActionData>({ intent: "checkout", formError: error.message, fields, values }, { status: error.status });
  }
}
