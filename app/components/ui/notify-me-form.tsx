import { useId } from "react";
import { useFetcher } from "react-router";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { refusalOf } from "~/http/form-reply";
import type { SentForm } from "~/http/keep-on-failure";
import { type FormReply, isRefusal, keptValue } from "~/lib/form-reply";
import { notifyMeSchema } from "~/modules/notify-me/notify-me";
import { useFormShape } from "./use-form-shape";

/** Notify Me's answer: the confirmation, or a refusal in the one form shape. */
export type NotifyMeAnswer = { ok: true; message: string } | FormReply;

/** Notify Me whose request failed (a route's clientAction answers this): the message under the field, the e-mail kept. */
export function notifyMeFailure({ values }: SentForm): FormReply {
  return refusalOf(values, GENERIC_FAILURE);
}

/** True for a Notify Me answer: its confirmation, or a refusal of a form sent with intent=notify (routes with other forms). */
export function isNotifyMeAnswer(answer: unknown): answer is NotifyMeAnswer {
  if (isRefusal(answer)) return keptValue(answer, "intent") === "notify";
  return (
    typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === true && !("intent" in answer)
  );
}

/**
 * "Notify Me": posts to the current route's action with intent=notify. Works without
 * JavaScript (a plain POST that re-renders the page) and inline with it, where notifyMeSchema
 * checks the address before it is sent.
 */
export function NotifyMeForm({
  target,
  result,
  label = "Notify Me",
}: {
  target: string;
  result?: NotifyMeAnswer | null;
  label?: string;
}) {
  const fetcher = useFetcher<NotifyMeAnswer>();
  const id = useId();
  const state = fetcher.data ?? result ?? null;
  const refused = isRefusal(state) ? state : null;
  const [form, fields] = useFormShape(notifyMeSchema, refused, { id: `${id}-notify` });
  const busy = fetcher.state !== "idle";
  if (state && "ok" in state) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
        {state.message}
      </p>
    );
  }
  const error = fields.email.errors?.[0] ?? fields.target.errors?.[0] ?? form.errors?.[0];
  return (
    <fetcher.Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      className="flex w-full max-w-md flex-col gap-2 sm:flex-row sm:items-start"
      noValidate
    >
      <input type="hidden" name="intent" value="notify" />
      <input type="hidden" name="target" value={target} />
      <div className="flex-1 text-left">
        <label htmlFor={`${id}-email`} className="field-label">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={keptValue(refused, "email") ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="field-input"
          placeholder="you@example.com"
        />
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-accent sm:mt-6" disabled={busy}>
        {busy ? "Saving..." : label}
      </button>
    </fetcher.Form>
  );
}
