import { useId } from "react";
import { useFetcher } from "react-router";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import type { SentForm } from "~/http/keep-on-failure";
import type { NotifyMeResult } from "~/modules/notify-me/notify-me";

/** Notify Me whose request failed (a route's clientAction answers this): the message under the field, the e-mail kept. */
export function notifyMeFailure({ values }: SentForm): NotifyMeResult {
  return { ok: false, errors: { target: GENERIC_FAILURE }, values: { email: values.email ?? "" } };
}

/**
 * "Notify Me": posts to the current route's action with intent=notify. Works without
 * JavaScript (a plain POST that re-renders the page) and inline with it.
 */
export function NotifyMeForm({
  target,
  result,
  label = "Notify Me",
}: {
  target: string;
  result?: NotifyMeResult | null;
  label?: string;
}) {
  const fetcher = useFetcher<NotifyMeResult>();
  const id = useId();
  const state = fetcher.data ?? result ?? null;
  const busy = fetcher.state !== "idle";
  if (state?.ok) {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
        {state.message}
      </p>
    );
  }
  const error = state && !state.ok ? (state.errors.email ?? state.errors.target) : undefined;
  return (
    <fetcher.Form method="post" className="flex w-full max-w-md flex-col gap-2 sm:flex-row sm:items-start" noValidate>
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
          defaultValue={state && !state.ok ? state.values.email : ""}
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
