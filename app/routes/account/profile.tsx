import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data } from "react-router";
import { ProfileTab } from "~/components/account/profile-tab";
import { answerIntent, type AccountDone } from "~/components/account/shared";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { getCustomerProfile, updateCustomerProfile } from "~/modules/accounts/customer-profile.server";
import { FORM_MISSING } from "~/modules/accounts/account-forms";
import { profileFormSchema } from "~/modules/accounts/profile-schema";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import type { Route } from "./+types/profile";

/** The account's Profile tab: who the buyer is, and the phone and address checkout fills in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  return {
    account: { name: user.name, email: user.email, memberSince: user.createdAt },
    profile: await getCustomerProfile(context.db, user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const form = await request.formData();
  const submission = parseSubmission(form, profileFormSchema);
  // Another form's post (no intent, or another tab's): refused whole, shown nowhere.
  if (form.get("intent") !== "profile") return refuse(submission, { formError: FORM_MISSING });
  if (submission.status !== "success") return refuse(submission, { formError: CORRECT_FIELDS_MESSAGE });
  try {
    await updateCustomerProfile(context.db, user.id, submission.value);
    return data<AccountDone>({ intent: "profile", ok: true, message: "Profile updated" });
  } catch (error) {
    if (error instanceof AppError) return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** A save whose request failed (server error, outage, no network): SPEC.md's words above the form, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

export default function BuyerDashboardProfile({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <ProfileTab
      account={loaderData.account}
      profile={loaderData.profile}
      actionData={answerIntent(actionData) === "profile" ? actionData : undefined}
    />
  );
}
