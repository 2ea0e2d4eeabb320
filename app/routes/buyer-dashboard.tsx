import { useKeptActionData } from "~/lib/use-kept-action-data";
import { data, Form, Link, redirect, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { OrdersTab } from "~/components/account/orders-tab";
import { ProfileTab } from "~/components/account/profile-tab";
import { SettingsTab } from "~/components/account/settings-tab";
import type { AccountActionResult, AccountIntent } from "~/components/account/shared";
import { WishlistTab } from "~/components/account/wishlist-tab";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure, keepOnFailureWith } from "~/http/keep-on-failure";
import { setFlash } from "~/http/flash.server";
import { pageMeta } from "~/lib/seo";
import { authErrorMessage } from "~/modules/accounts/auth-errors";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { hasPassword } from "~/modules/accounts/has-password.server";
import { getCustomerProfile, updateCustomerProfile, updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { changePasswordFromForm, PASSWORD_CHANGED } from "~/modules/accounts/change-password.server";
import { parseDeleteAccountForm, parseNotificationSettings, parseProfileForm } from "~/modules/accounts/profile-schema";
import { cancelOrder } from "~/flows/cancel-order.server";
import { listOrders } from "~/modules/orders/list-orders.server";
import { ratingsByProduct } from "~/modules/reviews/buyer-reviews.server";
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
  // Deleting the account asks for its password, or (Google only) a sign-in within 5 minutes.
  const signsInWithPassword = tab === "settings" ? await hasPassword(context.db, user.id) : true;
  // The buyer's own ratings of what was delivered to them: "Your rating: N" beside those items.
  const delivered = orders?.filter((o) => o.status === "delivered").flatMap((o) => o.items.map((i) => i.productId)) ?? [];
  const myRatings = await ratingsByProduct(context.db, user.id, delivered);
  return {
    tab,
    account: { name: user.name, email: user.email, memberSince: user.createdAt },
    orders,
    myRatings,
    wishlist,
    profile,
    signsInWithPassword,
    googleEnabled: Boolean(context.env.GOOGLE_CLIENT_ID && context.env.GOOGLE_CLIENT_SECRET),
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

/** The action's answer; the tab components show it (see AccountActionResult). */
type ActionResult = AccountActionResult & { intent: Intent | null };

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
        const result = await cancelOrder(context, viewer, input.orderId);
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
        return deleteAccount(request, context, user.id, form);
    }
  } catch (error) {
    if (error instanceof AppError) {
      const target = input.intent === "cancel" ? input.orderId : input.intent === "unsave" ? input.productId : undefined;
      return fail(input.intent, error.status, error.message, { target });
    }
    throw error;
  }
}

/** Any form of the page whose request failed (server error, outage, no network): SPEC.md's words beside it, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) => keepOnFailure(args, keepOnFailureWith<AccountIntent>(GENERIC_FAILURE));

/**
 * After a refused cancel (409) reload anyway: the order has moved on and the list should show how.
 * Not after a failed request (5xx): the reload would fail too.
 */
export function shouldRevalidate({ actionResult, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ActionResult | undefined)?.intent === "cancel" && (actionStatus ?? 200) < 500) return true;
  return defaultShouldRevalidate;
}

async function changePassword(request: Request, context: Route.ActionArgs["context"], form: Record<string, FormDataEntryValue>) {
  const outcome = await changePasswordFromForm(context.auth, request, form);
  if (!outcome.ok) return fail("password", outcome.status, outcome.message, { fields: outcome.fields });
  // Every other session was signed out and this one re-issued: the browser must get the new cookie
  // before the page loads again, so answer with a redirect that carries it.
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: PASSWORD_CHANGED }));
  return redirect(`${new URL(request.url).pathname}?tab=settings`, { headers });
}

async function deleteAccount(request: Request, context: Route.ActionArgs["context"], userId: string, form: Record<string, FormDataEntryValue>) {
  const withPassword = await hasPassword(context.db, userId);
  const parsed = parseDeleteAccountForm(form, { withPassword });
  if (!parsed.ok) return fail("delete-account", 400, "Please confirm to delete your account", { fields: parsed.fields });
  const result = await callAuth(context.auth, request, "/delete-user", withPassword ? { password: parsed.data.password } : {});
  if (!result.ok) {
    if (result.code === "INVALID_PASSWORD" || result.code === "PASSWORD_REQUIRED") {
      const message = result.code === "INVALID_PASSWORD" ? "Incorrect password. Please try again." : authErrorMessage(result.code);
      return fail("delete-account", 400, message, { fields: { password: message } });
    }
    return fail("delete-account", result.status === 429 ? 429 : 400, authErrorMessage(result.code, result.status));
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Your account has been deleted." }));
  return redirect("/", { headers });
}

// ---------------------------------------------------------------------------------------------------

export default function BuyerDashboard({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
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
          <OrdersTab orders={loading ? null : loaderData.orders} myRatings={loaderData.myRatings} refreshing={navigatingHere} actionData={actionData?.intent === "cancel" ? actionData : undefined} />
        )}
        {activeTab === "wishlist" && (
          <WishlistTab items={loading ? null : loaderData.wishlist} actionData={actionData?.intent === "unsave" ? actionData : undefined} />
        )}
        {activeTab === "profile" && (
          <ProfileTab account={account} profile={loading ? null : loaderData.profile} actionData={actionData?.intent === "profile" ? actionData : undefined} />
        )}
        {activeTab === "settings" && (
          <SettingsTab
            profile={loading ? null : loaderData.profile}
            actionData={actionData ?? undefined}
            signsInWithPassword={loaderData.signsInWithPassword}
            googleEnabled={loaderData.googleEnabled}
          />
        )}
      </div>
    </div>
  );
}
