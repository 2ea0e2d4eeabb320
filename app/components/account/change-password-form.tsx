import { Form } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { PASSWORD_HINT } from "~/modules/accounts/password-rule";
import { ResultLine } from "./shared";

export type ChangePasswordResult = { ok: boolean; message: string; fields?: Record<string, string> };

/**
 * Change Password for buyers (My Account, Settings tab) and sellers (dashboard): current, new and
 * confirm, each error beside its field. `intent` tells the buyer page's action which form it is.
 */
export function ChangePasswordForm({
  result,
  busy,
  intent,
}: {
  result: ChangePasswordResult | undefined;
  busy: boolean;
  intent?: string;
}) {
  const errors = result?.fields ?? {};
  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 id="password-title" className="text-xl font-bold text-stone-900">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-stone-600">Changing your password signs you out on your other devices.</p>
      <Form method="post" noValidate className="mt-4 grid gap-4" aria-labelledby="password-title" preventScrollReset>
        {intent && <input type="hidden" name="intent" value={intent} />}
        <ResultLine result={result ? { intent: null, ...result } : undefined} />
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword}
        />
        <p className="-mt-3 text-xs text-stone-600">{PASSWORD_HINT}</p>
        <TextField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy}>
          {busy ? "Changing..." : "Change Password"}
        </button>
      </Form>
    </section>
  );
}
