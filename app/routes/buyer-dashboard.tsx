import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, redirect, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { ProductCard } from "~/components/ui/product-card";
import { StatusBadge } from "~/components/ui/status-badge";
import { TextField } from "~/components/ui/text-field";
import { requireUser } from "~/lib/auth-guard.server";
import { OTHER_CITY, PAKISTANI_CITIES } from "~/lib/cities";
import { AppError } from "~/lib/errors";
import { setFlash } from "~/lib/flash.server";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { authErrorMessage } from "~/modules/accounts/auth-errors";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { getCustomerProfile, updateCustomerProfile, updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { MIN_PASSWORD_LENGTH_RULE } from "~/modules/accounts/password-rule";
import {
  CURRENT_PASSWORD_WRONG, parseChangePasswordForm, parseDeleteAccountForm, parseNotificationSettings, parseProfileForm,
} from "~/modules/accounts/profile-schema";
import { cancelOrder } from "~/modules/orders/cancel-order.server";
import { listOrders } from "~/modules/orders/list-orders.server";
import { buyerCanCancel } from "~/modules/orders/order-lifecycle";
import { listWishlist, setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/buyer-dashboard";

const TABS = [
  { id: "orders", label: "My Orders" },
  { id: "wishlist", label: "Wishlist" },
  { id: "profile", label: "Profile" },
  { id: "settings", label: "Settings" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function tabOf(value: string | null | undefined): TabId {
  return TABS.find((t) => t.id === value)?.id ?? "orders";
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({ matches, title: "My Account", description: "Your orders, wishlist, profile and settings.", path: location.pathname, noindex: true });

// Someone's orders and profile: never kept by a shared cache or the page cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const tab = tabOf(new URL(request.url).searchParams.get("tab"));
  // Only what the open tab shows; switching tabs loads the next one.
  const [orders, wishlist, profile] = await Promise.all([
    tab === "orders" ? listOrders(context.db, { id: user.id, role: user.role }) : null,
    tab === "wishlist" ? listWishlist(context.db, user.id) : null,
    tab === "profile" || tab === "settings" ? getCustomerProfile(context.db, user.id) : null,
  ]);
  return {
    tab,
    account: { name: user.name, email: user.email, memberSince: user.createdAt },
    orders,
    wishlist,
    profile,
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), orderId: z.string().max(100) }),
  z.object({ intent: z.literal("unsave"), productId: z.string().min(1).max(200) }),
  z.object({ intent: z.literal("profile") }),
  z.object({ intent: z.literal("settings") }),
  z.object({ intent: z.literal("password") }),
  z.object({ intent: z.literal("delete-account") }),
]);
type Intent = z.output<typeof intentSchema>["intent"];

type ActionResult = {
  intent: Intent | null;
  ok: boolean;
  message: string;
  /** The order or product acted on, so the message shows beside it. */
  target?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

const PROFILE_VALUE_KEYS = ["name", "phone", "address", "city", "cityOther", "postalCode"] as const;

function fail(intent: Intent | null, status: number, message: string, extra: Pick<ActionResult, "fields" | "values" | "target"> = {}) {
  return data<ActionResult>({ intent, ok: false, message, ...extra }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const form = Object.fromEntries(await request.formData());
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) return fail(null, 400, "Something was missing from the form. Please try again.");
  const input = parsed.data;
  const viewer = { id: user.id, role: user.role };

  try {
    switch (input.intent) {
      case "cancel": {
        const result = await cancelOrder(context.db, viewer, input.orderId);
        return data<ActionResult>({ intent: "cancel", ok: true, message: `Order ${result.orderNumber} cancelled`, target: input.orderId });
      }
      case "unsave": {
        const result = await setWishlisted(context.db, user.id, input.productId, false);
        return data<ActionResult>({ intent: "unsave", ok: true, message: `${result.name} removed from your wishlist`, target: input.productId });
      }
      case "profile": {
        const values = Object.fromEntries(PROFILE_VALUE_KEYS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string) : ""]));
        const profile = parseProfileForm(form);
        if (!profile.ok) return fail("profile", 400, "Please correct the highlighted fields", { fields: profile.fields, values });
        await updateCustomerProfile(context.db, user.id, profile.data);
        return data<ActionResult>({ intent: "profile", ok: true, message: "Profile updated" });
      }
      case "settings": {
        await updateNotificationSettings(context.db, user.id, parseNotificationSettings(form));
        return data<ActionResult>({ intent: "settings", ok: true, message: "Settings saved" });
      }
      case "password":
        return changePassword(request, context, form);
      case "delete-account":
        return deleteAccount(request, context, form);
    }
  } catch (error) {
    if (error instanceof AppError) {
      const target = input.intent === "cancel" ? input.orderId : input.intent === "unsave" ? input.productId : undefined;
      return fail(input.intent, error.status, error.message, { target });
    }
    throw error;
  }
}

