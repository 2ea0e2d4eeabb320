import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { formMessage, shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { formatPrice } from "~/lib/money";
import { formatShopDateLong } from "~/lib/shop-time";
import { mediaUrl } from "~/modules/media/image-url";
import type { ReturnReason } from "~/modules/returns/return-rules";
import type { ReturnableItem } from "~/modules/returns/returnable-items.server";
import { MAX_RETURN_PHOTOS, REASON_TEXT_MAX, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import { type FormReply, fieldError, formError } from "~/lib/form-reply";
import {
  CHECK_FIELDS,
  keptReturnValue,
  returnFormSchema,
  RETURN_FORM_FIELDS as F,
  TOO_MANY_PHOTOS,
} from "./return-form-fields";

const REASONS = Object.keys(RETURN_REASON_LABELS) as ReturnReason[];

/** An order line the buyer may still send back, with the other sizes and colours in stock to exchange it for. */
export type ReturnableLine = Pick<
  ReturnableItem,
  "orderItemId" | "name" | "color" | "size" | "imageKey" | "price" | "returnable" | "exchangeOptions"
>;

/**
 * What a refused request comes back with: the refusal in the one form shape (every typed value,
 * files excepted, and the messages by field), a new key for the form so what was typed goes back in.
 */
export type ReturnFormState = FormReply & {
  formId: string;
  /** Photos were sent with the refused request: the browser cannot keep them, so the buyer is asked to choose them again. */
  photosSent: boolean;
};

/**
 * `/orders/{id}/return` (issue 30): for each item still returnable a fieldset with how many to send
 * back and whether for money or another size or colour; the reason; up to 3 photos. A real
 * multipart form that works without JavaScript; with it, the action's own schema checks the form
 * before sending (the same messages beside the same lines, the same words above) and a 4th photo
 * is refused. The photos are not part of the schema: only their count is checked in the browser.
 */
export function ReturnRequestForm({
  orderId,
  lines,
  closesAt,
  state,
}: {
  orderId: string;
  lines: ReturnableLine[];
  closesAt: Date | null;
  state: ReturnFormState | null;
}) {
  const navigation = useNavigation();
  const action = `/orders/${orderId}/return`;
  const sending = navigation.state === "submitting" && navigation.formAction === action;
  const [photoError, setPhotoError] = useState<string | null>(null);
  // A refusal with nothing typed kept (the upload could not be read) is still a refusal, not a reset.
  const lastResult = useMemo(
    () => (state && state.initialValue === null ? { ...state, initialValue: {} } : state),
    [state],
  );
  // The action's schema checks the lines and the reason in the browser too; the server's refusal
  // shows beside the same lines (`items.{id}`, `items`) and fields.
  const [form] = useFormShape(returnFormSchema, lastResult, { id: "return-request" });
  // The photos are the server's to judge (the browser only counts them): its message stays until the next answer.
  const photoMessage = photoError ?? fieldError(state, F.photos);
  const { [F.photos]: _checkedPhotos, ...checked } = shownErrors(form);
  const errors: Record<string, string> = { ...checked, ...(photoMessage ? { [F.photos]: photoMessage } : {}) };
  const message = formMessage(form, CHECK_FIELDS) ?? formError(state);
  const formRef = useFocusFirstInvalid(state?.error ?? undefined);
  // A submit stopped in the browser puts the focus on the first field flagged, as a refusal does.
  const [stopped, setStopped] = useState(0);
  useEffect(() => {
    if (stopped) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [stopped, formRef]);
  const kept = (name: string) => keptReturnValue(state, name);
  const reasonChecked = kept(F.reason) ?? "";

  const checkPhotos = (files: FileList | null) => {
    const count = files?.length ?? 0;
    setPhotoError(count > MAX_RETURN_PHOTOS ? TOO_MANY_PHOTOS : null);
    return count <= MAX_RETURN_PHOTOS;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem(F.photos) as HTMLInputElement | null;
    const photosFit = checkPhotos(input?.files ?? null);
    // The schema's check: refused, nothing is sent and each message shows beside its line or field.
    form.onSubmit(event);
    if (!photosFit) event.preventDefault();
    if (event.defaultPrevented) setStopped((n) => n + 1);
  };

  return (
    <Form
      ref={formRef}
      id={form.id}
      key={state?.formId ?? "new"}
      method="post"
      encType="multipart/form-data"
      action={action}
      aria-label="Return or exchange"
      className="mt-6 grid gap-5"
      noValidate
      onSubmit={onSubmit}
    >
      {closesAt && (
        <p className="text-stone-700" data-testid="return-until">
          You can return or exchange items until {formatShopDateLong(closesAt)}.
        </p>
      )}
      {message && <FormAlert>{message}</FormAlert>}
      {errors[F.items] && (
        <p id="return-items-error" className="field-error" role="alert">
          {errors[F.items]}
        </p>
      )}

      {lines.map((line) => (
        <LineFieldset key={line.orderItemId} line={line} kept={kept} error={errors[F.itemError(line.orderItemId)]} />
      ))}

      <fieldset
        className="min-w-0 rounded-xl border border-stone-200 p-4"
        aria-describedby={errors[F.reason] ? "return-reason-error" : undefined}
      >
        <legend className="float-left w-full font-semibold text-stone-900">Why are you sending it back?</legend>
        <div className="clear-both grid gap-2 pt-3 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 has-[input:checked]:border-brand-700 has-[input:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={F.reason}
                value={reason}
                defaultChecked={reasonChecked === reason}
                className="h-4 w-4 accent-brand-700"
                aria-invalid={errors[F.reason] ? true : undefined}
              />
              <span>{RETURN_REASON_LABELS[reason]}</span>
            </label>
          ))}
        </div>
        {errors[F.reason] && (
          <p id="return-reason-error" className="field-error">
            {errors[F.reason]}
          </p>
        )}
        <div className="mt-4">
          <label htmlFor="return-reason-text" className="field-label">
            Tell us more (needed for Other)
          </label>
          <textarea
            id="return-reason-text"
            name={F.reasonText}
            rows={3}
            maxLength={REASON_TEXT_MAX}
            defaultValue={kept(F.reasonText) ?? ""}
            className="field-input"
            aria-invalid={errors[F.reasonText] ? true : undefined}
            aria-describedby={errors[F.reasonText] ? "return-reason-text-error" : undefined}
          />
          {errors[F.reasonText] && (
            <p id="return-reason-text-error" className="field-error">
              {errors[F.reasonText]}
            </p>
          )}
        </div>
      </fieldset>

      <div>
        <label htmlFor="return-photos" className="field-label">
          Photos (optional, up to {MAX_RETURN_PHOTOS})
        </label>
        <input
          id="return-photos"
          name={F.photos}
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => checkPhotos(e.currentTarget.files)}
          aria-invalid={errors[F.photos] ? true : undefined}
          aria-describedby={[errors[F.photos] ? "return-photos-error" : null, "return-photos-hint"]
            .filter(Boolean)
            .join(" ")}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white"
        />
        {errors[F.photos] && (
          <p id="return-photos-error" className="field-error">
            {errors[F.photos]}
          </p>
        )}
        <p id="return-photos-hint" className="mt-1 text-xs text-stone-600">
          {state?.photosSent ? "Choose your photos again: they were not kept. " : ""}A photo of a defect or a label
          helps us decide quickly. JPEG, PNG or WebP, up to 5 MB each.
        </p>
      </div>

      <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start sm:px-8" disabled={sending}>
        {sending ? "Sending..." : "Send request"}
      </button>
    </Form>
  );
}

