import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { setFlash } from "~/http/flash.server";
import { pageMeta } from "~/lib/seo";
import { authErrorMessage, NEW_PASSWORD_CODES } from "~/modules/accounts/auth-errors";
import { useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusal, refuse } from "~/http/form-reply";
import { type FormReply, formError, isRefusal } from "~/lib/form-reply";
import { setPasswordSchema } from "~/modules/accounts/set-password-schema";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { newPasswordProblem } from "~/modules/accounts/common-passwords.server";
import { PASSWORD_HINT } from "~/modules/accounts/password-rule";
import { dashboardPathFor } from "~/modules/accounts/session-user.server";
import { readSetPasswordLink, type SetPasswordLink } from "~/modules/accounts/set-password-link.server";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Set Your Password",
    description: "Set the password of your account.",
    path: "/set-password",
    noindex: true,
  });

// The token is in the address: never kept by a cache, never sent on as a Referer.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

const NEW_LINK =
  "Ask whoever runs the shop's server for a new one: npm run create-seller -- --email YOUR-EMAIL --promote sets a new password.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, link: await readSetPasswordLink(context.auth, context.db, token) };
}

/** A refusal, and when the link itself can no longer be used, what the link is now. */
type SetPasswordReply = FormReply & { link?: SetPasswordLink };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const link = await readSetPasswordLink(context.auth, context.db, token);
  const submission = parseSubmission(form, setPasswordSchema);
  if (link.state !== "valid")
    return data<SetPasswordReply>(
      { ...refusal(submission, { formError: "This link cannot be used." }), link },
      { status: 400 },
    );

  // The whole rule (a common password too) is the server's; the browser checked the lengths.
  const typed = form.get("newPassword");
  const problem = typeof typed === "string" && typed ? newPasswordProblem(typed, link.email) : null;
  if (submission.status !== "success" || problem)
    return refuse(submission, {
      formError: CORRECT_FIELDS_MESSAGE,
      fieldErrors: problem ? { newPassword: problem.message } : {},
    });
  const { newPassword } = submission.value;

  // better-auth consumes the token (once), sets the password and ends the account's sessions.
  const reset = await callAuth(context.auth, request, "/reset-password", { token, newPassword });
  if (!reset.ok) {
    const message = authErrorMessage(reset.code, reset.status);
    if (reset.code && NEW_PASSWORD_CODES.has(reset.code))
      return refuse(submission, { formError: message, fieldErrors: { newPassword: message } });
    return data<SetPasswordReply>(
      { ...refusal(submission, { formError: message }), link: { state: "unknown" } },
      { status: reset.status === 429 ? 429 : 400 },
    );
  }
  const signIn = await callAuth(context.auth, request, "/sign-in/email", {
    email: link.email,
    password: newPassword,
    rememberMe: true,
  });
  if (!signIn.ok) {
    throw redirect("/auth?mode=login", {
      headers: { "Set-Cookie": await setFlash({ type: "success", message: "Password set. Please sign in." }) },
    });
  }
  const headers = new Headers();
  for (const cookie of signIn.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Password set. Welcome!" }));
  const role = (signIn.body.user as { role?: string } | undefined)?.role === "seller" ? "seller" : "buyer";
  throw redirect(dashboardPathFor(role), { headers });
}

export default function SetPasswordPage({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const reply: SetPasswordReply | undefined = isRefusal(actionData) ? actionData : undefined;
  const link = reply?.link ?? loaderData.link;
  // The action's schema checks the form in the browser too; the server's refusals show beside the same fields.
  const [form, fields] = useFormShape(setPasswordSchema, reply, { id: "set-password" });
  const message = form.errors?.[0] ?? formError(reply);

  return (
    <div className="container-page flex justify-center py-10">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-stone-900">Set Your Password</h1>
        {link.state === "valid" ? (
          <>
            <p className="mt-1 text-stone-700">
              For <strong className="break-all">{link.email}</strong>. This link works once.
            </p>
            {message && !reply?.link && (
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
              aria-label="Set your password"
            >
              <input type="hidden" name="token" value={loaderData.token} />
              {/* For password managers: the account this password belongs to. */}
              <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
              <TextField
                label="New Password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                error={fields.newPassword.errors?.[0]}
              />
              <p className="-mt-3 text-xs text-stone-600">{PASSWORD_HINT}</p>
              <TextField
                label="Confirm New Password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={fields.confirmPassword.errors?.[0]}
              />
              <button type="submit" className="btn-primary py-3 text-base" disabled={busy}>
                {busy ? "Please wait..." : "Set Password"}
              </button>
            </Form>
          </>
        ) : (
          <div role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-950">
            <p className="font-semibold">
              {link.state === "expired"
                ? "This link has expired: links to set a password last 24 hours."
                : "This link is not valid any more: it has been used already, or it was never issued."}
            </p>
            <p className="mt-2 text-sm">
              {link.state === "expired" ? NEW_LINK : `If you have set your password, sign in. Otherwise: ${NEW_LINK}`}
            </p>
            <Link to="/auth?mode=login" className="mt-3 inline-block font-semibold text-brand-700 underline">
              Sign in
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
