import { type AppLoadContext, data } from "react-router";
import { parseSubmission, refusal, refuse } from "~/http/form-reply";
import { notifyMeResponseInit, notifyMeSchema } from "~/modules/notify-me/notify-me";
import { subscribeToNotify } from "~/flows/subscribe-to-notify.server";

/**
 * Notify Me, wherever its form is (the catalogue, a product, a coming-soon page): the form read with
 * notifyMeSchema (the one the form checks in the browser); a refusal in the one form shape (400 for
 * bad input, 429 with Retry-After when limited), or `{ ok: true, message }`.
 */
export async function notifyMeAction({ db }: AppLoadContext, form: FormData, address: string) {
  const submission = parseSubmission(form, notifyMeSchema);
  if (submission.status !== "success") return refuse(submission);
  const result = await subscribeToNotify(db, submission.value, { address });
  if (result.ok) return result;
  return data(refusal(submission, { fieldErrors: result.errors }), notifyMeResponseInit(result));
}
