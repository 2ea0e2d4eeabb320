import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { getUser, safeRedirectPath } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { useFormShape } from "~/components/ui/use-form-shape";
import { type FormReply, isRefusal, keptValue } from "~/lib/form-reply";
import { setFlash, type Flash } from "~/http/flash.server";
import { pageMeta } from "~/lib/seo";
import { authErrorField, authErrorMessage } from "~/modules/accounts/auth-errors";
import { authFormSchema, type AuthMode } from "~/modules/accounts/auth-schema";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { PASSWORD_HINT } from "~/modules/accounts/password-rule";
import { dashboardPathFor, isSellerPath } from "~/modules/accounts/session-user.server";
import { whatsappMarketingField } from "~/modules/accounts/profile-schema";
import { optInWhatsappMarketing } from "~/modules/accounts/whatsapp-marketing.server";
import { Checkbox, WHATSAPP_MARKETING_HINT, WHATSAPP_MARKETING_LABEL } from "~/components/account/settings-tab";
import { addToCartWithinLimits } from "~/flows/add-to-cart.server";
import { clampLineQuantity } from "~/modules/cart/order-limits";
import { getProduct } from "~/modules/catalog/get-product.server";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const signup = new URLSearchParams(location.search).get("mode") === "signup";
  return pageMeta({
    matches,
    title: signup ? "Create Account" : "Sign In",
    description: "Sign in or create an account to order with cash on delivery and follow your orders.",
    path: "/auth",
    noindex: true,
  });
};

/** A product carried from the guest dialog (or the Add to Cart form without JavaScript). */
const CARRY_KEYS = ["product", "color", "size", "quantity"] as const;

