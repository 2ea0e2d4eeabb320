import { randomUUID } from "node:crypto";
import { data, Link, redirect } from "react-router";
import { ReturnRequestForm, type ReturnFormState } from "~/components/returns/return-request-form";
import {
  CHECK_FIELDS,
  formErrors,
  returnFormSchema,
  RETURN_FORM_FIELDS as F,
  TOO_MANY_PHOTOS,
} from "~/components/returns/return-form-fields";
import { parseSubmission, refusal, refusalFrom } from "~/http/form-reply";
import { requireUser } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { receivePhotos } from "~/http/receive-photos.server";
import { deleteUnusedImages, imageKeys } from "~/modules/media/delete-unused-images.server";
import { AppError } from "~/lib/errors";
import type { FormReply } from "~/lib/form-reply";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { pageMeta } from "~/lib/seo";
import { MAX_RETURN_PHOTOS } from "~/modules/returns/return-rules";
import { returnableItems } from "~/modules/returns/returnable-items.server";
import { requestReturn } from "~/flows/request-return.server";
import type { Route } from "./+types/order-return";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.order ? `Return or exchange: ${data.order.orderNumber}` : "Order not found",
    description: "Return or exchange items of your order.",
    path: "/orders",
    noindex: true,
  });

/** The buyer's own delivered order and what of it may still be sent back; someone else's order reads as unknown (404). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const returnable = await findReturnable(context, user.id, params.id);
  if (!returnable) return data({ order: null }, { status: 404 });
  return { order: returnable };
}

/**
 * Send request: the order is checked first (someone else's is a 404 and no photo of theirs is
 * stored), then the photos are stored as they stream in (the product photos' rules), then the
 * returns flow judges the request in one transaction. Refused, the form comes back as typed with
 * each message beside its field; the photos must be chosen again (a browser cannot be given files).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const returnable = await findReturnable(context, user.id, params.id);
  if (!returnable) throw data("Order not found", { status: 404 });
  // A refusal in the one form shape, with a new key for the form (what was typed goes back in) and
  // whether photos were sent (the browser cannot keep them: the buyer is asked to choose them again).
  const answer = (reply: FormReply, status: number, photosSent: boolean) =>
    data<ReturnFormState>({ ...reply, formId: randomUUID(), photosSent }, { status });
  if (returnable.refusal) return answer(refusalFrom(null, { formError: returnable.refusal }), 409, false);

  let received;
  try {
    received = await receivePhotos(context.db, request, F.photos);
  } catch (error) {
    // More files than the upload takes at all, or a form that could not be read: nothing was kept.
    if (error instanceof AppError && error.code === "VALIDATION") {
      const refused = error.fields
        ? refusalFrom(null, { fieldErrors: { [F.photos]: TOO_MANY_PHOTOS } })
        : refusalFrom(null, { formError: error.message });
      return answer(refused, 400, true);
    }
    throw error;
  }
  const submission = parseSubmission(received.form, returnFormSchema);
  const photosSent = received.photos.length + received.rejected.length > 0;
  let photoError: string | undefined;
  if (received.photos.length + received.rejected.length > MAX_RETURN_PHOTOS) photoError = TOO_MANY_PHOTOS;
  else if (received.rejected.length > 0) photoError = received.rejected.join(". ");
  // A refused photo is said together with whatever else the form has wrong.
  // Photos of a request that is not made are not kept: the files stored above go again.
  const dropPhotos = () => deleteUnusedImages(context.db, imageKeys(received.photos));
  if (photoError || submission.status !== "success") {
    await dropPhotos();
    const fieldErrors = photoError ? { [F.photos]: photoError } : {};
    return answer(refusal(submission, { formError: CHECK_FIELDS, fieldErrors }), 400, photosSent);
  }

  const sent = submission.value;
  try {
    const { returnNumber } = await requestReturn(context, {
      userId: user.id,
      orderId: returnable.orderId,
      ...sent,
      photos: received.photos,
    });
    const flash = await setFlash({ type: "success", message: `Return request ${returnNumber} sent` });
    return redirect(`/orders/${returnable.orderId}`, { headers: { "Set-Cookie": flash } });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await dropPhotos();
    if (error.code === "NOT_FOUND") throw data("Order not found", { status: 404 });
    const errors = formErrors(error.fields ?? {}, sent.items);
    // A refusal of the whole request (the window closed meanwhile, quantities asked for) goes above
    // the form, said once; field messages go beside their fields.
    if (error.code !== "VALIDATION" && errors[F.items] === error.message) delete errors[F.items];
    const formError = error.code === "VALIDATION" && Object.keys(errors).length > 0 ? CHECK_FIELDS : error.message;
    return answer(refusal(submission, { formError, fieldErrors: errors }), error.status, photosSent);
  }
}

export default function OrderReturnPage({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { order } = loaderData;
  if (!order) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold text-stone-900">Order not found</h1>
        <p className="mt-3 text-stone-700">We could not find this order in your account.</p>
        <Link to="/buyer-dashboard" className="btn-primary mt-6">
          My Orders
        </Link>
      </section>
    );
  }
  return (
    <div className="container-page max-w-3xl py-8">
      <p className="text-sm">
        <Link to={`/orders/${order.orderId}`} className="font-medium text-brand-700 underline">
          Back to order {order.orderNumber}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-stone-900 sm:text-3xl">Return or exchange</h1>
      <p className="mt-1 text-stone-700">Order {order.orderNumber}</p>
      {order.refusal ? (
        <p
          role="alert"
          className="mt-6 rounded-lg bg-amber-50 px-4 py-3 font-medium text-amber-900"
          data-testid="return-refusal"
        >
          {order.refusal}
        </p>
      ) : (
        <ReturnRequestForm
          orderId={order.orderId}
          lines={order.items.filter((i) => i.returnable > 0)}
          closesAt={order.closesAt}
          state={actionData ?? null}
        />
      )}
    </div>
  );
}

/** The order as the form needs it, or null when it is not this buyer's (or not an order at all). */
async function findReturnable(context: Route.LoaderArgs["context"], userId: string, orderId: string) {
  try {
    return await returnableItems(context.db, { userId, orderId, now: new Date() });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}
