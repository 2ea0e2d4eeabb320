import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { randomUUID } from "node:crypto";
import { useEffect } from "react";
import { data, Link, useFetcher, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CheckoutForm, type Totals } from "~/components/checkout/checkout-form";
import { CartIcon } from "~/components/ui/icons";
import { ProductImage } from "~/components/ui/product-image";
import { showToast } from "~/components/ui/toaster";
import { getUser, requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { signInToOrder, takeCheckoutDraft } from "~/http/checkout-draft.server";
import { cartFailure, checkoutFailure } from "~/http/failure-answers";
import { keepOnFailure } from "~/http/keep-on-failure";
import { parseSubmission, refuse } from "~/http/form-reply";
import { type FormReply, formError, isRefusal } from "~/lib/form-reply";
import { CART_FAILURES } from "~/lib/failure-messages";
import { formatPrice } from "~/lib/money";
import { placeOrderFromForm } from "~/http/place-order-action.server";
import { isCheckoutAnswer } from "~/lib/checkout-answer";
import { pageMeta } from "~/lib/seo";
import { useRememberedLocation } from "~/components/layout/use-remembered-location";
import { getCustomerProfile } from "~/modules/accounts/customer-profile.server";
import type { CartLine } from "~/modules/cart/cart-line";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { addToCartWithinLimits } from "~/flows/add-to-cart.server";
import { clearCart, removeCartItem, updateCartItem } from "~/modules/cart/cart-mutations.server";
import { cartIntent, type CartIntent } from "~/modules/cart/cart-schema";
import { cartTotals } from "~/modules/cart/cart-totals";
import { MAX_LINE_QUANTITY } from "~/modules/cart/order-limits";
import { cartVersionOf } from "~/modules/checkout/order-fingerprint";
import { isForSale } from "~/modules/catalog/product-availability";
import { getSettings } from "~/modules/settings/get-settings.server";
import { storeCreditBalance } from "~/modules/store-credit/read-store-credit.server";
import { readWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { checkoutPaymentOptions } from "~/modules/payments/payment-settings.server";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Your Cart",
    description: "Items in your cart, with cash on delivery checkout.",
    path: "/cart",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) return data({ signedIn: false as const });
  const [lines, settings, profile, { draft, clear }, storeCredit, whatsapp, payments] = await Promise.all([
    listCartLines(context.db, user.id),
    getSettings(context.db),
    getCustomerProfile(context.db, user.id),
    takeCheckoutDraft(request),
    storeCreditBalance(context.db, user.id),
    readWhatsappSettings(context.db),
    checkoutPaymentOptions(context.db),
  ]);
  return data(
    {
      signedIn: true as const,
      lines,
      totals: cartTotals(lines, settings),
      shippingRule: { shippingFee: settings.shippingFee, freeShippingThreshold: settings.freeShippingThreshold },
      // Details typed before a sign-in that Place Order asked for come back; otherwise the profile's.
      prefill: draft ?? {
        fullName: user.name,
        email: user.email,
        phone: profile.phone ?? "",
        city: profile.city ?? "",
        address: profile.address ?? "",
        postalCode: profile.postalCode ?? "",
      },
      idempotencyKey: randomUUID(),
      cartVersion: cartVersionOf(lines),
      storeCredit,
      // The shop confirms COD orders on WhatsApp: the form says so, with the box to opt out.
      whatsapp: whatsapp !== null,
      // Pay online (the gateways offered) beside cash on delivery, and the COD fee's rule.
      payments,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** A cart button's answer: done (its message), or refused in the one form shape (the form's message; the intent and item kept). */
type CartDone = { intent: CartIntent["intent"]; ok: true; message: string; itemId?: string };
type CartAnswer = CartDone | FormReply;

/** Cart buttons post here (fetchers with JavaScript, plain forms without); so does Place Order. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  if (form.intent === "checkout" || form.intent === "apply-discount") {
    const buyer = await getUser(request, context);
    if (!buyer) throw await signInToOrder(request, form);
    return placeOrderFromForm(request, context, buyer, formData);
  }
  const user = await requireUser(request, context);
  const submission = parseSubmission(formData, cartIntent);
  if (submission.status !== "success") {
    // Buttons post no typed fields: the first thing found wrong is the form's message (a toast).
    const first = Object.values(submission.error ?? {})[0]?.[0];
    return refuse(submission, { formError: first ?? "Failed to update cart." });
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "add": {
        const added = await addToCartWithinLimits({ db: context.db }, user.id, input);
        const message = added.limitedByStock
          ? `Only ${added.quantity} of ${added.name} in stock: your cart has ${added.quantity}.`
          : `${added.name} added to cart!`;
        return { intent: input.intent, ok: true, message } satisfies CartDone;
      }
      case "update": {
        const updated = await updateCartItem(context.db, user.id, input.itemId, input.quantity);
        return {
          intent: input.intent,
          ok: true,
          message: `${updated.name} quantity updated!`,
          itemId: input.itemId,
        } satisfies CartDone;
      }
      case "remove":
        await removeCartItem(context.db, user.id, input.itemId);
        return { intent: input.intent, ok: true, message: "Item removed!" } satisfies CartDone;
      case "clear":
        await clearCart(context.db, user.id);
        return { intent: input.intent, ok: true, message: "Cart cleared!" } satisfies CartDone;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The refusal keeps the intent and the item as sent: a row's fetcher shows its own.
    return refuse(submission, { formError: error.message, status: error.status });
  }
}

/** A cart button or Place Order whose request failed (server error, outage, no network): SPEC.md's words, nothing lost. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, (sent) =>
    sent.intent === "checkout" || sent.intent === "apply-discount" ? checkoutFailure(sent) : cartFailure(sent),
  );

/**
 * Place Order refused because prices changed (409): the page is read again, so the items show
 * their prices now beside the new total. Not after a failed request (5xx): the reload would fail too.
 */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (isCheckoutAnswer(actionResult) && actionResult.pricesChanged && (actionStatus ?? 200) < 500) return true;
  return defaultShouldRevalidate;
}

export default function Cart({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const continueTo = useRememberedLocation("/products");
  // Delete and Clear Cart unmount their own buttons when they succeed, so their toasts are shown from here.
  useCartFetcher(REMOVE_FETCHER);
  useCartFetcher(CLEAR_FETCHER);
  if (!loaderData.signedIn) return <GuestCart />;
  const { lines, totals, prefill, idempotencyKey, cartVersion } = loaderData;
  const checkout = isCheckoutAnswer(actionData) ? actionData : null;
  // Apply's totals hold for the cart they were worked out for; after a quantity changes the page's own do (the code stays typed).
  const applied = checkout?.cartVersion === undefined || checkout.cartVersion === cartVersion ? checkout : null;
  const cartAnswer = actionData && !checkout ? (actionData as CartAnswer) : null;
  const cartMessage = cartAnswer
    ? "ok" in cartAnswer
      ? { ok: true, message: cartAnswer.message }
      : { ok: false, message: formError(cartAnswer) }
    : null;

  if (lines.length === 0) {
    return (
      <section className="container-page flex flex-col items-center py-16 text-center" aria-labelledby="cart-title">
        <CartIcon className="h-12 w-12 text-stone-400" />
        <h1 id="cart-title" className="mt-4 text-3xl font-bold text-stone-900">
          Your Cart
        </h1>
        {cartMessage && (
          <p role="status" className="mt-3 text-stone-700">
            {cartMessage.message}
          </p>
        )}
        <p className="mt-3 text-lg text-stone-700">Your cart is empty.</p>
        <Link to={continueTo} className="btn-primary mt-8">
          Continue Shopping
        </Link>
      </section>
    );
  }

  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-stone-900">Your Cart</h1>
        <Link to={continueTo} className="font-medium text-brand-700 underline">
          Continue Shopping
        </Link>
      </div>
      {/* Without JavaScript, the outcome of a cart button shows here after the page reloads. */}
      {cartMessage && (
        <p
          role={cartMessage.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg px-3 py-2 font-medium ${cartMessage.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
        >
          {cartMessage.message}
        </p>
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
        <section aria-label="Cart items">
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {lines.map((line) => (
              <CartLineRow key={line.id} line={line} />
            ))}
          </ul>
          <ClearCartButton />
        </section>
        <section aria-label="Checkout" className="rounded-xl border border-stone-200 bg-white p-5">
          <CheckoutForm
            prefill={prefill}
            answer={checkout}
            idempotencyKey={idempotencyKey}
            cartVersion={cartVersion}
            totals={(applied?.totals ?? totals) as Totals}
            discount={applied?.discount}
            shippingRule={loaderData.shippingRule}
            storeCredit={loaderData.storeCredit}
            whatsapp={loaderData.whatsapp}
            payments={loaderData.payments}
          />
        </section>
      </div>
    </div>
  );
}

const REMOVE_FETCHER = "cart-remove";
const CLEAR_FETCHER = "cart-clear";

/** A cart fetcher that toasts its outcome; `key` shares it with components that come and go. */
function useCartFetcher(key?: string) {
  const fetcher = useFetcher<CartAnswer>(key ? { key } : undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if ("ok" in answer) showToast(answer.message, "success", { cart: true });
    else if (isRefusal(answer)) showToast(formError(answer) ?? CART_FAILURES.update, "error", { cart: true });
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

function CartLineRow({ line }: { line: CartLine }) {
  const fetcher = useCartFetcher();
  // Shared with the page (its toast outlives this row).
  const remover = useFetcher<CartAnswer>({ key: REMOVE_FETCHER });
  const removing = remover.state !== "idle" && remover.formData?.get("itemId") === line.id;
  const pendingQuantity = fetcher.formData ? Number(fetcher.formData.get("quantity")) : null;
  const quantity = pendingQuantity ?? line.quantity;
  const unavailable = !isForSale(line.status);
  const maxQuantity = Math.min(line.stock, MAX_LINE_QUANTITY);
  const label = `${line.name} (${line.color}, ${line.size})`;
  return (
    <li className="flex gap-4 p-4" data-testid="cart-line">
      <Link
        to={`/product/${line.productId}`}
        className="w-20 shrink-0 overflow-hidden rounded-lg sm:w-24"
        tabIndex={-1}
        aria-hidden
      >
        <ProductImage image={line.image} sizes="96px" alt="" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap justify-between gap-2">
          <h2 className="font-semibold text-stone-900">
            <Link to={`/product/${line.productId}`} className="hover:underline">
              {line.name}
            </Link>
          </h2>
          <p className="font-semibold text-stone-900" data-testid="line-total">
            {formatPrice(line.price * quantity)}
          </p>
        </div>
        <p className="text-sm text-stone-600">
          {line.color} / {line.size} · {formatPrice(line.price)} each
        </p>
        {line.price !== line.priceWhenAdded && (
          <p className="text-sm font-medium text-amber-800">
            Price {line.price > line.priceWhenAdded ? "went up" : "dropped"} from {formatPrice(line.priceWhenAdded)} to{" "}
            {formatPrice(line.price)} since you added it.
          </p>
        )}
        {unavailable ? (
          <p className="text-sm font-medium text-red-700">No longer available. Please remove it.</p>
        ) : line.stock <= 0 ? (
          <p className="text-sm font-medium text-red-700">Out of stock now. Please remove it to check out.</p>
        ) : line.stock < line.quantity ? (
          <p className="text-sm font-medium text-red-700">Only {line.stock} left. Please lower the quantity.</p>
        ) : line.stock <= 5 ? (
          <p className="text-sm text-amber-800">Only {line.stock} left</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <div className="flex items-center" role="group" aria-label={`Quantity of ${label}`}>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="itemId" value={line.id} />
              <input type="hidden" name="quantity" value={quantity - 1} />
              <button
                type="submit"
                className="h-10 w-10 rounded-l-lg border border-stone-300 text-lg disabled:opacity-40"
                aria-label={`Decrease quantity of ${line.name}`}
                disabled={quantity <= 1}
              >
                −
              </button>
            </fetcher.Form>
            <span
              className="flex h-10 w-12 items-center justify-center border-y border-stone-300 font-medium"
              data-testid="line-quantity"
              aria-live="polite"
            >
              {quantity}
            </span>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="itemId" value={line.id} />
              <input type="hidden" name="quantity" value={quantity + 1} />
              <button
                type="submit"
                className="h-10 w-10 rounded-r-lg border border-stone-300 text-lg disabled:opacity-40"
                aria-label={`Increase quantity of ${line.name}`}
                disabled={quantity >= maxQuantity || unavailable}
              >
                +
              </button>
            </fetcher.Form>
          </div>
          <remover.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="itemId" value={line.id} />
            <button
              type="submit"
              className="text-sm font-medium text-red-700 underline"
              aria-label={`Delete ${line.name}`}
              disabled={removing}
            >
              Delete
            </button>
          </remover.Form>
        </div>
      </div>
    </li>
  );
}

function ClearCartButton() {
  // Shared with the page: the button is gone once the cart is empty, the toast is not.
  const fetcher = useFetcher<CartAnswer>({ key: CLEAR_FETCHER });
  const navigation = useNavigation();
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="clear" />
      <button
        type="submit"
        className="text-sm font-medium text-stone-700 underline"
        disabled={fetcher.state !== "idle" || navigation.state !== "idle"}
      >
        Clear Cart
      </button>
    </fetcher.Form>
  );
}

/** A guest has no cart: carts are kept per signed-in account (SPEC.md section 4). */
function GuestCart() {
  return (
    <section className="container-page flex flex-col items-center py-16 text-center" aria-labelledby="cart-title">
      <CartIcon className="h-12 w-12 text-stone-400" />
      <h1 id="cart-title" className="mt-4 text-3xl font-bold text-stone-900">
        Your Cart
      </h1>
      <p className="mt-3 text-lg text-stone-700">Your cart is empty.</p>
      <p className="mt-1 text-stone-600">Sign in to see the items in your cart on any device.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/auth?mode=login&redirectTo=%2Fcart" className="btn-primary">
          Sign In
        </Link>
        <Link to="/products" className="btn-secondary">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
