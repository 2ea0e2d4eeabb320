import type { ReactNode } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { requireSeller } from "~/lib/auth-guard.server";
import { setFlash } from "~/lib/flash.server";
import { pageMeta } from "~/lib/seo";
import { getSettings } from "~/modules/settings/get-settings.server";
import { SETTINGS_SAVED, settingsFormValues } from "~/modules/settings/settings-schema";
import { updateSettings } from "~/modules/settings/update-settings.server";
import type { Route } from "./+types/seller-settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Settings", description: "The shop's brand, contacts, shipping and cash-on-delivery rules.", path: "/seller-dashboard/settings", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return { values: settingsFormValues(await getSettings(context.db)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const result = await updateSettings(context.db, Object.fromEntries(await request.formData()));
  if (!result.ok) return result;
  // Redirect after a save, so a reload does not post again; the toast rides along (with or without JavaScript).
  throw redirect("/seller-dashboard/settings", { headers: { "Set-Cookie": await setFlash({ type: "success", message: SETTINGS_SAVED }) } });
}

export default function SellerSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === "/seller-dashboard/settings";
  const failed = actionData && !actionData.ok ? actionData : null;
  // After a refused save the form shows what was typed, not what is stored.
  const values = failed?.values ?? loaderData.values;
  const errors = failed?.errors ?? {};
  const field = (name: keyof typeof values) => ({ name, defaultValue: values[name], error: errors[name] });

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-xl font-semibold text-stone-900">Settings</h2>
      <p className="mt-1 text-sm text-stone-700">What you save here shows on every page of the shop at once: header, footer, contact page, shipping copy and checkout.</p>
      {/* Keyed by its values: after a save (stored values, normalised) or a refusal (typed values) the inputs show them. */}
      <Form method="post" noValidate className="mt-4 grid gap-6" key={JSON.stringify(values)} aria-labelledby="settings-title">
        {failed && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
            Nothing was saved: please correct the {Object.keys(errors).length === 1 ? "field" : "fields"} marked below.
          </p>
        )}
        <Fieldset legend="Brand and contacts">
          <TextField label="Brand name" autoComplete="organization" {...field("brandName")} />
          <TextField label="Contact e-mail" type="email" autoComplete="email" {...field("contactEmail")} />
          <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" {...field("phone")} />
          <TextField label="Instagram handle" placeholder="@kapra.pk" {...field("instagram")} />
          <TextField label="Address" autoComplete="address-line1" {...field("address")} />
          <TextField label="City" autoComplete="address-level2" {...field("city")} />
        </Fieldset>

        <Fieldset legend="Shipping" note="The fee is added to every order below the free-shipping threshold. Every line of shop copy about shipping is written from these two figures.">
          <TextField label="Shipping fee (PKR)" inputMode="numeric" {...field("shippingFee")} />
          <TextField label="Free shipping from (PKR)" inputMode="numeric" required={false} placeholder="Empty: no free shipping" {...field("freeShippingThreshold")} />
        </Fieldset>

        <Fieldset legend="Cash on delivery risk" note="Orders above the limit, or from a blocked number, are refused at checkout with a clear message.">
          <TextField label="Maximum COD order value (PKR)" inputMode="numeric" required={false} placeholder="Empty: no limit" {...field("maxCodOrderValue")} />
          <div className="sm:col-span-2">
            <TextField label="Blocked phone numbers" multiline rows={4} required={false} placeholder={"One per line, e.g.\n0300 1234567\n+92 321 7654321"} {...field("blockedPhones")} />
            <p className="mt-1 text-xs text-stone-600">One number per line, written any way (0300-1234567, +92 300 1234567). They are saved in one format.</p>
          </div>
        </Fieldset>

        <Fieldset legend="Figures on the About page" note="Shown to shoppers as they are: keep them true.">
          <TextField label="Happy customers" inputMode="numeric" {...field("happyCustomers")} />
          <TextField label="Years in business" inputMode="numeric" {...field("yearsInBusiness")} />
          <TextField label="Products sold" inputMode="numeric" {...field("productsSold")} />
          <TextField label="Average rating (0-5)" inputMode="text" {...field("averageRating")} />
        </Fieldset>

        <button type="submit" className="btn-primary justify-self-start px-6" disabled={saving}>{saving ? "Saving..." : "Save Settings"}</button>
      </Form>
    </section>
  );
}

function Fieldset({ legend, note, children }: { legend: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <legend className="px-1 font-semibold text-stone-900">{legend}</legend>
      {note && <p className="mb-3 text-sm text-stone-700">{note}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
