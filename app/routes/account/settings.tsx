import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, redirect } from "react-router";
import { SettingsTab } from "~/components/account/settings-tab";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { setFlash } from "~/http/flash.server";
import type { AccountDone } from "~/components/account/shared";
import { authErrorMessage } from "~/modules/accounts/auth-errors";
import { callAuth } from "~/modules/accounts/call-auth.server";
import { hasPassword } from "~/modules/accounts/has-password.server";
import { getCustomerProfile, updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { readWhatsappMarketing } from "~/modules/accounts/whatsapp-marketing.server";
import { changePassword, PASSWORD_CHANGED } from "~/modules/accounts/change-password.server";
import { accountSettingsSchema, FORM_MISSING } from "~/modules/accounts/account-forms";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import type { Route } from "./+types/settings";

/** The account's Settings tab: notifications, Change Password and Delete Account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const [profile, whatsapp, signsInWithPassword] = await Promise.all([
    getCustomerProfile(context.db, user.id),
    readWhatsappMarketing(context.db, user.id),
    // Deleting the account asks for its password, or (Google only) a sign-in within 5 minutes.
    hasPassword(context.db, user.id),
  ]);
  return {
    // The WhatsApp box: ticked while opted in; the reminder goes to the profile's phone (none: the page says so).
    profile: { ...profile, whatsappMarketing: whatsapp.optedInAt !== null, hasPhone: profile.phone !== null },
    signsInWithPassword,
    googleEnabled: Boolean(context.env.GOOGLE_CLIENT_ID && context.env.GOOGLE_CLIENT_SECRET),
  };
}

const INCORRECT_PASSWORD = "Incorrect password. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  // Deleting the account asks for its password, or (Google only) a sign-in within 5 minutes.
  const withPassword = await hasPassword(context.db, user.id);
  const submission = parseSubmission(await request.formData(), accountSettingsSchema({ withPassword }));
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    const formError = submission.error?.intent
      ? FORM_MISSING
      : intent === "delete-account"
        ? "Please confirm to delete your account"
        : CORRECT_FIELDS_MESSAGE;
    return refuse(submission, { formError });
  }
  const sent = submission.value;
  try {
    switch (sent.intent) {
      case "settings": {
        const { orderEmails, smsUpdates, marketingEmails, whatsappMarketing } = sent;
        await updateNotificationSettings(context.db, user.id, {
          orderEmails,
          smsUpdates,
          marketingEmails,
          whatsappMarketing,
        });
        return data<AccountDone>({ intent: "settings", ok: true, message: "Settings saved" });
      }
      case "password": {
        const outcome = await changePassword(context.auth, request, sent);
        if (!outcome.ok)
          return refuse(submission, {
            formError: outcome.message,
            fieldErrors: outcome.fields,
            status: outcome.status,
          });
        // Every other session was signed out and this one re-issued: the browser must get the new cookie
        // before the page loads again, so answer with a redirect that carries it.
        const headers = new Headers();
        for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", await setFlash({ type: "success", message: PASSWORD_CHANGED }));
        return redirect(new URL(request.url).pathname, { headers });
      }
      case "delete-account": {
        const result = await callAuth(
          context.auth,
          request,
          "/delete-user",
          withPassword ? { password: sent.password } : {},
        );
        if (!result.ok) {
          if (result.code === "INVALID_PASSWORD" || result.code === "PASSWORD_REQUIRED") {
            const message = result.code === "INVALID_PASSWORD" ? INCORRECT_PASSWORD : authErrorMessage(result.code);
            return refuse(submission, { formError: message, fieldErrors: { password: message } });
          }
          return refuse(submission, {
            formError: authErrorMessage(result.code, result.status),
            status: result.status === 429 ? 429 : 400,
          });
        }
        const headers = new Headers();
        for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", await setFlash({ type: "success", message: "Your account has been deleted." }));
        return redirect("/", { headers });
      }
    }
  } catch (error) {
    if (error instanceof AppError) return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** Any form of the tab whose request failed (server error, outage, no network): SPEC.md's words beside it, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

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
