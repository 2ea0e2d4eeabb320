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
import {
  parseDiscountCodeForm,
  parseSaleForm,
  type DiscountCodeField,
  type DiscountCodeValues,
  type SaleField,
  type SaleValues,
} from "~/modules/promotions/promotion-forms";
import { setFlash } from "./flash.server";

/** What Dashboard -> Discounts' forms post, and what a refused one gets back. */
export const DISCOUNT_INTENTS = ["add-code", "edit-code", "pause-code", "add-sale", "edit-sale", "end-sale"] as const;
export type DiscountIntent = (typeof DISCOUNT_INTENTS)[number];

export const NOTHING_SAVED = "Nothing was saved: please correct the fields marked below.";

export type DiscountActionData = {
  ok: false;
  intent: DiscountIntent | null;
  message: string;
  targetId?: number;
  codeErrors?: Partial<Record<DiscountCodeField, string>>;
  codeValues?: DiscountCodeValues;
  saleErrors?: Partial<Record<SaleField, string>>;
  saleValues?: SaleValues;
};

const id = (form: FormData, name: string) => {
  const n = Number(form.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * Runs one of the Discounts forms. A change redirects (to `back`, or the code's own page) with a
 * toast; a refusal comes back with the messages by field and every value as typed, nothing saved.
 */
export async function discountAction(
  db: AppLoadContext["db"],
  form: FormData,
  back: string,
): Promise<Response | DiscountActionData> {
  const intent = (DISCOUNT_INTENTS as readonly string[]).includes(String(form.get("intent")))
    ? (form.get("intent") as DiscountIntent)
    : null;
  const refused = (message: string, more: Partial<DiscountActionData> = {}): DiscountActionData => ({
    ok: false,
    intent,
    message,
    ...more,
  });
  const done = async (message: string, to = back) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  const known = (error: unknown) =>
    error instanceof AppError && (error.code === "VALIDATION" || error.code === "NOT_FOUND");

  try {
    switch (intent) {
      case "add-code":
      case "edit-code": {
        const targetId = intent === "edit-code" ? id(form, "codeId") : null;
        if (intent === "edit-code" && targetId === null) return refused("That discount code no longer exists");
        const parsed = parseDiscountCodeForm(form);
        if (!parsed.ok)
          return refused(NOTHING_SAVED, {
            targetId: targetId ?? undefined,
            codeErrors: parsed.errors,
            codeValues: parsed.values,
          });
        try {
          if (targetId === null) await createDiscountCode(db, parsed.data);
          else await updateDiscountCode(db, targetId, parsed.data);
        } catch (error) {
          if (!known(error)) throw error;
          const e = error as AppError;
          return refused(e.fields ? NOTHING_SAVED : e.message, {
            targetId: targetId ?? undefined,
            codeErrors: e.fields as DiscountActionData["codeErrors"],
            codeValues: parsed.values,
          });
        }
        return done(`${parsed.data.code} saved`);
      }
      case "pause-code": {
        const codeId = id(form, "codeId");
        if (codeId === null) return refused("That discount code no longer exists");
        const paused = form.get("paused") === "true";
        const { code } = await setDiscountCodePaused(db, codeId, paused);
        return done(paused ? `${code} paused: checkout refuses it until you resume it` : `${code} resumed`);
      }
      case "add-sale":
      case "edit-sale": {
        const targetId = intent === "edit-sale" ? id(form, "saleId") : null;
        if (intent === "edit-sale" && targetId === null) return refused("That sale no longer exists");
        const parsed = parseSaleForm(form);
        if (!parsed.ok)
          return refused(NOTHING_SAVED, {
            targetId: targetId ?? undefined,
            saleErrors: parsed.errors,
            saleValues: parsed.values,
          });
        if (targetId === null) await createScheduledSale(db, parsed.data);
        else await updateScheduledSale(db, targetId, parsed.data);
        return done(`${parsed.data.name} saved`);
      }
      case "end-sale": {
        const saleId = id(form, "saleId");
        if (saleId === null) return refused("That sale no longer exists");
        const { name, ended } = await endOrRemoveScheduledSale(db, saleId, new Date());
        return done(ended ? `${name} ended: prices are back to normal` : `${name} removed`);
      }
      default:
        return refused("That request was not understood. Please reload the page.");
    }
  } catch (error) {
    if (!known(error)) throw error;
    return refused((error as AppError).message);
  }
}