/** After a refused cancel (409) reload anyway: the order has moved on and the list should show how. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ActionResult | undefined)?.intent === "cancel") return true;
  return defaultShouldRevalidate;
}

async function changePassword(request: Request, context: Route.ActionArgs["context"], form: Record<string, FormDataEntryValue>) {
  const parsed = parseChangePasswordForm(form);
  if (!parsed.ok) return fail("password", 400, "Please correct the highlighted fields", { fields: parsed.fields });
  const result = await callAuth(context.auth, request, "/change-password", { ...parsed.data, revokeOtherSessions: true });
  if (!result.ok) {
    if (result.code === "INVALID_PASSWORD") return fail("password", 400, CURRENT_PASSWORD_WRONG, { fields: { currentPassword: CURRENT_PASSWORD_WRONG } });
    if (result.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return fail("password", 400, "Your account signs in with Google and has no password to change.");
    const message = authErrorMessage(result.code, result.status);
    if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") return fail("password", 400, message, { fields: { newPassword: message } });
    return fail("password", result.status === 429 ? 429 : 400, message);
  }
  // Every other session was signed out and this one re-issued: the browser must get the new cookie
  // before the page loads again, so answer with a redirect that carries it.
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Password changed. You have been signed out on your other devices." }));
  return redirect(`${new URL(request.url).pathname}?tab=settings`, { headers });
}

async function deleteAccount(request: Request, context: Route.ActionArgs["context"], form: Record<string, FormDataEntryValue>) {
  const parsed = parseDeleteAccountForm(form);
  if (!parsed.ok) return fail("delete-account", 400, "Please confirm to delete your account", { fields: parsed.fields });
  const result = await callAuth(context.auth, request, "/delete-user", { password: parsed.data.password });
  if (!result.ok) {
    if (result.code === "INVALID_PASSWORD") {
      const message = "Incorrect password. Please try again.";
      return fail("delete-account", 400, message, { fields: { password: message } });
    }
    if (result.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return fail("delete-account", 400, "Your account signs in with Google and has no password. Please contact us to delete it.");
    return fail("delete-account", result.status === 429 ? 429 : 400, authErrorMessage(result.code, result.status));
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Your account has been deleted." }));
  return redirect("/", { headers });
}

// ---------------------------------------------------------------------------------------------------

type LoaderData = Route.ComponentProps["loaderData"];
type Order = NonNullable<LoaderData["orders"]>[number];
type WishlistItem = NonNullable<LoaderData["wishlist"]>[number];
type Profile = NonNullable<LoaderData["profile"]>;

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Karachi" });
const longDateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Karachi" });

function formatDate(value: Date | string, long = false): string {
  return (long ? longDateFormat : dateFormat).format(new Date(value));
}

/** SPEC.md: order ids are shown as their last 8 characters. */
function shortId(id: string): string {
  return id.slice(-8);
}

function paymentLabel(method: string): string {
  return method === "cod" || method === "COD" ? "Cash on Delivery" : method;
}

