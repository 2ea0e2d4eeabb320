import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data } from "react-router";
import { answerIntent, type AccountDone } from "~/components/account/shared";
import { WishlistTab } from "~/components/account/wishlist-tab";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { FORM_MISSING, unsaveFormSchema } from "~/modules/accounts/account-forms";
import { listWishlist, setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist";

/** The account's Wishlist tab: what the buyer saved, with Remove. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  return { wishlist: await listWishlist(context.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const submission = parseSubmission(await request.formData(), unsaveFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: FORM_MISSING });
  const { productId } = submission.value;
  try {
    const result = await setWishlisted(context.db, user.id, productId, false);
    return data<AccountDone>({
      intent: "unsave",
      ok: true,
      message: `${result.name} removed from your wishlist`,
      target: productId,
    });
  } catch (error) {
    if (error instanceof AppError) return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** A Remove whose request failed (server error, outage, no network): SPEC.md's words beside it. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

export default function BuyerDashboardWishlist({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <WishlistTab
      items={loaderData.wishlist}
      actionData={answerIntent(actionData) === "unsave" ? actionData : undefined}
    />
  );
}
