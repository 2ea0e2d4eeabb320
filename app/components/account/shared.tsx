import { type FormReply, fieldErrors, formError, isRefusal, keptValue } from "~/lib/form-reply";

/** What a My Account form answers when it did what was asked: its message, and the order or product acted on. */
export type AccountDone = { intent: string; ok: true; message: string; target?: string };

/** A My Account action's answer: done, or refused in the one form shape. */
export type AccountAnswer = AccountDone | FormReply;

/** The form an answer is about (the intent it was posted with), if any. */
export function answerIntent(answer: AccountAnswer | null | undefined): string | undefined {
  if (!answer) return undefined;
  return isRefusal(answer) ? keptValue(answer, "intent") : (answer as AccountDone).intent;
}

/** The outcome of a form: a status line for success, an alert for a refusal without a field to sit beside. */
export function ResultLine({ result }: { result: AccountAnswer | undefined }) {
  if (!result) return null;
  if (!isRefusal(result))
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
        {(result as AccountDone).message}
      </p>
    );
  const message = formError(result);
  if (!message || Object.keys(fieldErrors(result)).length > 0) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
      {message}
    </p>
  );
}

export function Loading({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="py-10 text-center text-stone-600">
      {children}
    </p>
  );
}
