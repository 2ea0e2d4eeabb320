import { data, redirect } from "react-router";
import { DeliveryProblemList, PROBLEMS_PATH, type AdviceRefusal } from "~/components/shipping/delivery-problem-list";
import { adviseCourier } from "~/flows/advise-courier.server";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/lib/use-kept-action-data";
import { ADVISE_INTENT, adviceFormSchema } from "~/modules/shipping/tracking/advice-form";
import { listDeliveryProblems } from "~/modules/shipping/tracking/delivery-problems.server";
import type { Route } from "./+types/seller-shipping-problems";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Delivery problems",
    description: "Failed deliveries waiting for the owner's answer.",
    path: PROBLEMS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/shipping/problems?page=N */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return listDeliveryProblems(context.db, Number(new URL(request.url).searchParams.get("page") ?? 1));
}

/** POST: one parcel's answer (intent=advise, shipmentId, advice=reattempt|return, remarks). Sent: back to the list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = Object.fromEntries(await request.formData());
  const remarks = typeof form.remarks === "string" ? form.remarks.slice(0, 1000) : "";
  const shipmentId = Number(form.shipmentId) || 0;
  const refuse = (message: string, status: number, fields: AdviceRefusal["fields"] = {}) =>
    data<AdviceRefusal>(
      { intent: ADVISE_INTENT, ok: false, shipmentId, message, fields, values: { remarks } },
      { status },
    );
  const parsed = adviceFormSchema.safeParse(form);
  if (!parsed.success) {
    const fields: AdviceRefusal["fields"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "remarks" || key === "advice") && !fields[key]) fields[key] = issue.message;
    }
    return refuse(
      fields.remarks ?? fields.advice ?? "That request was not understood. Please reload the page.",
      400,
      fields,
    );
  }
  try {
    const outcome = await adviseCourier(
      context,
      context.secretBoxes["courier-credentials"],
      { id: user.id, name: user.name || user.email },
      parsed.data,
    );
    if (!outcome.ok) return refuse(outcome.message, 422);
    const back = new URL(request.url);
    throw redirect(`${PROBLEMS_PATH}${back.search}`, {
      headers: { "Set-Cookie": await setFlash({ type: "success", message: outcome.says }) },
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return refuse(error.message, error.status);
    throw error;
  }
}

/** Delivery problems: the failed-delivery queue, linked from Shipping with its count. */
export default function SellerShippingProblems({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return <DeliveryProblemList page={loaderData} refusal={actionData ?? null} />;
}
