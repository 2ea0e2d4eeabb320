import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { FieldLabel, TextField } from "~/components/ui/text-field";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { fieldErrors, formError, keptValue, type FormReply } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import type { ReturnForOwner } from "~/modules/returns/get-return-for-owner.server";
import {
  conditionField,
  receiveFormSchema,
  refundFormSchema,
  rejectFormSchema,
  type ReturnFormIntent,
} from "~/modules/returns/return-forms";
import { REFUND_METHOD_LABELS, RETURN_CONDITION_LABELS } from "~/modules/returns/return-rules";
import { Panel } from "./return-detail";

/** A replacement that has not left yet can still be called back (rejecting cancels it); one cancelled or refused at the door before the old item came back leaves Reject to end the request. */
const NOT_SHIPPED = ["pending", "confirmed", "processing", "cancelled", "returned"];

/** What the owner may do now, by the request's state. */
export function availableSteps(request: ReturnForOwner): ReturnFormIntent[] {
  switch (request.status) {
    case "requested":
      return ["approve", "reject"];
    case "approved":
      return !request.replacement || NOT_SHIPPED.includes(request.replacement.status)
        ? ["receive", "reject"]
        : ["receive"];
    case "received":
      return request.refundLeft > 0 ? ["refund"] : [];
    default:
      return [];
  }
}

/** The step's own answer (a refusal), when it is this form's. */
function answerFor(actionData: FormReply | undefined, intent: ReturnFormIntent) {
  return keptValue(actionData, "intent") === intent ? actionData : undefined;
}

/**
 * The request's actions, each a real form posting its `intent` (works without JavaScript): Approve,
 * Reject with a reason the buyer reads, Received with resellable or damaged per item, Record refund
 * with method, amount (at most what is left) and reference. A refusal shows beside its field with
 * what was typed kept.
 */
export function ReturnActions({
  request,
  actionData,
  refundKey,
}: {
  request: ReturnForOwner;
  /** The action's refusal of a step (the one form shape), if any. */
  actionData?: FormReply;
  refundKey: string;
}) {
  const steps = availableSteps(request);
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  // A refusal of a step no longer offered (the request moved on elsewhere), or of an unknown intent.
  const sentIntent = keptValue(actionData, "intent") as ReturnFormIntent | undefined;
  const stray = actionData && (!sentIntent || !steps.includes(sentIntent)) ? actionData : undefined;
  const strayMessage = stray && (formError(stray) ?? Object.values(fieldErrors(stray))[0]);
  if (steps.length === 0) {
    return strayMessage ? <FormAlert>{strayMessage}</FormAlert> : null;
  }
  // Keyed by the state: after a step the next forms start from the new data, not what was typed before.
  const key = `${request.status}-${request.refunded}`;
  return (
    <div className="grid gap-4" data-testid="return-actions">
      {strayMessage && <FormAlert>{strayMessage}</FormAlert>}
      {steps.includes("approve") && (
        <ApproveForm
          key={`a-${key}`}
          request={request}
          answer={answerFor(actionData, "approve")}
          busy={busy === "approve"}
        />
      )}
      {steps.includes("receive") && (
        <ReceiveForm
          key={`r-${key}`}
          request={request}
          answer={answerFor(actionData, "receive")}
          busy={busy === "receive"}
        />
      )}
      {steps.includes("refund") && (
        <RefundForm
          key={`f-${key}`}
          request={request}
          answer={answerFor(actionData, "refund")}
          busy={busy === "refund"}
          refundKey={refundKey}
        />
      )}
      {steps.includes("reject") && (
        <RejectForm
          key={`j-${key}`}
          request={request}
          answer={answerFor(actionData, "reject")}
          busy={busy === "reject"}
        />
      )}
    </div>
  );
}

type FormProps = { request: ReturnForOwner; answer?: FormReply; busy: boolean };

function ApproveForm({ request, answer, busy }: FormProps) {
  const exchanges = request.items.some((i) => i.kind === "exchange");
  return (
    <Panel id="approve-title" title="Approve">
      <p>
        {exchanges
          ? "The new sizes or colours are taken from stock now and a replacement order (EX-) is created for the rider to deliver, collecting the old item at the door."
          : "The buyer is told to send the item back; refund it once it arrives."}
      </p>
      {formError(answer) && (
        <div className="mt-2">
          <FormAlert>{formError(answer)}</FormAlert>
        </div>
      )}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="approve" />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Approving..." : "Approve"}
        </button>
      </Form>
    </Panel>
  );
}

function RejectForm({ request, answer, busy }: FormProps) {
  // The action's schema checks the reason in the browser too; the server's refusal shows in the same places.
  const [form, fields] = useFormShape(rejectFormSchema, answer, { id: "return-reject" });
  const ref = useFocusFirstInvalid(answer?.error ?? undefined);
  const reasonError = fields.reason.errors?.[0];
  const cancels = request.status === "approved" && request.replacement && request.replacement.status !== "cancelled";
  return (
    <Panel id="reject-title" title="Reject">
      {cancels && (
        <p className="mb-2">
          Rejecting cancels the replacement {request.replacement?.orderNumber} and puts its stock back.
        </p>
      )}
      {!reasonError && form.errors?.[0] && (
        <div className="mb-2">
          <FormAlert>{form.errors[0]}</FormAlert>
        </div>
      )}
      <Form method="post" ref={ref} id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
        <input type="hidden" name="intent" value="reject" />
        <TextField
          label="Reason (the buyer reads it)"
          name="reason"
          multiline
          rows={3}
          autoComplete="off"
          defaultValue={keptValue(answer, "reason")}
          error={reasonError}
        />
        <button type="submit" className="btn-secondary justify-self-start border-red-300 text-red-800" disabled={busy}>
          {busy ? "Rejecting..." : "Reject"}
        </button>
      </Form>
    </Panel>
  );
}