/** One returnable item: its picture and name, how many, and Return (money back) or Exchange for another variant. */
function LineFieldset({
  line,
  kept,
  error,
}: {
  line: ReturnableLine;
  kept: (name: string) => string | undefined;
  error: string | undefined;
}) {
  const id = `return-line-${line.orderItemId}`;
  const kind = kept(F.kind(line.orderItemId)) ?? "";
  const canExchange = line.exchangeOptions.length > 0;
  const checkExchange = () => {
    const radio = document.getElementById(`${id}-exchange`) as HTMLInputElement | null;
    if (radio) radio.checked = true;
  };
  return (
    <fieldset
      className="min-w-0 rounded-xl border border-stone-200 p-4"
      aria-describedby={error ? `${id}-error` : undefined}
      data-testid="return-line"
    >
      {/* Floated, the legend sits inside the box rather than on its border. */}
      <legend className="float-left flex w-full items-center gap-3">
        {line.imageKey && (
          <img
            src={mediaUrl(line.imageKey)}
            alt=""
            width={48}
            height={60}
            className="h-15 w-12 rounded object-cover"
            loading="lazy"
          />
        )}
        <span className="min-w-0 font-medium text-stone-900">
          {line.name}
          <span className="block text-sm font-normal text-stone-600">
            {line.color} / {line.size} · {formatPrice(line.price)} each
          </span>
        </span>
      </legend>
      <div className="clear-both grid gap-3 pt-3 sm:grid-cols-[8rem_1fr] sm:items-start">
        <div>
          <label htmlFor={`${id}-quantity`} className="field-label">
            How many
          </label>
          <select
            id={`${id}-quantity`}
            name={F.quantity(line.orderItemId)}
            defaultValue={kept(F.quantity(line.orderItemId)) ?? "0"}
            className="field-input"
            aria-invalid={error ? true : undefined}
          >
            {Array.from({ length: line.returnable + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? "0 (keep it)" : n}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="field-label">Return or exchange</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-300 px-3 has-[input:checked]:border-brand-700 has-[input:checked]:bg-brand-50">
            <input
              type="radio"
              name={F.kind(line.orderItemId)}
              value="return"
              defaultChecked={kind === "return"}
              className="h-4 w-4 accent-brand-700"
            />
            <span>Return (money back)</span>
          </label>
          <div className="grid gap-2 rounded-lg border border-stone-300 p-3 has-[input:checked]:border-brand-700 has-[input:checked]:bg-brand-50">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                id={`${id}-exchange`}
                type="radio"
                name={F.kind(line.orderItemId)}
                value="exchange"
                disabled={!canExchange}
                defaultChecked={canExchange && kind === "exchange"}
                className="h-4 w-4 accent-brand-700"
              />
              <span>Exchange for</span>
            </label>
            {canExchange ? (
              <>
                <label htmlFor={`${id}-variant`} className="sr-only">
                  New colour and size for {line.name}
                </label>
                <select
                  id={`${id}-variant`}
                  name={F.exchange(line.orderItemId)}
                  defaultValue={kept(F.exchange(line.orderItemId)) ?? ""}
                  className="field-input"
                  onChange={(e) => e.currentTarget.value && checkExchange()}
                >
                  <option value="">Choose colour / size</option>
                  {line.exchangeOptions.map((o) => (
                    <option key={o.variantId} value={o.variantId}>
                      {o.color} / {o.size}
                      {o.price !== line.price ? ` (${formatPrice(o.price)})` : ""}
                    </option>
                  ))}
                </select>
              </>
            ) : (
              <p className="text-sm text-stone-600">No other size or colour is in stock just now.</p>
            )}
          </div>
        </fieldset>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
