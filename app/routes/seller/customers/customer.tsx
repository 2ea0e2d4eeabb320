import { data, isRouteErrorResponse, Link, useLocation, useNavigation, useRouteError } from "react-router";
import {
  CustomerCodes,
  CustomerEmails,
  CustomerHeader,
  CustomerNotes,
  CustomerOrders,
  CustomerReturns,
  CustomerTags,
} from "~/components/seller/customers/customer-detail";
import { CUSTOMERS_PATH } from "~/components/seller/customers/customer-list";
import { FormAlert } from "~/components/ui/form-parts";
import { customerAction } from "~/http/customer-action.server";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { formKey } from "~/lib/form-key";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { getCustomer } from "~/modules/customers/get-customer.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta({
    matches,
    title: page?.detail ? page.detail.customer.name : "Customer",
    description: "A customer's orders, returns, tags and notes.",
    path: CUSTOMERS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/customers/:id: the customer's figures, orders, returns, codes, e-mails, tags and notes. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSeller(request, context);
  try {
    return { detail: await getCustomer(context.db, params.id) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** POST: add-tag, remove-tag, add-note, note-orders, delete-note (an `intent`); the author is the signed-in owner. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  return customerAction(context.db, user, params.id, await request.formData(), `${CUSTOMERS_PATH}/${params.id}`);
}

export default function SellerCustomer({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const actionData = isRefusal(kept) ? kept : null;
  const { detail } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  // While any answer shows, both forms keep their keys (formKey): a refused tag must not wipe a note being typed.
  const answer = actionData ?? null;
  const sentIntent = keptValue(answer, "intent");
  const listError = answer && sentIntent !== "add-tag" && sentIntent !== "add-note" ? formError(answer) : null;
  return (
    <div className="grid gap-4">
      <p>
        <Link to={CUSTOMERS_PATH} className="text-sm font-medium text-brand-700 underline">
          ← Customers
        </Link>
      </p>
      <CustomerHeader detail={detail} />
      {listError && <FormAlert>{listError}</FormAlert>}
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="grid content-start gap-4">
          <CustomerTags
            tags={detail.tags}
            answer={answer}
            busy={busy}
            formKey={formKey(location.key, answer, "tag", sentIntent === "add-tag" ? answer?.initialValue : null)}
          />
          <CustomerNotes
            notes={detail.notes}
            answer={answer}
            busy={busy}
            formKey={formKey(location.key, answer, "note", sentIntent === "add-note" ? answer?.initialValue : null)}
          />
          <CustomerCodes detail={detail} />
        </div>
        <div className="grid content-start gap-4">
          <CustomerOrders detail={detail} />
          <CustomerReturns detail={detail} />
          <CustomerEmails detail={detail} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? String(error.data)
      : "This customer could not be opened. Please try again.";
  return (
    <div className="grid gap-4">
      <FormAlert>{message}</FormAlert>
      <p>
        <Link to={CUSTOMERS_PATH} className="font-medium text-brand-700 underline">
          Back to Customers
        </Link>
      </p>
    </div>
  );
}
