import { data, redirect, type AppLoadContext } from "react-router";
import { approveReturn } from "~/flows/approve-return.server";
import { receiveReturn } from "~/flows/receive-return.server";
import { recordRefund } from "~/flows/record-refund.server";
import { rejectReturn } from "~/flows/reject-return.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import type { OrderActor } from "~/modules/orders/order-actor";
import { RETURN_FORM_NOT_UNDERSTOOD, returnFormsSchema } from "~/modules/returns/return-forms";
import { receivedNote, refundNote } from "~/modules/returns/return-rules";
import { setFlash } from "./flash.server";
import { parseSubmission, refuse } from "./form-reply";

/**
 * The request page's steps, each a real form posting an `intent`: approve, reject (reason), receive
 * (a condition per item) and refund (method, amount, reference), read with their schemas
 * (return-forms.ts). Each calls its flow (one transaction); done, it redirects back with a flash
 * toast; refused, it answers the message beside the field with what was typed (the one form shape).
 * A request that does not exist is a 404.
 */
export async function sellerReturnAction(context: AppLoadContext, actor: OrderActor, returnId: string, form: FormData) {
  const submission = parseSubmission(form, returnFormsSchema);
  if (submission.status !== "success")
    return refuse(submission, { formError: submission.error?.intent ? RETURN_FORM_NOT_UNDERSTOOD : undefined });
  const sent = submission.value;
  const self = `/seller/returns/${returnId}`;
  const done = async (message: string) =>
    redirect(self, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    switch (sent.intent) {
      case "approve": {
        const result = await approveReturn(context, actor, returnId);
        return done(
          result.replacement
            ? `${result.returnNumber} approved: replacement ${result.replacement.orderNumber} created, ${result.replacement.total > 0 ? `${formatPrice(result.replacement.total)} to collect` : "no cash to collect"}`
            : `${result.returnNumber} approved`,
        );
      }
      case "reject": {
        const result = await rejectReturn(context, actor, returnId, sent.reason);
        return done(
          `${result.returnNumber} rejected${result.cancelledReplacement ? `: replacement ${result.cancelledReplacement} cancelled` : ""}`,
        );
      }
      case "receive": {
        const result = await receiveReturn(context, actor, returnId, sent.conditions);
        const credit =
          result.storeCredit > 0
            ? `; ${formatPrice(result.storeCredit)} of store credit given for the lower price`
            : "";
        return done(`${result.returnNumber} received: ${receivedNote(result.resellable, result.damaged)}${credit}`);
      }
      case "refund": {
        const { method, amount, reference } = sent;
        const result = await recordRefund(
          context,
          actor,
          returnId,
          { method, amount, reference },
          { idempotencyKey: sent.idempotencyKey },
        );
        return done(`${result.returnNumber}: ${refundNote(method, amount, reference)}`);
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    return refuse(submission, { formError: error.message, fieldErrors: error.fields, status: error.status });
  }
}
