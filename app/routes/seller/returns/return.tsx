import { randomUUID } from "node:crypto";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ReturnActions } from "~/components/seller/returns/return-actions";
import {
  BuyerHistory,
  RefundsRecorded,
  ReturnHeader,
  ReturnItems,
  ReturnMoney,
  ReturnReason,
  ReturnTimeline,
} from "~/components/seller/returns/return-detail";
import { requireSeller } from "~/http/auth-guard.server";
import { keepOnFailure } from "~/http/keep-on-failure";
import { refusalOf } from "~/http/form-reply";
import { sellerReturnAction } from "~/http/seller-return-action.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { isRefusal } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { getReturnForOwner } from "~/modules/returns/get-return-for-owner.server";
import type { Route } from "./+types/return";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta({
    matches,
    title: page?.request ? `Return ${page.request.returnNumber}` : "Return request",
    description: "A return or exchange request.",
    path: "/seller/returns",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/returns/:id: the request, its money and history, and what the owner may do now. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSeller(request, context);
  try {
    // One key per showing of the refund form: a double submit records one refund (a refused step reloads, with a new key).
    return { request: await getReturnForOwner(context.db, params.id), refundKey: randomUUID() };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** POST: approve, reject, receive or refund (an `intent`), each one transaction through its flow. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  return sellerReturnAction(
    context,
    { id: user.id, name: user.name || user.email },
    params.id,
    await request.formData(),
  );
}

/** A step whose request failed (server error, outage, no network): the page stays, with what was typed. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

/** After a refused step reload anyway: the request may have moved on elsewhere. Not after a failed request (5xx). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus && actionStatus >= 400 && actionStatus < 500) return true;
  return defaultShouldRevalidate;
}

/** One return or exchange request as the owner decides on it. */
export default function SellerReturn({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const actionData = isRefusal(kept) ? kept : undefined;
  const { request } = loaderData;
  return (
    <div className="grid gap-4">
      <ReturnHeader request={request} />
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="grid content-start gap-4">
          <ReturnReason request={request} />
          <ReturnItems request={request} />
          <ReturnMoney request={request} />
        </div>
        <div className="grid content-start gap-4">
          <ReturnActions request={request} actionData={actionData} refundKey={loaderData.refundKey} />
          <BuyerHistory request={request} />
          <RefundsRecorded request={request} />
          <ReturnTimeline request={request} />
        </div>
      </div>
    </div>
  );
}
