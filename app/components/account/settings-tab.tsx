import { useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useFormShape } from "~/components/ui/use-form-shape";
import { isRefusal } from "~/lib/form-reply";
import { deleteAccountSchema } from "~/modules/accounts/profile-schema";
import { ChangePasswordForm } from "./change-password-form";
import { answerIntent, Loading, ResultLine, type AccountAnswer } from "./shared";

/** The tab's forms, by their hidden `intent` field. */
type SettingsIntent = "settings" | "password" | "delete-account";

/** The notification choices of the Settings tab; `hasPhone`: whether the profile has the phone WhatsApp messages go to. */
export type NotificationChoices = {
  orderEmails: boolean;
  smsUpdates: boolean;
  marketingEmails: boolean;
  whatsappMarketing?: boolean;
  hasPhone?: boolean;
};

export function SettingsTab({
  profile,
  actionData,
  signsInWithPassword = true,
  googleEnabled = false,
}: {
  profile: NotificationChoices | null;
  actionData?: AccountAnswer;
  /** False for an account that signs in only with Google: deleting it takes a fresh Google sign-in instead. */
  signsInWithPassword?: boolean;
  googleEnabled?: boolean;
}) {
  const navigation = useNavigation();
  const busy = (intent: SettingsIntent) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const result = (intent: SettingsIntent) => (answerIntent(actionData) === intent ? actionData : undefined);
  const refused = (intent: SettingsIntent) => {
    const answer = result(intent);
    return isRefusal(answer) ? answer : undefined;
  };
  // Delete Account is checked in the browser with the action's schema (the password only when the account has one).
  const [deleteForm, deleteFields] = useFormShape(
    deleteAccountSchema({ withPassword: signsInWithPassword }),
    refused("delete-account"),
    { id: "delete-account" },
  );
  const deleteErrors = {
    password: deleteFields.password.errors?.[0],
    confirm: deleteFields.confirm.errors?.[0],
  };
  const deleteId = useId();

  if (profile === null) return <Loading>Loading your settings...</Loading>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="settings-title" className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 id="settings-title" className="text-xl font-bold text-stone-900">
          Settings
        </h2>
        <Form method="post" className="mt-4 grid gap-4" preventScrollReset>
          <input type="hidden" name="intent" value="settings" />
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-semibold text-stone-900">Notifications</legend>
            <Checkbox
              name="orderEmails"
              label="Order e-mail notifications"
              hint="An e-mail when your order is placed, confirmed, shipped or delivered."
              defaultChecked={profile.orderEmails}
            />
            <Checkbox
              name="smsUpdates"
              label="SMS shipping updates"
              hint="A text message when your parcel is on its way."
              defaultChecked={profile.smsUpdates}
            />
            <Checkbox
              name="marketingEmails"
              label="Marketing e-mails"
              hint="New arrivals and offers now and then, and one reminder if you leave items in your cart for a while."
              defaultChecked={profile.marketingEmails}
            />
            <Checkbox
              name="whatsappMarketing"
              label={WHATSAPP_MARKETING_LABEL}
              hint={WHATSAPP_MARKETING_HINT}
              defaultChecked={profile.whatsappMarketing ?? false}
            >
              {profile.hasPhone === false && (
                <p className="text-sm font-medium text-amber-800" data-testid="whatsapp-no-phone">
                  Your profile has no mobile number yet, so WhatsApp messages cannot reach you.{" "}
                  <Link to="/buyer-dashboard/profile" className="underline">
                    Add it in your Profile
                  </Link>
                  .
                </p>
              )}
            </Checkbox>
          </fieldset>
          <ResultLine result={result("settings")} />
          <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy("settings")}>
            {busy("settings") ? "Saving..." : "Save Settings"}
          </button>
        </Form>
      </section>

      <ChangePasswordForm reply={refused("password")} busy={busy("password")} intent="password" />

      <section
        aria-labelledby="delete-title"
        className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6 lg:col-span-2"
      >
        <h2 id="delete-title" className="text-xl font-bold text-red-800">
          Delete Account
        </h2>
        <p className="mt-1 text-stone-700">
          This signs you out and deletes your account, cart, wishlist and profile. Your past orders stay with the shop
          for its records, without your name, e-mail, phone or address. This cannot be undone.
        </p>
        <Form
          method="post"
          id={deleteForm.id}
          noValidate
          className="mt-4 grid max-w-md gap-4"
          aria-labelledby="delete-title"
          onSubmit={(event) => {
            // The form's own check first (nothing to confirm while it is refused), then the question.
            deleteForm.onSubmit(event);
            if (!event.defaultPrevented && !window.confirm("Delete your account? This cannot be undone."))
              event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete-account" />
          <ResultLine result={result("delete-account")} />
          {signsInWithPassword ? (
            <TextField
              label="Enter your password to confirm"
              name="password"
              type="password"
              autoComplete="current-password"
              error={deleteErrors.password}
            />
          ) : (
            <p className="text-sm text-stone-700">
              Your account signs in with Google and has no password. To confirm it is you, sign in with Google again,
              then delete your account within 5 minutes.
            </p>
          )}
          <div>
            <div className="flex items-start gap-3">
              <input
                id={deleteId}
                type="checkbox"
                name="confirm"
                required
                className="mt-1 h-5 w-5 accent-red-700"
                aria-invalid={deleteErrors.confirm ? true : undefined}
                aria-describedby={deleteErrors.confirm ? `${deleteId}-error` : undefined}
              />
              <label htmlFor={deleteId} className="text-stone-800">
                I understand that my account will be deleted permanently.
              </label>
            </div>
            {deleteErrors.confirm && (
              <p id={`${deleteId}-error`} className="field-error">
                {deleteErrors.confirm}
              </p>
            )}
          </div>
          <button
            type="submit"
            className="btn justify-self-start bg-red-700 px-6 text-white hover:bg-red-800"
            disabled={busy("delete-account")}
          >
            {busy("delete-account") ? "Deleting..." : "Delete Account"}
          </button>
        </Form>
        {!signsInWithPassword && googleEnabled && (
          <Form method="post" action="/auth" className="mt-3">
            <input type="hidden" name="intent" value="google" />
            <input type="hidden" name="redirectTo" value="/buyer-dashboard/settings" />
            <button type="submit" className="btn-secondary">
              Sign in with Google again
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}

/** The WhatsApp marketing box's words, the same at sign-up and on the Settings tab. */
export const WHATSAPP_MARKETING_LABEL = "Offers and cart reminders on WhatsApp";
export const WHATSAPP_MARKETING_HINT =
  "Now and then an offer, and one reminder if you leave items in your cart, sent to the mobile number in your profile. Reply STOP on WhatsApp to stop them.";

export function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
  children,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-5 w-5 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
        {children}
      </div>
    </div>
  );
}
