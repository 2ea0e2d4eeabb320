import { redirect } from "react-router";
import { DeliveryProblemList, PROBLEMS_PATH } from "~/components/shipping/delivery-problem-list";
import { adviseCourier } from "~/flows/advise-courier.server";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { isRefusal } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { adviceFormSchema } from "~/modules/shipping/tracking/advice-form";
import { listDeliveryProblems } from "~/modules/shipping/tracking/delivery-problems.server";
import { offersOf } from "~/modules/shipping/couriers/courier-api";
import type { Route } from "./+types/problems";

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
  const page = await listDeliveryProblems(context.db, Number(new URL(request.url).searchParams.get("page") ?? 1));
  const apis = context.providers.couriers.api;
  const inPortal = (p: (typeof page.items)[number]) => offersOf(apis, p.courierProvider)?.advise === false;
  return { ...page, items: page.items.map((p) => ({ ...p, adviceInPortal: inPortal(p) })) };
}

/** POST: one parcel's answer (intent=advise, shipmentId, advice=reattempt|return, remarks). Sent: back to the list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), adviceFormSchema);
  if (submission.status !== "success") {
    const said = submission.error?.remarks?.[0] ?? submission.error?.advice?.[0];
    return refuse(submission, { formError: said ?? "That request was not understood. Please reload the page." });
  }
  try {
    const outcome = await adviseCourier(
      context,
      context.secretBoxes["courier-credentials"],
      { id: user.id, name: user.name || user.email },
      submission.value,
    );
    if (!outcome.ok) return refuse(submission, { formError: outcome.message, status: 422 });
    const back = new URL(request.url);
    throw redirect(`${PROBLEMS_PATH}${back.search}`, {
      headers: { "Set-Cookie": await setFlash({ type: "success", message: outcome.says }) },
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** Delivery problems: the failed-delivery queue, linked from Shipping with its count. */
export default function SellerShippingProblems({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return <DeliveryProblemList page={loaderData} refusal={isRefusal(actionData) ? actionData : null} />;
}
