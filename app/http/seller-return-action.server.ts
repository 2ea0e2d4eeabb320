import { data, redirect, type AppLoadContext } from "react-router";
import { z } from "~/lib/zod";
import { approveReturn } from "~/flows/approve-return.server";
import { receiveReturn } from "~/flows/receive-return.server";
import { recordRefund } from "~/flows/record-refund.server";
import { rejectReturn } from "~/flows/reject-return.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import type { OrderActor } from "~/modules/orders/order-actor";
import { receivedNote, refundNote, RETURN_CONDITION_LABELS } from "~/modules/returns/return-rules";
import { setFlash } from "./flash.server";

export const RETURN_ACTION_INTENTS = ["approve", "reject", "receive", "refund"] as const;
export type ReturnActionIntent = (typeof RETURN_ACTION_INTENTS)[number];

/** What a refused step answers the request page: the message, each field's message, and what was typed. */
export type ReturnActionData = {
  intent: ReturnActionIntent | null;
  ok: false;
  message: string;
  fields: Record<string, string>;
  values: Record<string, string>;
};

/** The radio of a received item: `conditions.{returnItemId}` (the step's own field key for it). */
export const conditionField = (returnItemId: number) => `conditions.${returnItemId}`;

export const CHOOSE_CONDITION = "Please choose resellable or damaged";

const intentSchema = z.enum(RETURN_ACTION_INTENTS, { error: "Something was missing from the form. Please try again." });

/**
 * The request page's steps, each a real form posting an `intent`: approve, reject (reason), receive
 * (a condition per item) and refund (method, amount, reference). Each calls its flow (one
 * transaction); done, it redirects back with a flash toast; refused, it answers the message beside
 * the field with what was typed. A request that does not exist is a 404.
 */
export async function sellerReturnAction(context: AppLoadContext, actor: OrderActor, returnId: string, form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value;
  const parsedIntent = intentSchema.safeParse(form.get("intent"));
  if (!parsedIntent.success) {
    return data<ReturnActionData>(
      { intent: null, ok: false, message: parsedIntent.error.issues[0].message, fields: {}, values },
      { status: 400 },
    );
  }
  const intent = parsedIntent.data;
  const self = `/seller/returns/${returnId}`;
  const done = async (message: string) =>
    redirect(self, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    switch (intent) {
      case "approve": {
        const result = await approveReturn(context, actor, returnId);
        return done(
          result.replacement
            ? `${result.returnNumber} approved: replacement ${result.replacement.orderNumber} created, ${result.replacement.total > 0 ? `${formatPrice(result.replacement.total)} to collect` : "no cash to collect"}`
            : `${result.returnNumber} approved`,
        );
      }
      case "reject": {
        const result = await rejectReturn(context, actor, returnId, values.reason ?? "");
        return done(
          `${result.returnNumber} rejected${result.cancelledReplacement ? `: replacement ${result.cancelledReplacement} cancelled` : ""}`,
        );
      }
      case "receive": {
        const ids = String(form.get("itemIds") ?? "")
          .split(",")
          .map(Number)
          .filter((id) => Number.isSafeInteger(id) && id > 0);
        const fields: Record<string, string> = {};
        const conditions = ids.flatMap((returnItemId) => {
          const condition = values[conditionField(returnItemId)];
          if (condition && Object.hasOwn(RETURN_CONDITION_LABELS, condition))
            return [{ returnItemId, condition: condition as keyof typeof RETURN_CONDITION_LABELS }];
          fields[conditionField(returnItemId)] = CHOOSE_CONDITION;
          return [];
        });
        if (Object.keys(fields).length)
          throw new AppError("VALIDATION", "Please say how each item came back: resellable or damaged", fields);
        const result = await receiveReturn(context, actor, returnId, conditions);
        const credit =
          result.storeCredit > 0
            ? `; ${formatPrice(result.storeCredit)} of store credit given for the lower price`
            : "";
        return done(`${result.returnNumber} received: ${receivedNote(result.resellable, result.damaged)}${credit}`);
      }
      case "refund": {
        const result = await recordRefund(
          context,
          actor,
          returnId,
          { method: values.method as never, amount: values.amount as never, reference: values.reference },
          { idempotencyKey: values.idempotencyKey },
        );
        const amount = Number(values.amount);
        return done(
          `${result.returnNumber}: ${refundNote(values.method as never, amount, values.reference?.trim() || null)}`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    return data<ReturnActionData>(
      { intent, ok: false, message: error.message, fields: error.fields ?? {}, values },
      { status: error.status },
    );
  }
}
