import { redirect, type AppLoadContext } from "react-router";
import { AppError } from "~/lib/errors";
import {
  createDiscountCode,
  setDiscountCodePaused,
  updateDiscountCode,
} from "~/modules/promotions/manage-discount-codes.server";
import {
  createScheduledSale,
  endOrRemoveScheduledSale,
  updateScheduledSale,
} from "~/modules/promotions/manage-scheduled-sales.server";
import { discountFormsSchema } from "~/modules/promotions/promotion-forms";
import { parseSubmission, refusal, type FormReply } from "./form-reply";
import { setFlash } from "./flash.server";

export const NOTHING_SAVED = "Nothing was saved: please correct the fields marked below.";
const NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";
const NO_CODE = "That discount code no longer exists";
const NO_SALE = "That sale no longer exists";

/**
 * Runs one of the Discounts forms. A change redirects (to `back`, or the code's own page) with a
 * toast; a refusal comes back with the messages by field and every value as typed, nothing saved.
 */
export async function discountAction(
  db: AppLoadContext["db"],
  form: FormData,
  back: string,
): Promise<Response | FormReply> {
  const submission = parseSubmission(form, discountFormsSchema);
  const done = async (message: string, to = back) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  const known = (error: unknown) =>
    error instanceof AppError && (error.code === "VALIDATION" || error.code === "NOT_FOUND");
  // A refusal keeps the answer's old status (200): the page shows it in place.
  if (submission.status !== "success")
    return refusal(submission, {
      formError: submission.error?.intent ? NOT_UNDERSTOOD : NOTHING_SAVED,
    });
  const sent = submission.value;

  try {
    switch (sent.intent) {
      case "add-code":
      case "edit-code": {
        if (sent.intent === "edit-code" && sent.codeId === null) return refusal(submission, { formError: NO_CODE });
        try {
          if (sent.intent === "add-code") await createDiscountCode(db, sent.input);
          else await updateDiscountCode(db, sent.codeId!, sent.input);
        } catch (error) {
          if (!known(error)) throw error;
          const e = error as AppError;
          return refusal(submission, {
            formError: e.fields ? NOTHING_SAVED : e.message,
            fieldErrors: e.fields as Record<string, string> | undefined,
          });
        }
        return done(`${sent.input.code} saved`);
      }
      case "pause-code": {
        if (sent.codeId === null) return refusal(submission, { formError: NO_CODE });
        const paused = sent.paused === "true";
        const { code } = await setDiscountCodePaused(db, sent.codeId, paused);
        return done(paused ? `${code} paused: checkout refuses it until you resume it` : `${code} resumed`);
      }
      case "add-sale":
      case "edit-sale": {
        if (sent.intent === "edit-sale" && sent.saleId === null) return refusal(submission, { formError: NO_SALE });
        if (sent.intent === "add-sale") await createScheduledSale(db, sent.input);
        else await updateScheduledSale(db, sent.saleId!, sent.input);
        return done(`${sent.input.name} saved`);
      }
      case "end-sale": {
        if (sent.saleId === null) return refusal(submission, { formError: NO_SALE });
        const { name, ended } = await endOrRemoveScheduledSale(db, sent.saleId, new Date());
        return done(ended ? `${name} ended: prices are back to normal` : `${name} removed`);
      }
    }
  } catch (error) {
    if (!known(error)) throw error;
    return refusal(submission, { formError: (error as AppError).message });
  }
}
