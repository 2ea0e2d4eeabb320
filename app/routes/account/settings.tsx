import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, redirect } from "react-router";
import { z } from "~/lib/zod";
import type { AccountActionResult, AccountIntent } from "~/components/account/shared";
import { SettingsTab } from "~/components/account/settings-tab";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure, keepOnFailureWith } from "~/http/keep-on-failure";
import { setFlash } from "~/http/flash.server";
import { authErrorMessage } from "~/modules/accounts/auth-errors";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { hasPassword } from "~/modules/accounts/has-password.server";
import { getCustomerProfile, updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { changePasswordFromForm, PASSWORD_CHANGED } from "~/modules/accounts/change-password.server";
import { parseDeleteAccountForm, parseNotificationSettings } from "~/modules/accounts/profile-schema";
import type { Route } from "./+types/settings";

/** The account's Settings tab: notifications, Change Password and Delete Account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const [profile, signsInWithPassword] = await Promise.all([
    getCustomerProfile(context.db, user.id),
    // Deleting the account asks for its password, or (Google only) a sign-in within 5 minutes.
    hasPassword(context.db, user.id),
  ]);
  return {
    profile,
    signsInWithPassword,
    googleEnabled: Boolean(context.env.GOOGLE_CLIENT_ID && context.env.GOOGLE_CLIENT_SECRET),
  };
}

const intentSchema = z.object({ intent: z.enum(["settings", "password", "delete-account"]) });
type Intent = z.output<typeof intentSchema>["intent"];

function fail(intent: Intent | null, status: number, message: string, extra: Pick<AccountActionResult, "fields"> = {}) {
  return data<AccountActionResult>({ intent, ok: false, message, ...extra }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const form = Object.fromEntries(await request.formData());
  const parsed = intentSchema.safeParse(form);
  if (!parsed.success) return fail(null, 400, "Something was missing from the form. Please try again.");
  const { intent } = parsed.data;
  try {
    switch (intent) {
      case "settings":
        await updateNotificationSettings(context.db, user.id, parseNotificationSettings(form));
        return data<AccountActionResult>({ intent: "settings", ok: true, message: "Settings saved" });
      case "password":
        return changePassword(request, context, form);
      case "delete-account":
        return deleteAccount(request, context, user.id, form);
    }
  } catch (error) {
    if (error instanceof AppError) return fail(intent, error.status, error.message);
    throw error;
  }
}

/** Any form of the tab whose request failed (server error, outage, no network): SPEC.md's words beside it, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, keepOnFailureWith<AccountIntent>(GENERIC_FAILURE));

async function changePassword(
  request: Request,
  context: Route.ActionArgs["context"],
  form: Record<string, FormDataEntryValue>,
) {
  const outcome = await changePasswordFromForm(context.auth, request, form);
  if (!outcome.ok) return fail("password", outcome.status, outcome.message, { fields: outcome.fields });
  // Every other session was signed out and this one re-issued: the browser must get the new cookie
  // before the page loads again, so answer with a redirect that carries it.
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: PASSWORD_CHANGED }));
  return redirect(new URL(request.url).pathname, { headers });
}

async function deleteAccount(
  request: Request,
  context: Route.ActionArgs["context"],
  userId: string,
  form: Record<string, FormDataEntryValue>,
) {
  const withPassword = await hasPassword(context.db, userId);
  const parsed = parseDeleteAccountForm(form, { withPassword });
  if (!parsed.ok)
    return fail("delete-account", 400, "Please confirm to delete your account", { fields: parsed.fields });
  const result = await callAuth(
    context.auth,
    request,
    "/delete-user",
    withPassword ? { password: parsed.data.password } : {},
  );
  if (!result.ok) {
    if (result.code === "INVALID_PASSWORD" || result.code === "PASSWORD_REQUIRED") {
      const message =
        result.code === "INVALID_PASSWORD" ? "Incorrect password. Please try again." : authErrorMessage(result.code);
      return fail("delete-account", 400, message, { fields: { password: message } });
    }
    return fail("delete-account", result.status === 429 ? 429 : 400, authErrorMessage(result.code, result.status));
  }
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: "Your account has been deleted." }));
  return redirect("/", { headers });
}

export default function BuyerDashboardSettings({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <SettingsTab
      profile={loaderData.profile}
      actionData={actionData ?? undefined}
      signsInWithPassword={loaderData.signsInWithPassword}
      googleEnabled={loaderData.googleEnabled}
    />
  );
}
