import { Form } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useFormShape } from "~/components/ui/use-form-shape";
import type { FormReply } from "~/lib/form-reply";
import { changePasswordSchema } from "~/modules/accounts/profile-schema";
import { PASSWORD_HINT } from "~/modules/accounts/password-rule";
import { ResultLine } from "./shared";

/**
 * Change Password for buyers (My Account, Settings tab) and sellers (dashboard): current, new and
 * confirm, checked in the browser with the actions' schema, each error beside its field. `intent`
 * tells the buyer page's action which form it is. A change is answered with a redirect (and a
 * toast); `reply` is the last refusal.
 */
export function ChangePasswordForm({
  reply,
  busy,
  intent,
}: {
  reply: FormReply | undefined;
  busy: boolean;
  intent?: string;
}) {
  const [form, fields] = useFormShape(changePasswordSchema, reply, { id: "change-password" });
  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
      <h2 id="password-title" className="text-xl font-bold text-stone-900">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-stone-600">Changing your password signs you out on your other devices.</p>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid gap-4"
        aria-labelledby="password-title"
        preventScrollReset
      >
        {intent && <input type="hidden" name="intent" value={intent} />}
        <ResultLine result={reply} />
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={fields.currentPassword.errors?.[0]}
        />
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          error={fields.newPassword.errors?.[0]}
        />
        <p className="-mt-3 text-xs text-stone-600">{PASSWORD_HINT}</p>
        <TextField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={fields.confirmPassword.errors?.[0]}
        />
        <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy}>
          {busy ? "Changing..." : "Change Password"}
        </button>
      </Form>
    </section>
  );
}
