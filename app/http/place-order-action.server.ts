import { data, redirect, type AppLoadContext } from "react-router";
import { checkoutFormSchema, CORRECT_FIELDS_MESSAGE, type CheckoutFormInput } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";
import { sendToPay } from "./send-to-pay.server";
import { previewCheckoutDiscount } from "~/flows/preview-checkout-discount.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { PricesChanged, type OrderItemRequest } from "~/modules/checkout/order-request";
import { normalizeDiscountCode } from "~/modules/promotions/discount-rules";
import { storeCreditToUse } from "~/modules/store-credit/store-credit-rules";
import { normalizePakistaniMobile } from "~/lib/phone";
import { AppError } from "~/lib/errors";
import type { CheckoutAnswer } from "~/lib/checkout-answer";
import { setFlash } from "./flash.server";
import { orderVisitOf } from "./order-visit.server";
import { parseSubmission, refusal } from "./form-reply";

export type { CheckoutAnswer } from "~/lib/checkout-answer";

/** The checkout already made an order, with other details: a fresh page starts a new checkout. */
export const KEY_REUSED_FORM_MESSAGE =
  "This checkout already placed an order with different details. Please open your orders, or reload the page to place a new order.";
export { NO_CODE_MESSAGE } from "~/modules/checkout/checkout-schema";
/** Place Order with a code cleared (or typed, raising the total) but not applied: the total shown did not count it. */
export const CODE_CHANGES_TOTAL_MESSAGE =
  "Your discount code changes the total. Please check the new total and place the order again.";
/** Place Order without JavaScript after unticking "Use my store credit": the total shown still took the credit off. */
export const CREDIT_CHANGES_TOTAL_MESSAGE =
  "Without your store credit the total is higher. Please check the new total and place the order again.";

/** The fields a refusal from placing the order may name (a blocked phone number, a discount code). */
const FIELD_KEYS: readonly string[] = [
  "fullName",
  "email",
  "phone",
  "city",
  "address",
  "postalCode",
  "discountCode",
  "storeCredit",
  "gateway",
];

type Submission = ReturnType<typeof parseSubmission<typeof checkoutFormSchema>>;
type PlaceOrderInput = Extract<CheckoutFormInput, { intent: "checkout" }>;

/**
 * Place Order, or Apply a discount code, from /cart or /checkout, read with the checkout form's one
 * schema (the page checks with it too). Place Order places the order (prices, discount and stock
 * from the database, in one transaction), then shows its confirmation page. Apply says what the
 * code takes off and the new total, changing nothing. A refusal is the one form shape (messages
 * beside their fields, the form's message, everything typed), with the totals when they changed.
 */
export async function placeOrderFromForm(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: FormData,
  items?: OrderItemRequest[],
) {
  const submission = parseSubmission(form, checkoutFormSchema);
  if (submission.status !== "success") {
    const formError = submission.error?.[""]?.[0] ?? (submission.error?.intent ? CORRECT_FIELDS_MESSAGE : undefined);
    return data<CheckoutAnswer>({ ...refusal(submission, { formError }), checkout: true }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "apply-discount")
    return applyDiscountCode(request, context, user, submission, input.discountCode, input.phone, items);
  try {
    const order = await placeOrder(context, {
      userId: user.id,
      items,
      shipping: input.shipping,
      idempotencyKey: input.idempotencyKey,
      cartVersion: input.cartVersion,
      discountCode: input.discountCode,
      requestAddress: requestAddress(request),
      useStoreCredit: input.useStoreCredit,
      storeCreditSeen: input.storeCreditSeen,
      whatsappOptOut: input.whatsappOptOut,
      // A code typed but not applied that only lowers the total: the buyer pays less than the page showed, never more.
      expectedTotal: input.expectedTotal,
      lowerTotalAccepted: codeChanged(input),
      paymentMethod: input.paymentMethod,
      gateway: input.gateway,
      visit: await orderVisitOf(request, context),
    });
    // Paid online (or its advance): on to the gateway; the order page if it cannot be reached now.
    if (order.awaitingPayment && input.gateway) return sendToPay(request, context, order.orderId, input.gateway);
    const headers = { "Set-Cookie": await setFlash({ type: "success", message: "Order placed successfully! 🎉" }) };
    return redirect(`/orders/${order.orderId}`, { headers });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error instanceof PricesChanged) return pricesChanged(error, submission, input);
    if (error.code === "IDEMPOTENCY_KEY_REUSED") {
      return data<CheckoutAnswer>(
        { ...refusal(submission, { formError: KEY_REUSED_FORM_MESSAGE }), checkout: true },
        { status: error.status },
      );
    }
    // A refusal about a field (a blocked phone number, a discount code) is shown beside that field too.
    const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([k]) => FIELD_KEYS.includes(k)));
    const advance = typeof error.details?.advance === "number" ? { advance: error.details.advance } : {};
    return data<CheckoutAnswer>(
      { ...refusal(submission, { formError: error.message, fieldErrors }), checkout: true, ...advance },
      { status: error.status },
    );
  }
}

/** The code typed is not the one the total shown counts (typed or cleared without Apply). */
function codeChanged(input: { expectedTotalCode?: string; discountCode: string }): boolean {
  return (
    input.expectedTotalCode !== undefined &&
    normalizeDiscountCode(input.expectedTotalCode) !== normalizeDiscountCode(input.discountCode)
  );
}

/**
 * Place Order refused because the total is not the one the page showed: the page again with every
 * field as typed and the totals now (the code's line with them), so the next Place Order is at that total.
 */
function pricesChanged(error: PricesChanged, submission: Submission, input: PlaceOrderInput) {
  const { itemCount, subtotal, discountCode, discountTotal, shippingFee, storeCreditUsed, total } = error.current;
  // The page drawn without JavaScript shows the credit taken off; unticking the box there does not redraw it.
  const seen = input.storeCreditSeen ?? 0;
  const creditUnticked =
    !input.useStoreCredit && seen > 0 && input.expectedTotal === total - storeCreditToUse(seen, total);
  const formError = codeChanged(input)
    ? CODE_CHANGES_TOTAL_MESSAGE
    : creditUnticked
      ? CREDIT_CHANGES_TOTAL_MESSAGE
      : error.message;
  return data<CheckoutAnswer>(
    {
      ...refusal(submission, { formError }),
      checkout: true,
      discount: discountCode ? { code: discountCode, amount: discountTotal } : null,
      // The form takes the store credit off itself (the box may be unticked before the next Place Order).
      totals: { itemCount, subtotal, discountTotal, shippingFee, total: total + storeCreditUsed },
      cartVersion: input.cartVersion ?? undefined,
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
  submission: Submission,
  typed: string,
  typedPhone: string,
  items?: OrderItemRequest[],
) {
  const code = normalizeDiscountCode(typed) ?? "";
  const phone = normalizePakistaniMobile(typedPhone) ?? "";
  const { verdict, totals, cartVersion } = await previewCheckoutDiscount(context, {
    userId: user.id,
    code,
    phone,
    items,
    requestAddress: requestAddress(request),
  });
  if (!verdict.ok) {
    return data<CheckoutAnswer>(
      {
        ...refusal(submission, { fieldErrors: { discountCode: verdict.message } }),
        checkout: true,
        discount: null,
        totals,
        cartVersion,
      },
      { status: 400 },
    );
  }
  return data<CheckoutAnswer>({
    ...submission.reply(),
    checkout: true,
    discount: { code: verdict.code, amount: verdict.amount },
    totals,
    cartVersion,
  });
}
