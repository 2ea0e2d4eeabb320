import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { DiscrepancyList } from "~/components/shipping/discrepancy-list";
import { requireSeller } from "~/http/auth-guard.server";
import { resolveDiscrepancyAction } from "~/http/resolve-discrepancy-action.server";
import { isRefusal } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { listDiscrepancies } from "~/modules/shipping/settlements/discrepancies.server";
import { readDiscrepancyStatus } from "~/modules/shipping/settlements/discrepancy-words";
import type { Route } from "./+types/discrepancies";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Discrepancies",
    description: "What the couriers' settlements got wrong.",
    path: "/seller/shipping/discrepancies",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/shipping/discrepancies?status=open|resolved&page=N */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const params = new URL(request.url).searchParams;
  return listDiscrepancies(context.db, {
    status: readDiscrepancyStatus(params.get("status")),
    page: Number(params.get("page") ?? 1),
  });
}

/** POST: a Resolve form (intent=resolve-discrepancy, id, note, returnTo); any other post is refused as not understood. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  return resolveDiscrepancyAction(context.db, user, form, "/seller/shipping/discrepancies");
}

/** Every discrepancy, open or resolved, with paging: the Shipping tab shows the first few open ones and links here. */
export default function SellerShippingDiscrepancies({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  return (
    <div className="grid gap-3">
      <DiscrepancyList
        page={loaderData}
        refusal={isRefusal(actionData) ? actionData : null}
        title="Discrepancies"
        headingLevel={2}
      />
      <p className="text-sm text-stone-700">
        Found when a courier&apos;s settlement file is imported on the Shipping tab, or when a delivered parcel stays
        unpaid past the overdue days in Settings. Send the CSV to the courier as a claim; resolve each one with a note
        once it is settled.
      </p>
    </div>
  );
}
