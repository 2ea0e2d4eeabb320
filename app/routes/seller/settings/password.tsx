import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { redirect, useNavigation } from "react-router";
import { ChangePasswordForm } from "~/components/account/change-password-form";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { isRefusal } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { SELLER_PASSWORD_PATH } from "~/modules/accounts/account-paths";
import { changePassword, PASSWORD_CHANGED } from "~/modules/accounts/change-password.server";
import { changePasswordSchema } from "~/modules/accounts/profile-schema";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import type { Route } from "./+types/password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Password",
    description: "Change the password you sign in to the dashboard with.",
    path: SELLER_PASSWORD_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  return { email: user.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), changePasswordSchema);
  if (submission.status !== "success") return refuse(submission, { formError: CORRECT_FIELDS_MESSAGE });
  const outcome = await changePassword(context.auth, request, submission.value);
  if (!outcome.ok)
    return refuse(submission, { formError: outcome.message, fieldErrors: outcome.fields, status: outcome.status });
  // The session was re-issued (every other one signed out): the redirect carries the new cookie.
  const headers = new Headers();
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash({ type: "success", message: PASSWORD_CHANGED }));
  throw redirect(SELLER_PASSWORD_PATH, { headers });
}

export default function SellerPassword({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === SELLER_PASSWORD_PATH;
  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm text-stone-700">
        You sign in as <strong className="break-all">{loaderData.email}</strong>.
      </p>
      <ChangePasswordForm reply={isRefusal(actionData) ? actionData : undefined} busy={busy} />
    </div>
  );
}