function ReceiveForm({ request, answer, busy }: FormProps) {
  // The action's schema checks that each item has its condition in the browser too.
  const [form] = useFormShape(receiveFormSchema, answer, { id: "return-receive" });
  const ref = useFocusFirstInvalid(answer?.error ?? undefined);
  const id = useId();
  const shown = shownErrors(form);
  const fieldError = (itemId: number) => shown[conditionField(itemId)];
  const general = !request.items.some((i) => fieldError(i.id)) ? form.errors?.[0] : null;
  // What was chosen: nested as the action's refusal keeps it, or flat as a failed request's refusal does.
  const kept = answer?.initialValue?.conditions;
  const keptCondition = (itemId: number) => {
    const value = kept && typeof kept === "object" ? (kept as Record<string, unknown>)[String(itemId)] : undefined;
    return keptValue(answer, conditionField(itemId)) ?? (typeof value === "string" ? value : "");
  };
  return (
    <Panel id="receive-title" title="Received">
      <p>When the old item is back: resellable goes back into stock (once); damaged does not.</p>
      {general && (
        <div className="mt-2">
          <FormAlert>{general}</FormAlert>
        </div>
      )}
      <Form method="post" ref={ref} id={form.id} onSubmit={form.onSubmit} noValidate className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="receive" />
        <input type="hidden" name="itemIds" value={request.items.map((i) => i.id).join(",")} />
        {request.items.map((item) => {
          const name = conditionField(item.id);
          const error = fieldError(item.id);
          const chosen = keptCondition(item.id);
          return (
            <fieldset
              key={item.id}
              className="min-w-0 rounded-lg border border-stone-200 p-3"
              aria-describedby={error ? `${id}-${item.id}-error` : undefined}
            >
              <legend className="px-1 font-medium text-stone-900">
                {item.quantity} x {item.name} ({item.color} / {item.size})
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {(Object.keys(RETURN_CONDITION_LABELS) as (keyof typeof RETURN_CONDITION_LABELS)[]).map((condition) => (
                  <label key={condition} className="flex min-h-10 items-center gap-2">
                    <input
                      type="radio"
                      name={name}
                      value={condition}
                      required
                      defaultChecked={chosen === condition}
                      className="size-5 accent-brand-700"
                    />
                    {RETURN_CONDITION_LABELS[condition]}
                  </label>
                ))}
              </div>
              {error && (
                <p id={`${id}-${item.id}-error`} className="field-error">
                  {error}
                </p>
              )}
            </fieldset>
          );
        })}
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {busy ? "Saving..." : "Mark as received"}
        </button>
      </Form>
    </Panel>
  );
}

function RefundForm({ request, answer, busy, refundKey }: FormProps & { refundKey: string }) {
  // The action's schema checks method, amount and reference in the browser too.
  const [form] = useFormShape(refundFormSchema, answer, { id: "return-refund" });
  const ref = useFocusFirstInvalid(answer?.error ?? undefined);
  const id = useId();
  const fields = shownErrors(form);
  const general = !fields.amount && !fields.method && !fields.reference ? form.errors?.[0] : null;
  return (
    <Panel id="refund-title" title="Record refund">
      <p>
        Record money you sent back (the shop sends nothing itself). Store credit is added to the buyer&apos;s account at
        once.
      </p>
      {general && (
        <div className="mt-2">
          <FormAlert>{general}</FormAlert>
        </div>
      )}
      <Form
        method="post"
        ref={ref}
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="idempotencyKey" value={refundKey} />
        <div>
          <FieldLabel htmlFor={`${id}-method`} required>
            Method
          </FieldLabel>
          <select
            id={`${id}-method`}
            name="method"
            required
            className="field-input"
            defaultValue={keptValue(answer, "method") ?? "store_credit"}
            aria-invalid={fields.method ? true : undefined}
            aria-describedby={fields.method ? `${id}-method-error` : undefined}
          >
            {(Object.keys(REFUND_METHOD_LABELS) as (keyof typeof REFUND_METHOD_LABELS)[]).map((m) => (
              <option key={m} value={m}>
                {REFUND_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
          {fields.method && (
            <p id={`${id}-method-error`} className="field-error">
              {fields.method}
            </p>
          )}
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-amount`} required>
            Amount (Rs)
          </FieldLabel>
          <input
            id={`${id}-amount`}
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={request.refundLeft}
            step={1}
            required
            className="field-input"
            defaultValue={answer ? (keptValue(answer, "amount") ?? "") : String(request.refundLeft)}
            aria-invalid={fields.amount ? true : undefined}
            aria-describedby={`${fields.amount ? `${id}-amount-error ` : ""}${id}-amount-hint`}
          />
          {fields.amount && (
            <p id={`${id}-amount-error`} className="field-error">
              {fields.amount}
            </p>
          )}
          <p id={`${id}-amount-hint`} className="mt-1 text-xs text-stone-600">
            At most {formatPrice(request.refundLeft)}
          </p>
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Reference (transaction ID)"
            name="reference"
            required={false}
            autoComplete="off"
            defaultValue={keptValue(answer, "reference")}
            error={fields.reference}
            hint="For JazzCash, Easypaisa or a bank transfer"
          />
        </div>
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {busy ? "Recording..." : "Record refund"}
        </button>
      </Form>
    </Panel>
  );
}
