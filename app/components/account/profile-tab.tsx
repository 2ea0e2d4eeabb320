import { Form, useNavigation } from "react-router";
import { CityField } from "~/components/ui/city-field";
import { TextField } from "~/components/ui/text-field";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDateLong } from "~/lib/shop-time";
import { useFormShape } from "~/components/ui/use-form-shape";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { profileFormSchema } from "~/modules/accounts/profile-schema";
import { Loading, ResultLine, type AccountAnswer } from "./shared";

export type AccountSummary = { name: string; email: string; memberSince: Date | string };
/** The saved checkout details of a buyer (phone in E.164). */
export type ProfileDetails = {
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

export function ProfileTab({
  account,
  profile,
  actionData,
}: {
  account: AccountSummary;
  profile: ProfileDetails | null;
  actionData?: AccountAnswer;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  // A refusal (the server's, or the browser's check with the same schema) shows beside each field.
  const reply = isRefusal(actionData) ? actionData : undefined;
  const [form, fields] = useFormShape(profileFormSchema, reply, { id: "edit-profile" });
  const kept = (name: string) => keptValue(reply, name);
  const notSet = <span className="text-stone-500">Not set</span>;

  return (
    <section aria-labelledby="profile-title" className="grid gap-6 lg:grid-cols-2">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <h2 id="profile-title" className="text-xl font-bold text-stone-900">
          Profile
        </h2>
        {profile === null ? (
          <Loading>Loading your profile...</Loading>
        ) : (
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-stone-600">Full Name</dt>
            <dd className="text-stone-900">{account.name}</dd>
            <dt className="font-medium text-stone-600">Email</dt>
            <dd className="break-all text-stone-900">{account.email}</dd>
            <dt className="font-medium text-stone-600">Account Type</dt>
            <dd className="text-stone-900">Customer</dd>
            <dt className="font-medium text-stone-600">Member Since</dt>
            <dd className="text-stone-900">{formatShopDateLong(account.memberSince)}</dd>
            <dt className="font-medium text-stone-600">Phone</dt>
            <dd className="text-stone-900">{profile.phone ? formatPakistaniMobile(profile.phone) : notSet}</dd>
            <dt className="font-medium text-stone-600">Default Address</dt>
            <dd className="whitespace-pre-line text-stone-900">{profile.address ?? notSet}</dd>
            <dt className="font-medium text-stone-600">City</dt>
            <dd className="text-stone-900">{profile.city ?? notSet}</dd>
            <dt className="font-medium text-stone-600">Postal Code</dt>
            <dd className="text-stone-900">{profile.postalCode ?? notSet}</dd>
          </dl>
        )}
      </div>

      {profile && (
        <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
          <h2 id="edit-profile-title" className="text-xl font-bold text-stone-900">
            Edit Profile
          </h2>
          <p className="mt-1 text-sm text-stone-600">Your phone and address fill in the checkout form for you.</p>
          <div className="mt-4 grid gap-4">
            {!reply && <ResultLine result={actionData} />}
            {formError(reply) && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
                {formError(reply)}
              </p>
            )}
            <Form
              method="post"
              id={form.id}
              onSubmit={form.onSubmit}
              noValidate
              aria-labelledby="edit-profile-title"
              className="grid gap-4"
              preventScrollReset
            >
              <input type="hidden" name="intent" value="profile" />
              <TextField
                label="Full Name"
                name="name"
                autoComplete="name"
                defaultValue={kept("name") ?? account.name}
                error={fields.name.errors?.[0]}
              />
              <TextField
                label="Phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                required={false}
                placeholder="0300 1234567"
                defaultValue={kept("phone") ?? (profile.phone ? formatPakistaniMobile(profile.phone) : "")}
                error={fields.phone.errors?.[0]}
              />
              <TextField
                label="Default Address"
                name="address"
                multiline
                rows={3}
                autoComplete="street-address"
                required={false}
                defaultValue={kept("address") ?? profile.address ?? ""}
                error={fields.address.errors?.[0]}
              />
              <CityField
                city={reply ? (kept("city") ?? "") : (profile.city ?? "")}
                cityOther={kept("cityOther")}
                error={fields.city.errors?.[0]}
                required={false}
                showOther="until-hydrated"
                selectAutoComplete="address-level2"
              />
              <TextField
                label="Postal Code"
                name="postalCode"
                inputMode="numeric"
                autoComplete="postal-code"
                required={false}
                defaultValue={kept("postalCode") ?? profile.postalCode ?? ""}
                error={fields.postalCode.errors?.[0]}
              />
              <button type="submit" className="btn-primary justify-self-start px-6" disabled={saving}>
                {saving ? "Saving..." : "Save Profile"}
              </button>
            </Form>
          </div>
        </div>
      )}
    </section>
  );
}
