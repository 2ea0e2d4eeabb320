import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data } from "react-router";
import { z } from "~/lib/zod";
import type { AccountActionResult, AccountIntent } from "~/components/account/shared";
import { WishlistTab } from "~/components/account/wishlist-tab";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure, keepOnFailureWith } from "~/http/keep-on-failure";
import { listWishlist, setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist";

/** The account's Wishlist tab: what the buyer saved, with Remove. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  return { wishlist: await listWishlist(context.db, user.id) };
}

const unsaveForm = z.object({ intent: z.literal("unsave"), productId: z.string().min(1).max(200) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const parsed = unsaveForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data<AccountActionResult>(
      { intent: null, ok: false, message: "Something was missing from the form. Please try again." },
      { status: 400 },
    );
  const { productId } = parsed.data;
  try {
    const result = await setWishlisted(context.db, user.id, productId, false);
    return data<AccountActionResult>({
      intent: "unsave",
      ok: true,
      message: `${result.name} removed from your wishlist`,
      target: productId,
    });
  } catch (error) {
    if (error instanceof AppError)
      return data<AccountActionResult>(
        { intent: "unsave", ok: false, message: error.message, target: productId },
        { status: error.status },
      );
    throw error;
  }
}

/** A Remove whose request failed (server error, outage, no network): SPEC.md's words beside it. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, keepOnFailureWith<AccountIntent>(GENERIC_FAILURE));

export default function BuyerDashboardWishlist({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <WishlistTab items={loaderData.wishlist} actionData={actionData?.intent === "unsave" ? actionData : undefined} />
  );
}