function modeOf(value: unknown): AuthMode {
  return value === "signup" ? "signup" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A refused return path (another site, control characters...) is dropped: the default page instead.
  const requested = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  const redirectTo = requested || "/";
  const user = await getUser(request, context);
  if (user) throw redirect(requested || dashboardPathFor(user.role));
  const carry = Object.fromEntries(CARRY_KEYS.map((k) => [k, url.searchParams.get(k) ?? ""])) as Record<
    (typeof CARRY_KEYS)[number],
    string
  >;
  const product = carry.product ? await getProduct(context.db, carry.product) : null;
  return {
    mode: modeOf(url.searchParams.get("mode")),
    redirectTo,
    carry,
    carriedName: product?.name ?? null,
    dashboardNotice: isSellerPath(redirectTo),
    googleEnabled: Boolean(context.env.GOOGLE_CLIENT_ID && context.env.GOOGLE_CLIENT_SECRET),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const mode = modeOf(form.get("mode"));
  const redirectTo = safeRedirectPath(form.get("redirectTo"));

  if (form.get("intent") === "google") {
    const result = await callAuth(context.auth, request, "/sign-in/social", {
      provider: "google",
      callbackURL: redirectTo,
    });
    const url = result.ok && typeof result.body.url === "string" ? result.body.url : null;
    if (!url) return data(refusalOf({}, "Google login failed. Please try again."), { status: 400 });
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
    throw redirect(url, { headers });
  }

  const submission = parseSubmission(form, authFormSchema(mode));
  if (submission.status !== "success") return refuse(submission);
  const { name, email, password } = submission.value;
  const result =
    mode === "signup"
      ? await callAuth(context.auth, request, "/sign-up/email", { name, email, password })
      : await callAuth(context.auth, request, "/sign-in/email", { email, password, rememberMe: true });
  if (!result.ok) {
    const message = authErrorMessage(result.code, result.status);
    const field = authErrorField(result.code);
    return refuse(submission, {
      formError: message,
      fieldErrors: field ? { [field]: message } : {},
      status: result.status === 429 ? 429 : 400,
    });
  }

  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  let flash: Flash = {
    type: "success",
    message: mode === "signup" ? "Account created successfully!" : "Welcome back!",
  };
  const user = result.body.user as { id: string } | undefined;
  // The WhatsApp offers box (off unless ticked): the date the new buyer opted in is kept.
  if (mode === "signup" && user && whatsappMarketingField.parse(form.get("whatsappMarketing") ?? undefined))
    await optInWhatsappMarketing(context.db, user.id);
  const carried = (key: (typeof CARRY_KEYS)[number]) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const productId = carried("product");
  if (user && productId) {
    try {
      const added = await addToCartWithinLimits({ db: context.db }, user.id, {
        productId,
        color: carried("color") || undefined,
        size: carried("size") || undefined,
        quantity: clampLineQuantity(form.get("quantity") ?? undefined),
      });
      flash = { type: "success", message: `${added.name} added to cart!` };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      flash = { type: "error", message: error.message };
    }
  }
  headers.append("Set-Cookie", await setFlash(flash));
  throw redirect(redirectTo, { headers });
}

/** Sign in or sign up whose request failed (server error, outage, no network): SPEC.md's words, name and e-mail kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

export default function AuthPage({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { mode, redirectTo, carry, carriedName, googleEnabled, dashboardNotice } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const signup = mode === "signup";
  const keep = new URLSearchParams({ redirectTo, ...Object.fromEntries(Object.entries(carry).filter(([, v]) => v)) });
  const switchTo = (next: AuthMode) => `/auth?${new URLSearchParams({ mode: next, ...Object.fromEntries(keep) })}`;

  return (
    <div className="container-page flex justify-center py-10">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">{signup ? "Create Account" : "Welcome Back"}</h1>
        <p className="mt-1 text-stone-700">
          {signup ? "Register to order with cash on delivery and follow your orders." : "Sign in to your account."}
        </p>
        {dashboardNotice && (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
            Please log in to access the Dashboard
          </p>
        )}
        {carriedName && (
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            After you {signup ? "register" : "sign in"}, <strong>{carriedName}</strong> goes into your cart.
          </p>
        )}
        <nav
          aria-label="Sign in or register"
          className="mt-5 grid grid-cols-2 rounded-lg bg-stone-100 p-1 text-center text-sm font-semibold"
        >
          <Link
            to={switchTo("login")}
            replace
            aria-current={!signup ? "page" : undefined}
            className={`rounded-md py-2 ${!signup ? "bg-white text-stone-900 shadow-sm" : "text-stone-600"}`}
          >
            Sign In
          </Link>
          <Link
            to={switchTo("signup")}
            replace
            aria-current={signup ? "page" : undefined}
            className={`rounded-md py-2 ${signup ? "bg-white text-stone-900 shadow-sm" : "text-stone-600"}`}
          >
            Sign Up
          </Link>
        </nav>

        <AuthForm
          key={mode}
          mode={mode}
          redirectTo={redirectTo}
          carry={carry}
          reply={isRefusal(actionData) ? actionData : undefined}
          busy={busy}
        />
        {googleEnabled && (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="btn-secondary w-full py-3">
              Continue with Google
            </button>
          </Form>
        )}
        <p className="mt-5 text-center text-sm text-stone-700">
          {signup ? "Already have an account? " : "New here? "}
          <Link to={switchTo(signup ? "login" : "signup")} replace className="font-semibold text-brand-700 underline">
            {signup ? "Sign in" : "Create an account"}
          </Link>
        </p>
      </div>
    </div>
  );
}

/**
 * Sign in or register: the action's schema checks it in the browser before it is sent (when
 * JavaScript runs), and the server's refusal shows beside the same fields.
 */
function AuthForm({
  mode,
  redirectTo,
  carry,
  reply,
  busy,
}: {
  mode: AuthMode;
  redirectTo: string;
  carry: Record<(typeof CARRY_KEYS)[number], string>;
  reply: FormReply | undefined;
  busy: boolean;
}) {
  const signup = mode === "signup";
  const [form, fields] = useFormShape(authFormSchema(mode), reply, { id: `auth-${mode}` });
  // The form's message: the browser's check (the schema's first problem) or the server's refusal.
  const message = form.errors?.[0];
  const besideFields = [fields.name, fields.email, fields.password, fields.confirmPassword].map((f) => f.errors?.[0]);
  return (
    <>
      {/* A message that belongs to one field shows beside it, once, not here as well. */}
      {message && !besideFields.includes(message) && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {message}
        </p>
      )}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid gap-4"
        aria-label={signup ? "Create account" : "Sign in"}
      >
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {CARRY_KEYS.map((k) => carry[k] && <input key={k} type="hidden" name={k} value={carry[k]} />)}
        {signup && (
          <TextField
            label="Full Name"
            name="name"
            autoComplete="name"
            error={fields.name.errors?.[0]}
            defaultValue={keptValue(reply, "name")}
          />
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={fields.email.errors?.[0]}
          defaultValue={keptValue(reply, "email")}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={signup ? "new-password" : "current-password"}
          error={fields.password.errors?.[0]}
        />
        {signup && (
          <>
            <TextField
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={fields.confirmPassword.errors?.[0]}
            />
            <p className="-mt-2 text-xs text-stone-600">{PASSWORD_HINT}</p>
            <Checkbox
              name="whatsappMarketing"
              label={WHATSAPP_MARKETING_LABEL}
              hint={`${WHATSAPP_MARKETING_HINT} Add your mobile number in your profile to get them.`}
              defaultChecked={keptValue(reply, "whatsappMarketing") === "on"}
            />
          </>
        )}
        <button type="submit" className="btn-primary py-3 text-base" disabled={busy}>
          {busy ? "Please wait..." : signup ? "Create Account" : "Sign In"}
        </button>
      </Form>
    </>
  );
}
