/** The forms of the My Account page, by their hidden `intent` field. */
export type AccountIntent = "cancel" | "unsave" | "profile" | "settings" | "password" | "delete-account";

/** What the My Account action answers a form with. */
export type AccountActionResult = {
  intent: AccountIntent | null;
  ok: boolean;
  message: string;
  /** The order or product acted on, so the message shows beside it. */
  target?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

/** The outcome of a form: a status line for success, an alert for a failure without a field to sit beside. */
export function ResultLine({ result }: { result: AccountActionResult | undefined }) {
  if (!result) return null;
  if (result.ok)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
        {result.message}
      </p>
    );
  if (result.fields && Object.keys(result.fields).length > 0) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
      {result.message}
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