export default function BuyerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();

  // A tab link was followed and its data is on the way: show that tab at once, loading.
  const navigatingHere = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const pendingTab = navigatingHere && !navigation.formMethod ? tabOf(new URLSearchParams(navigation.location.search).get("tab")) : null;
  const activeTab = pendingTab ?? loaderData.tab;
  const loading = activeTab !== loaderData.tab;

  return (
    <div className="container-page py-8">
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Welcome back, {account.name || "Guest"}</h1>
          <p className="mt-1 text-stone-700">
            Account type: <span className="font-semibold text-stone-900" data-testid="account-type">Customer</span>
          </p>
        </div>
        <Form method="post" action="/sign-out">
          <button type="submit" className="btn-secondary">Sign Out</button>
        </Form>
      </header>

      <nav aria-label="My account" className="mt-6 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-stone-200">
          {TABS.map((tab) => {
            const current = tab.id === activeTab;
            return (
              <li key={tab.id}>
                <Link
                  to={`${location.pathname}?tab=${tab.id}`}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px inline-block border-b-2 px-4 py-3 text-sm font-semibold sm:text-base ${
                    current ? "border-brand-700 text-brand-800" : "border-transparent text-stone-600 hover:text-stone-900"
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6">
        {activeTab === "orders" && (
          <OrdersTab orders={loading ? null : loaderData.orders} refreshing={navigatingHere} actionData={actionData?.intent === "cancel" ? actionData : undefined} />
        )}
        {activeTab === "wishlist" && (
          <WishlistTab items={loading ? null : loaderData.wishlist} actionData={actionData?.intent === "unsave" ? actionData : undefined} />
        )}
        {activeTab === "profile" && (
          <ProfileTab account={account} profile={loading ? null : loaderData.profile} actionData={actionData?.intent === "profile" ? actionData : undefined} />
        )}
        {activeTab === "settings" && (
          <SettingsTab profile={loading ? null : loaderData.profile} actionData={actionData ?? undefined} />
        )}
      </div>
    </div>
  );
}

/** The outcome of a form: a status line for success, an alert for a failure without a field to sit beside. */
function ResultLine({ result }: { result: ActionResult | undefined }) {
  if (!result) return null;
  if (result.ok) return <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">{result.message}</p>;
  if (result.fields && Object.keys(result.fields).length > 0) return null;
  return <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">{result.message}</p>;
}

function Loading({ children }: { children: React.ReactNode }) {
  return <p role="status" className="py-10 text-center text-stone-600">{children}</p>;
}

// ---------------------------------------------------------------------------------------------------
// My Orders

function OrdersTab({ orders, refreshing, actionData }: { orders: Order[] | null; refreshing: boolean; actionData?: ActionResult }) {
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const details = detailsId ? orders?.find((o) => o.id === detailsId) ?? null : null;
  // A cancel's outcome shows on its order's card; above the list only when that order is not listed.
  const onCard = Boolean(actionData?.target && orders?.some((o) => o.id === actionData.target));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (details && !dialog.open) dialog.showModal();
    if (!details && dialog.open) dialog.close();
  }, [details]);

  return (
    <section aria-labelledby="orders-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-title" className="text-xl font-bold text-stone-900">My Orders</h2>
        <Link to="/products" className="btn-secondary">Continue Shopping</Link>
      </div>
      <div className="mt-4 grid gap-4">
        {!onCard && <ResultLine result={actionData} />}
        {orders === null ? (
          <Loading>Loading your orders...</Loading>
        ) : orders.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 py-12 text-center text-stone-700">No orders found.</p>
        ) : (
          <>
            {refreshing && <p role="status" className="text-sm text-stone-600">Loading your orders...</p>}
            <ul className="grid gap-4" aria-busy={refreshing || undefined} data-testid="order-list">
              {orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} onDetails={() => setDetailsId(order.id)} result={actionData?.target === order.id ? actionData : undefined} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <OrderDetailsDialog dialogRef={dialogRef} order={details} onClose={() => setDetailsId(null)} />
    </section>
  );
}

function OrderCard({ order, onDetails, result }: { order: Order; onDetails: () => void; result?: ActionResult }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const titleId = useId();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === "cancel" && navigation.formData.get("orderId") === order.id;
  const shown = order.items.slice(0, 2);
  const more = order.items.length - shown.length;

  return (
    <article aria-labelledby={titleId} data-testid="order-card" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="font-semibold text-stone-900">Order #{shortId(order.id)}</h3>
          <p className="text-sm text-stone-600">
            <span data-testid="order-number">{order.orderNumber}</span> · Placed on <time dateTime={new Date(order.createdAt).toISOString()}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} />
      </div>

      <ul className="mt-3 space-y-1 text-stone-800">
        {shown.map((item, i) => (
          <li key={i}>
            {item.quantity} x {item.name} <span className="text-sm text-stone-600">({item.color} / {item.size})</span>
          </li>
        ))}
        {more > 0 && <li className="text-sm text-stone-600">+{more} more {more === 1 ? "item" : "items"}</li>}
      </ul>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-600">Total</dt>
          <dd className="text-base font-bold text-stone-900" data-testid="order-total">{formatPrice(order.total)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Payment</dt>
          <dd className="text-stone-900">{paymentLabel(order.paymentMethod)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Ship to</dt>
          <dd className="text-stone-900">{order.fullName}, {order.city}, {order.country}</dd>
        </div>
      </dl>

      {result && <div className="mt-3"><ResultLine result={result} /></div>}

      <div className="mt-4 flex flex-wrap gap-2">
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={onDetails} aria-haspopup="dialog">View Details</button>
        ) : (
          <Link to={`/orders/${order.id}`} className="btn-secondary">View Details</Link>
        )}
        {buyerCanCancel(order.status) && (
          <Form
            method="post"
            preventScrollReset
            onSubmit={(event) => {
              if (!window.confirm(`Cancel order ${order.orderNumber}? This cannot be undone.`)) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="orderId" value={order.id} />
            <button type="submit" className="btn border border-red-300 bg-white text-red-800 hover:bg-red-50" disabled={cancelling}>
              {cancelling ? "Cancelling..." : "Cancel Order"}
            </button>
          </Form>
        )}
      </div>
    </article>
  );
}

function OrderDetailsDialog({ dialogRef, order, onClose }: { dialogRef: React.RefObject<HTMLDialogElement | null>; order: Order | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">Order Details</h2>
          <button type="button" onClick={() => dialogRef.current?.close()} aria-label="Close" className="-m-2 rounded-lg p-2 text-2xl leading-none text-stone-600 hover:bg-stone-100 hover:text-stone-900">
            <span aria-hidden>×</span>
          </button>
        </div>
        {order && (
          <>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-700">
              <span className="font-semibold text-stone-900">{order.orderNumber}</span>
              <span>Order #{shortId(order.id)}</span>
              <span>Placed on {formatDate(order.createdAt)}</span>
              <StatusBadge status={order.status} />
            </div>

            <h3 className="mt-5 font-semibold">Items</h3>
            <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
              {order.items.map((item, i) => (
                <li key={i} className="flex items-start justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium">{item.name}</p>
                    <p className="text-sm text-stone-600">Colour: {item.color} · Size: {item.size} · Quantity: {item.quantity}</p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold">{formatPrice(item.price * item.quantity)}</p>
                    {item.quantity > 1 && <p className="text-xs text-stone-600">{formatPrice(item.price)} each</p>}
                  </div>
                </li>
              ))}
            </ul>

            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1">
              <dt>Subtotal</dt><dd className="text-right">{formatPrice(order.subtotal)}</dd>
              <dt>Shipping</dt><dd className="text-right">{order.shippingFee === 0 ? "Free" : formatPrice(order.shippingFee)}</dd>
              <dt className="font-bold">Total</dt><dd className="text-right font-bold">{formatPrice(order.total)}</dd>
            </dl>

            <dl className="mt-4 grid gap-2 text-sm">
              <div>
                <dt className="text-stone-600">Payment method</dt>
                <dd>{paymentLabel(order.paymentMethod)}</dd>
              </div>
              <div>
                <dt className="text-stone-600">Shipping address</dt>
                <dd>
                  {order.fullName}
                  {order.address && <><br />{order.address}</>}
                  <br />{order.city}{order.postalCode ? ` ${order.postalCode}` : ""}, {order.country}
                </dd>
              </div>
            </dl>

            <Link to={`/orders/${order.id}`} className="btn-primary mt-5">View full order</Link>
          </>
        )}
      </div>
    </dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// Wishlist

function WishlistTab({ items, actionData }: { items: WishlistItem[] | null; actionData?: ActionResult }) {
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "unsave" ? navigation.formData.get("productId") : null;
  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className="text-xl font-bold text-stone-900">Wishlist</h2>
      <div className="mt-4 grid gap-4">
        <ResultLine result={actionData} />
        {items === null ? (
          <Loading>Loading your wishlist...</Loading>
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 py-12 text-center">
            <p className="text-lg font-medium text-stone-800">Your wishlist is empty</p>
            <p className="mt-1 text-stone-600">Tap the heart on any product to save it for later.</p>
            <Link to="/products" className="btn-primary mt-5">Explore Products</Link>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {items.map((product) => (
              <li key={product.id} className="flex flex-col gap-2">
                <ProductCard product={product} />
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unsave" />
                  <input type="hidden" name="productId" value={product.id} />
                  <button type="submit" className="btn-secondary w-full" disabled={removing === product.id}>
                    {removing === product.id ? "Removing..." : "Remove"}<span className="sr-only"> {product.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------
// Profile

function ProfileTab({ account, profile, actionData }: { account: LoaderData["account"]; profile: Profile | null; actionData?: ActionResult }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errors = failed?.fields ?? {};
  const values = failed?.values;
  const notSet = <span className="text-stone-500">Not set</span>;

  return (
    <section aria-labelledby="profile-title" className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 id="profile-title" className="text-xl font-bold text-stone-900">Profile</h2>
        {profile === null ? (
          <Loading>Loading your profile...</Loading>
        ) : (
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-stone-600">Full Name</dt><dd className="text-stone-900">{account.name}</dd>
            <dt className="font-medium text-stone-600">Email</dt><dd className="break-all text-stone-900">{account.email}</dd>
            <dt className="font-medium text-stone-600">Account Type</dt><dd className="text-stone-900">Customer</dd>
            <dt className="font-medium text-stone-600">Member Since</dt><dd className="text-stone-900">{formatDate(account.memberSince, true)}</dd>
            <dt className="font-medium text-stone-600">Phone</dt><dd className="text-stone-900">{profile.phone ? formatPakistaniMobile(profile.phone) : notSet}</dd>
            <dt className="font-medium text-stone-600">Default Address</dt><dd className="whitespace-pre-line text-stone-900">{profile.address ?? notSet}</dd>
            <dt className="font-medium text-stone-600">City</dt><dd className="text-stone-900">{profile.city ?? notSet}</dd>
            <dt className="font-medium text-stone-600">Postal Code</dt><dd className="text-stone-900">{profile.postalCode ?? notSet}</dd>
          </dl>
        )}
      </div>

      {profile && (
        <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
          <h2 id="edit-profile-title" className="text-xl font-bold text-stone-900">Edit Profile</h2>
          <p className="mt-1 text-sm text-stone-600">Your phone and address fill in the checkout form for you.</p>
          <div className="mt-4 grid gap-4">
            <ResultLine result={actionData} />
            {failed?.fields && <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">{failed.message}</p>}
            <Form method="post" noValidate aria-labelledby="edit-profile-title" className="grid gap-4" preventScrollReset>
              <input type="hidden" name="intent" value="profile" />
              <TextField label="Full Name" name="name" autoComplete="name" defaultValue={values?.name ?? account.name} error={errors.name} />
              <TextField
                label="Phone" name="phone" type="tel" autoComplete="tel" required={false} placeholder="0300 1234567"
                defaultValue={values?.phone ?? (profile.phone ? formatPakistaniMobile(profile.phone) : "")} error={errors.phone}
              />
              <TextField label="Default Address" name="address" multiline rows={3} autoComplete="street-address" required={false} defaultValue={values?.address ?? profile.address ?? ""} error={errors.address} />
              <CityField city={values ? values.city : profile.city ?? ""} cityOther={values?.cityOther} error={errors.city} />
              <TextField label="Postal Code" name="postalCode" inputMode="numeric" autoComplete="postal-code" required={false} defaultValue={values?.postalCode ?? profile.postalCode ?? ""} error={errors.postalCode} />
              <button type="submit" className="btn-primary justify-self-start px-6" disabled={saving}>{saving ? "Saving..." : "Save Profile"}</button>
            </Form>
          </div>
        </div>
      )}
    </section>
  );
}

/** A city from the list, or "Other" with the name typed; without JavaScript both fields are shown. */
function CityField({ city, cityOther, error }: { city: string; cityOther?: string; error?: string }) {
  const hydrated = useHydrated();
  const listed = (PAKISTANI_CITIES as readonly string[]).includes(city);
  const [choice, setChoice] = useState(city ? (listed || city === OTHER_CITY ? city : OTHER_CITY) : "");
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={id} className="field-label">City</label>
        <select
          id={id} name="city" value={choice} onChange={(e) => setChoice(e.target.value)} className="field-input" autoComplete="address-level2"
          aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        >
          <option value="">Choose your city</option>
          {PAKISTANI_CITIES.map((c) => <option key={c} value={c}>{c}</option>)}
          <option value={OTHER_CITY}>Other</option>
        </select>
        {error && <p id={`${id}-error`} className="field-error">{error}</p>}
      </div>
      <div className={hydrated && choice !== OTHER_CITY ? "hidden" : ""}>
        <TextField label="City name (if Other)" name="cityOther" required={false} defaultValue={cityOther ?? (city && !listed && city !== OTHER_CITY ? city : "")} />
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Settings

function SettingsTab({ profile, actionData }: { profile: Profile | null; actionData?: ActionResult }) {
  const navigation = useNavigation();
  const busy = (intent: Intent) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const passwordErrors = result("password")?.fields ?? {};
  const deleteErrors = result("delete-account")?.fields ?? {};
  const deleteId = useId();

  if (profile === null) return <Loading>Loading your settings...</Loading>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="settings-title" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 id="settings-title" className="text-xl font-bold text-stone-900">Settings</h2>
        <Form method="post" className="mt-4 grid gap-4" preventScrollReset>
          <input type="hidden" name="intent" value="settings" />
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-semibold text-stone-900">Notifications</legend>
            <Checkbox name="orderEmails" label="Order e-mail notifications" hint="An e-mail when your order is placed, confirmed, shipped or delivered." defaultChecked={profile.orderEmails} />
            <Checkbox name="smsUpdates" label="SMS shipping updates" hint="A text message when your parcel is on its way." defaultChecked={profile.smsUpdates} />
            <Checkbox name="marketingEmails" label="Marketing e-mails" hint="New arrivals and offers, now and then." defaultChecked={profile.marketingEmails} />
          </fieldset>
          <ResultLine result={result("settings")} />
          <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy("settings")}>{busy("settings") ? "Saving..." : "Save Settings"}</button>
        </Form>
      </section>

      <section aria-labelledby="password-title" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 id="password-title" className="text-xl font-bold text-stone-900">Change Password</h2>
        <p className="mt-1 text-sm text-stone-600">Changing your password signs you out on your other devices.</p>
        <Form method="post" noValidate className="mt-4 grid gap-4" aria-labelledby="password-title" preventScrollReset>
          <input type="hidden" name="intent" value="password" />
          <ResultLine result={result("password")} />
          <TextField label="Current Password" name="currentPassword" type="password" autoComplete="current-password" error={passwordErrors.currentPassword} />
          <TextField label="New Password" name="newPassword" type="password" autoComplete="new-password" error={passwordErrors.newPassword} />
          <p className="-mt-3 text-xs text-stone-600">At least {MIN_PASSWORD_LENGTH_RULE} characters.</p>
          <TextField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" error={passwordErrors.confirmPassword} />
          <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy("password")}>{busy("password") ? "Changing..." : "Change Password"}</button>
        </Form>
      </section>

      <section aria-labelledby="delete-title" className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6 lg:col-span-2">
        <h2 id="delete-title" className="text-xl font-bold text-red-800">Delete Account</h2>
        <p className="mt-1 text-stone-700">
          This signs you out and deletes your account, cart, wishlist and profile. Your past orders stay with the shop for its records, without your name, e-mail, phone or address. This cannot be undone.
        </p>
        <Form
          method="post"
          noValidate
          className="mt-4 grid max-w-md gap-4"
          aria-labelledby="delete-title"
          onSubmit={(event) => {
            if (!window.confirm("Delete your account? This cannot be undone.")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete-account" />
          <ResultLine result={result("delete-account")} />
          <TextField label="Enter your password to confirm" name="password" type="password" autoComplete="current-password" error={deleteErrors.password} />
          <div>
            <div className="flex items-start gap-3">
              <input
                id={deleteId} type="checkbox" name="confirm" required className="mt-1 h-5 w-5 accent-red-700"
                aria-invalid={deleteErrors.confirm ? true : undefined} aria-describedby={deleteErrors.confirm ? `${deleteId}-error` : undefined}
              />
              <label htmlFor={deleteId} className="text-stone-800">I understand that my account will be deleted permanently.</label>
            </div>
            {deleteErrors.confirm && <p id={`${deleteId}-error`} className="field-error">{deleteErrors.confirm}</p>}
          </div>
          <button type="submit" className="btn justify-self-start bg-red-700 px-6 text-white hover:bg-red-800" disabled={busy("delete-account")}>
            {busy("delete-account") ? "Deleting..." : "Delete Account"}
          </button>
        </Form>
      </section>
    </div>
  );
}

function Checkbox({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" name={name} defaultChecked={defaultChecked} aria-describedby={`${id}-hint`} className="mt-1 h-5 w-5 accent-brand-700" />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">{label}</label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">{hint}</p>
      </div>
    </div>
  );
}
