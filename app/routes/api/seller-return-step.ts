import { z } from "~/lib/zod";
import { approveReturn } from "~/flows/approve-return.server";
import { receiveReturn } from "~/flows/receive-return.server";
import { recordRefund } from "~/flows/record-refund.server";
import { rejectReturn } from "~/flows/reject-return.server";
import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { REFUND_METHOD_LABELS, RETURN_CONDITION_LABELS } from "~/modules/returns/return-rules";
import type { Route } from "./+types/seller-return-step";

const STEPS = ["approve", "reject", "receive", "refunds"] as const;
const STEP_PATH = "/api/seller/returns/:id/{approve|reject|receive|refunds}";

const rejectBody = z.object({ reason: z.string({ error: "Please say why, the customer will read it" }) });
const receiveBody = z.object({
  items: z
    .array(
      z.object({
        id: z.number({ error: "Unknown item" }).int("Unknown item").positive("Unknown item"),
        condition: z.enum(Object.keys(RETURN_CONDITION_LABELS) as [keyof typeof RETURN_CONDITION_LABELS], {
          error: "Please say whether it is resellable or damaged",
        }),
      }),
      { error: "Please say how each item came back" },
    )
    .min(1, "Please say how each item came back")
    .max(100),
});
const refundBody = z.object({
  method: z.enum(Object.keys(REFUND_METHOD_LABELS) as [keyof typeof REFUND_METHOD_LABELS], {
    error: "Please choose how it was refunded",
  }),
  amount: z
    .number({ error: "Please enter a whole number of rupees above 0" })
    .int("Please enter a whole number of rupees above 0")
    .positive("Please enter a whole number of rupees above 0"),
  reference: z.string({ error: "Reference must be text" }).optional().nullable(),
});

/**
 * POST /api/seller/returns/:id/approve, /reject `{ reason }`, /receive `{ items: [{ id, condition }] }`
 * and /refunds `{ method, amount, reference? }` (with an optional `Idempotency-Key` header: a repeat
 * records nothing and answers the first refund, 200): the owner's steps of a request, each one transaction
 * through its flow (sellers only). Answers the step's result; a step its state refuses is 409 with
 * the reason, bad input 400 with the fields, an unknown request 404.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const step = (STEPS as readonly string[]).includes(params.step) ? (params.step as (typeof STEPS)[number]) : null;
  if (!step) return apiError(404, "NOT_FOUND", "Not found");
  if (request.method !== "POST") return methodNotAllowed(["POST"], STEP_PATH);
  return handleApi(async () => {
    const user = await requireApiUser(request, context, "seller");
    const actor = { id: user.id, name: user.name || user.email };
    switch (step) {
      case "approve":
        return apiData(await approveReturn(context, actor, params.id));
      case "reject": {
        const body = rejectBody.parse(await readJson(request));
        return apiData(await rejectReturn(context, actor, params.id, body.reason));
      }
      case "receive": {
        const body = receiveBody.parse(await readJson(request));
        return apiData(
          await receiveReturn(
            context,
            actor,
            params.id,
            body.items.map((i) => ({ returnItemId: i.id, condition: i.condition })),
          ),
        );
      }
      case "refunds": {
        const body = refundBody.parse(await readJson(request));
        const { created, ...result } = await recordRefund(context, actor, params.id, body, {
          idempotencyKey: request.headers.get("Idempotency-Key"),
        });
        return apiData(result, created ? 201 : 200);
      }
    }
  });
}

export function loader({ params }: Route.LoaderArgs) {
  if (!(STEPS as readonly string[]).includes(params.step)) return apiError(404, "NOT_FOUND", "Not found");
  return methodNotAllowed(["POST"], STEP_PATH);
}
