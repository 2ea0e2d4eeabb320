import { useKeptActionData } from "~/lib/use-kept-action-data";
import { data } from "react-router";
import { ProfileTab } from "~/components/account/profile-tab";
import type { AccountActionResult, AccountIntent } from "~/components/account/shared";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure, keepOnFailureWith } from "~/http/keep-on-failure";
import { getCustomerProfile, updateCustomerProfile } from "~/modules/accounts/customer-profile.server";
import { parseProfileForm } from "~/modules/accounts/profile-schema";
import type { Route } from "./+types/buyer-dashboard-profile";

/** The account's Profile tab: who the buyer is, and the phone and address checkout fills in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  return {
    account: { name: user.name, email: user.email, memberSince: user.createdAt },
    profile: await getCustomerProfile(context.db, user.id),
  };
}

const PROFILE_VALUE_KEYS = ["name", "phone", "address", "city", "cityOther", "postalCode"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const form = Object.fromEntries(await request.formData());
  if (form.intent !== "profile")
    return data<AccountActionResult>(
      { intent: null, ok: false, message: "Something was missing from the form. Please try again." },
      { status: 400 },
    );
  try {
    const values = Object.fromEntries(
      PROFILE_VALUE_KEYS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string) : ""]),
    );
    const profile = parseProfileForm(form);
    if (!profile.ok)
      return data<AccountActionResult>(
        {
          intent: "profile",
          ok: false,
          message: "Please correct the highlighted fields",
          fields: profile.fields,
          values,
        },
        { status: 400 },
      );
    await updateCustomerProfile(context.db, user.id, profile.data);
    return data<AccountActionResult>({ intent: "profile", ok: true, message: "Profile updated" });
  } catch (error) {
    if (error instanceof AppError)
      return data<AccountActionResult>(
        { intent: "profile", ok: false, message: error.message },
        { status: error.status },
      );
    throw error;
  }
}

/** A save whose request failed (server error, outage, no network): SPEC.md's words beside the form, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, keepOnFailureWith<AccountIntent>(GENERIC_FAILURE));

export default function BuyerDashboardProfile({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <ProfileTab
      account={loaderData.account}
      profile={loaderData.profile}
      actionData={actionData?.intent === "profile" ? actionData : undefined}
    />
  );
}
