import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { randomUUID } from "node:crypto";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { useEffect } from "react";
import { trackMetaEvent } from "~/lib/meta-pixel";
import { CheckoutForm, type Totals } from "~/components/checkout/checkout-form";
import { getUser, requireUser } from "~/http/auth-guard.server";
import { signInToOrder, takeCheckoutDraft } from "~/http/checkout-draft.server";
import { checkoutFailure } from "~/http/failure-answers";
import { keepOnFailure } from "~/http/keep-on-failure";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { placeOrderFromForm } from "~/http/place-order-action.server";
import { isCheckoutAnswer } from "~/lib/checkout-answer";
import { pageMeta } from "~/lib/seo";
import { getCustomerProfile } from "~/modules/accounts/customer-profile.server";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { cartItemInput } from "~/modules/cart/cart-schema";
import { cartTotals } from "~/modules/cart/cart-totals";
import { cartVersionOf } from "~/modules/checkout/order-fingerprint";
import { getSettings } from "~/modules/settings/get-settings.server";
import { storeCreditBalance } from "~/modules/store-credit/read-store-credit.server";
import { readWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { checkoutPaymentOptions } from "~/modules/payments/payment-settings.server";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Checkout",
    description: "Shipping details and cash on delivery.",
    path: "/checkout",
    noindex: true,
  });

type CheckoutItem = {
  key: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  note?: string;
};

/** Buy Now passes one item in the URL (?product=&color=&size=&quantity=); otherwise it is the cart. */
function buyNowItem(url: URL) {
  if (!url.searchParams.get("product")) return null;
  const parsed = cartItemInput.safeParse({
    productId: url.searchParams.get("product"),
    color: url.searchParams.get("color") ?? undefined,
    size: url.searchParams.get("size") ?? undefined,
    quantity: url.searchParams.get("quantity") ?? 1,
  });
  return parsed.success ? parsed.data : null;
}

async function checkoutItems(
  context: Route.LoaderArgs["context"],
  userId: string,
  url: URL,
): Promise<{ items: CheckoutItem[]; buyNow: boolean; problem?: string; cartVersion?: string }> {
  const wanted = buyNowItem(url);
  if (!wanted) {
    const lines = await listCartLines(context.db, userId);
    return {
      buyNow: false,
      cartVersion: cartVersionOf(lines),
      items: lines.map((l) => ({
        key: l.id,
        name: l.name,
        color: l.color,
        size: l.size,
        quantity: l.quantity,
        price: l.price,
        note: l.stock < l.quantity ? (l.stock > 0 ? `Only ${l.stock} left` : "Out of stock") : undefined,
      })),
    };
  }
  try {
    const v = await resolveVariant(context.db, wanted);
    const note = v.stock <= 0 ? "Out of stock" : v.stock < wanted.quantity ? `Only ${v.stock} left` : undefined;
    return {
      buyNow: true,
      items: [
        {
          key: String(v.variantId),
          name: v.name,
          color: v.color,
          size: v.size,
          quantity: wanted.quantity,
          price: v.price,
          note,
        },
      ],
    };
  } catch (error) {
    if (error instanceof AppError) return { buyNow: true, items: [], problem: error.message };
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const [
    { items, buyNow, problem, cartVersion },
    settings,
    profile,
    { draft, clear },
    storeCredit,
    whatsapp,
    payments,
  ] = await Promise.all([
    checkoutItems(context, user.id, url),
    getSettings(context.db),
    getCustomerProfile(context.db, user.id),
    takeCheckoutDraft(request),
    storeCreditBalance(context.db, user.id),
    readWhatsappSettings(context.db),
    checkoutPaymentOptions(context.db),
  ]);
  return data(
    {
      items,
      buyNow,
      problem,
      cartVersion,
      totals: cartTotals(items, settings),
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
      // The buyer's store credit: "Use my store credit" at checkout when there is some.
      storeCredit,
      // The shop confirms COD orders on WhatsApp: the form says so, with the box to opt out.
      whatsapp: whatsapp !== null,
      // Pay online (the gateways offered) beside cash on delivery, and the COD fee's rule.
      payments,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const user = await getUser(request, context);
  if (!user) throw await signInToOrder(request, Object.fromEntries(form));
  const item = buyNowItem(new URL(request.url));
  return placeOrderFromForm(request, context, user, form, item ? [item] : undefined);
}

/** Place Order whose request failed (server error, outage, no network): SPEC.md's words, the form as typed. */
export const clientAction = (args: Route.ClientActionArgs) => keepOnFailure(args, checkoutFailure);

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

export default function Checkout({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { items, buyNow, problem, totals, prefill, idempotencyKey, cartVersion } = loaderData;
  const answer = isCheckoutAnswer(actionData) ? actionData : null;
  // Apply's totals hold for the cart they were worked out for (see cart.tsx).
  const applied = answer?.cartVersion !== undefined && answer.cartVersion !== cartVersion ? null : answer;
  // Meta's InitiateCheckout (only with a Pixel), once per checkout opened with something in it.
  const itemCount = items.reduce((sum, i) => sum + i.quantity, 0);
  useEffect(() => {
    if (itemCount > 0)
      trackMetaEvent("InitiateCheckout", { currency: "PKR", value: totals.total, num_items: itemCount });
  }, [cartVersion]); // once per cart checked out
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-stone-900">Checkout</h1>
      {buyNow && <p className="mt-1 text-stone-700">Buying this item now. Your cart stays as it is.</p>}
      {items.length === 0 ? (
        <div className="mt-8 text-center">
          <p className="text-lg text-stone-700">{problem ?? "Your cart is empty."}</p>
          <Link to="/products" className="btn-primary mt-6">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_24rem]">
          <section className="order-2 lg:order-1">
            <div className="rounded-xl border border-stone-200 bg-white p-5">
              <CheckoutForm
                prefill={prefill}
                answer={answer}
                idempotencyKey={idempotencyKey}
                cartVersion={cartVersion}
                totals={(applied?.totals ?? totals) as Totals}
                discount={applied?.discount}
                shippingRule={loaderData.shippingRule}
                storeCredit={loaderData.storeCredit}
                whatsapp={loaderData.whatsapp}
                payments={loaderData.payments}
              />
            </div>
          </section>
          <section
            aria-labelledby="items-title"
            className="order-1 rounded-xl border border-stone-200 bg-white p-5 lg:order-2"
          >
            <h2 id="items-title" className="text-xl font-semibold text-stone-900">
              Your Items
            </h2>
            <ul className="mt-3 divide-y divide-stone-200" data-testid="checkout-items">
              {items.map((item) => (
                <li key={item.key} className="flex justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium text-stone-900">
                      {item.quantity} x {item.name}
                    </p>
                    <p className="text-sm text-stone-600">
                      {item.color} / {item.size} · {formatPrice(item.price)} each
                    </p>
                    {item.note && <p className="text-sm font-medium text-red-700">{item.note}</p>}
                  </div>
                  <p className="font-semibold">{formatPrice(item.price * item.quantity)}</p>
                </li>
              ))}
            </ul>
            {!buyNow && (
              <Link to="/cart" className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
                Edit cart
              </Link>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
