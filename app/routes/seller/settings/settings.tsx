import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import type { ReactNode } from "react";
import { Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { saveSettingsForm } from "~/http/settings-action.server";
import { isRefusal, keptValue } from "~/lib/form-reply";
import { publicOrigin } from "~/lib/public-origin";
import { pageMeta } from "~/lib/seo";
import { canSend } from "~/modules/messages/message-sender";
import { sendTestEmail, type TestEmailResult } from "~/modules/messages/send-test-email.server";
import { staffNoticeRecipients } from "~/modules/messages/staff-recipients.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import {
  SETTINGS_FIELDS,
  SETTINGS_SAVED,
  settingsFormValues,
  settingsSchema,
  type SettingsField,
} from "~/modules/settings/settings-schema";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Settings",
    description: "The shop's brand, contacts, shipping and cash-on-delivery rules.",
    path: "/seller/settings",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [settings, recipients] = await Promise.all([getSettings(context.db), staffNoticeRecipients(context.db)]);
  return {
    values: settingsFormValues(settings),
    recipients,
    mailServer: canSend(context.providers.messaging, "email"),
  };
}

const TEST_EMAIL_INTENT = "test-email";

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  // The test e-mail's button sends nothing typed: its intent alone, read first.
  if (form.get("intent") === TEST_EMAIL_INTENT) {
    // Sent from this request through the shop's e-mail sender, so the owner reads the mail server's answer here.
    const result = await sendTestEmail(context.db, {
      sender: context.providers.messaging.email,
      from: context.env.MAIL_FROM ?? null,
      publicUrl: publicOrigin(context.env),
      requestedBy: user.name || user.email,
    });
    return { intent: TEST_EMAIL_INTENT, ...result } satisfies TestEmailResult & { intent: string };
  }
  // A refusal answers 200 (the page shows it with what was typed), as before.
  const result = await saveSettingsForm(context.db, form);
  if (isRefusal(result)) return result;
  // Redirect after a save, so a reload does not post again; the toast rides along (with or without JavaScript).
  throw redirect("/seller/settings", {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: SETTINGS_SAVED }) },
  });
}

export default function SellerSettings({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === "/seller/settings";
  const failed = isRefusal(actionData) ? actionData : null;
  const testFetcher = useFetcher<typeof action>();
  const testing = testFetcher.state !== "idle";
  // With JavaScript the test goes through the fetcher (what is typed stays); without, the page posts and reloads.
  const testData = testFetcher.data ?? actionData;
  const testResult = testData && !isRefusal(testData) && "intent" in testData ? testData : null;
  // After a refused save the form shows what was typed, not what is stored (an unticked switch sent nothing: off).
  const values: Record<SettingsField, string> = failed
    ? (Object.fromEntries(
        SETTINGS_FIELDS.map((name) => [
          name,
          keptValue(failed, name) ?? (name === "cartReminders" || name === "lowStockDigest" ? "off" : ""),
        ]),
      ) as Record<SettingsField, string>)
    : loaderData.values;
  // The action's schema checks the form in the browser too; the server's refusal shows the same way.
  const [form] = useFormShape(settingsSchema, failed, { id: "settings-form" });
  const errors: Partial<Record<SettingsField, string>> = shownErrors(form);
  const refused = failed !== null || form.status === "error";
  const field = (name: SettingsField) => ({ name, defaultValue: values[name], error: errors[name] });

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title" className="text-xl font-semibold text-stone-900">
        Settings
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        What you save here shows on every page of the shop at once: header, footer, contact page, shipping copy and
        checkout.
      </p>
      {/* Keyed by its values: after a save (stored values, normalised) or a refusal (typed values) the inputs show them. */}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 grid gap-6"
        key={JSON.stringify(values)}
        aria-labelledby="settings-title"
      >
        {refused && Object.keys(errors).length > 0 && (
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

        <Fieldset
          legend="Tax registration"
          note="The shop's numbers with FBR, printed on every invoice under the shop's address. Leave a number empty if the shop has none."
        >
          <TextField
            label="NTN (National Tax Number)"
            inputMode="numeric"
            required={false}
            placeholder="e.g. 1234567-8"
            hint="7 digits and a check digit, or your 13-digit CNIC if you file as an individual."
            {...field("ntn")}
          />
          <TextField
            label="STRN (Sales Tax Registration Number)"
            inputMode="numeric"
            required={false}
            placeholder="13 digits"
            hint="Only if the shop is registered for sales tax."
            {...field("strn")}
          />
        </Fieldset>

        <Fieldset
          legend="Shipping"
          note="The fee is added to every order below the free-shipping threshold. Every line of shop copy about shipping is written from these two figures."
        >
          <TextField label="Shipping fee (PKR)" inputMode="numeric" {...field("shippingFee")} />
          <TextField
            label="Free shipping from (PKR)"
            inputMode="numeric"
            required={false}
            placeholder="Empty: no free shipping"
            {...field("freeShippingThreshold")}
          />
        </Fieldset>

        <Fieldset
          legend="Returns and delivery"
          note="What the shop promises: the pages, the FAQ, the invoice and the delivery dates each order gets are written from these. Working days skip Sundays."
        >
          <TextField
            label="Return window (days after delivery)"
            inputMode="numeric"
            hint="0 to 90; 0 means no returns."
            {...field("returnWindowDays")}
          />
          <div className="hidden sm:block" />
          <TextField
            label={`Delivery in ${loaderData.values.city || "your city"}: fewest working days`}
            inputMode="numeric"
            {...field("localDeliveryMinDays")}
          />
          <TextField
            label={`Delivery in ${loaderData.values.city || "your city"}: most working days`}
            inputMode="numeric"
            {...field("localDeliveryMaxDays")}
          />
          <TextField
            label="Delivery elsewhere in Pakistan: fewest working days"
            inputMode="numeric"
            {...field("nationalDeliveryMinDays")}
          />
          <TextField
            label="Delivery elsewhere in Pakistan: most working days"
            inputMode="numeric"
            {...field("nationalDeliveryMaxDays")}
          />
        </Fieldset>

        <Fieldset
          legend="Couriers"
          note="The couriers you ship with, their rate cards and booking files, and the rules that suggest a courier for each order have their own page."
        >
          <div className="sm:col-span-2">
            <Link
              to="/seller/settings/couriers"
              className="inline-flex min-h-10 items-center font-medium text-brand-700 underline"
            >
              Couriers and routing rules
            </Link>
          </div>
          <TextField
            label="Settlement overdue after (days)"
            inputMode="numeric"
            hint="A delivered parcel whose cash the courier has not paid after this many days is listed as overdue."
            {...field("settlementOverdueDays")}
          />
        </Fieldset>

        <Fieldset
          legend="Payments"
          note="Online payment with Safepay (cards and wallets) and JazzCash beside cash on delivery, how long an unpaid order holds its stock, a COD fee, and an advance asked up front on risky COD orders."
        >
          <div className="sm:col-span-2">
            <Link
              to="/seller/settings/payments"
              className="inline-flex min-h-10 items-center font-medium text-brand-700 underline"
            >
              Online payments and COD rules
            </Link>
          </div>
        </Fieldset>

        <Fieldset
          legend="WhatsApp"
          note="Confirm cash-on-delivery orders on WhatsApp by themselves (Confirm and Cancel buttons), with shipped and delivered notices, through the WhatsApp Business Cloud API."
        >
          <div className="sm:col-span-2">
            <Link
              to="/seller/settings/whatsapp"
              className="inline-flex min-h-10 items-center font-medium text-brand-700 underline"
            >
              WhatsApp confirmations
            </Link>
          </div>
        </Fieldset>

        <Fieldset
          legend="Meta: catalogue, Pixel and purchases"
          note="Your products in Meta's catalogue (Instagram and Facebook shops, catalogue ads), the Meta Pixel, and purchases reported to your ads only once an order is confirmed or delivered."
        >
          <div className="sm:col-span-2">
            <Link
              to="/seller/settings/marketing"
              className="inline-flex min-h-10 items-center font-medium text-brand-700 underline"
            >
              Marketing: Meta Pixel and catalogue feed
            </Link>
          </div>
        </Fieldset>

        <Fieldset
          legend="Marketing e-mails and cart reminders"
          note="Only buyers who ticked Marketing e-mails (or WhatsApp offers) get these; every e-mail carries an unsubscribe link, and a STOP reply on WhatsApp opts out. They show in Email Logs and the WhatsApp Log."
        >
          <div className="sm:col-span-2">
            {/* An unticked box sends nothing: the marker says the switch was on the form, so nothing means off. */}
            <input type="hidden" name="cartRemindersShown" value="1" />
            <label className="flex min-h-10 items-center gap-3 text-stone-900">
              <input
                type="checkbox"
                name="cartReminders"
                value="on"
                defaultChecked={values.cartReminders !== "off"}
                className="size-5"
                aria-describedby="cart-reminders-note"
              />
              <span className="font-medium">Forgotten-cart reminders</span>
            </label>
            <p id="cart-reminders-note" className="mt-1 text-xs text-stone-600">
              One reminder to a buyer whose cart has sat this long without an order: its items at today&apos;s prices
              and stock, and a link back. Never twice for the same cart. Buyers who opted in to WhatsApp offers get it
              on WhatsApp (when WhatsApp is set up, at most once in 7 days, never after they ordered); the others by
              e-mail.
            </p>
          </div>
          <TextField
            label="Remind after (hours)"
            inputMode="numeric"
            hint="1 to 168: how long a cart sits untouched before its reminder."
            {...field("cartReminderHours")}
          />
        </Fieldset>

        <Fieldset
          legend="Cash on delivery risk"
          note="Orders above the limit, or from a blocked number, are refused at checkout with a clear message. Customers with a risk tag or a low delivery rate are flagged on their new orders."
        >
          <TextField
            label="Maximum COD order value (PKR)"
            inputMode="numeric"
            required={false}
            placeholder="Empty: no limit"
            {...field("maxCodOrderValue")}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Blocked phone numbers"
              multiline
              rows={4}
              required={false}
              placeholder={"One per line, e.g.\n0300 1234567\n+92 321 7654321"}
              {...field("blockedPhones")}
            />
            <p className="mt-1 text-xs text-stone-600">
              One number per line, written any way (0300-1234567, +92 300 1234567). They are saved in one format.
            </p>
          </div>
          <div className="sm:col-span-2">
            <TextField
              label="Risk tags"
              multiline
              rows={2}
              required={false}
              placeholder="e.g. risky, fake orders"
              hint="A customer with one of these tags (Customers tab) gets the risk flag on new orders. Comma or line separated; empty: no tag flags an order."
              {...field("riskTags")}
            />
          </div>
          <TextField
            label="Flag customers whose delivery rate is below (%)"
            inputMode="numeric"
            required={false}
            placeholder="Empty: off"
            hint="Delivered parcels out of delivered and returned ones, 1 to 100."
            {...field("minDeliveryRate")}
          />
          <TextField
            label="...after at least this many finished parcels"
            inputMode="numeric"
            hint="A new customer is not judged on one parcel: 1 or more delivered or returned first."
            {...field("minFinishedParcels")}
          />
        </Fieldset>

        <Fieldset
          legend="Low stock"
          note="A colour and size with this many pieces or fewer is marked Low stock in Products; a product can set its own level in its form."
        >
          <TextField
            label="Low-stock alert at (units)"
            inputMode="numeric"
            hint="The shop's default; 0 marks only sold-out sizes."
            {...field("lowStockThreshold")}
          />
          <div>
            {/* An unticked box sends nothing: the marker says the switch was on the form, so nothing means off. */}
            <input type="hidden" name="lowStockDigestShown" value="1" />
            <label className="flex min-h-10 items-center gap-3 text-stone-900">
              <input
                type="checkbox"
                name="lowStockDigest"
                value="on"
                defaultChecked={values.lowStockDigest !== "off"}
                className="size-5"
                aria-describedby="low-stock-digest-note"
              />
              <span className="font-medium">Send the daily low-stock e-mail</span>
            </label>
            <p id="low-stock-digest-note" className="mt-1 text-xs text-stone-600">
              At 9:00 (Pakistan time), one e-mail to the notification recipients listing what is low. Nothing is sent on
              a day nothing is low.
            </p>
            {errors.lowStockDigest && <p className="field-error">{errors.lowStockDigest}</p>}
          </div>
        </Fieldset>

        <Fieldset
          legend="Notification recipients"
          note="New orders, cancellations by customers and contact messages are e-mailed to these addresses, one e-mail each. Leave it empty to tell every seller (Team page). The contact e-mail above is only shown to buyers."
        >
          <div className="sm:col-span-2">
            <TextField
              label="Notification recipients"
              multiline
              rows={3}
              required={false}
              placeholder={"One e-mail per line, e.g.\norders@kapra.pk"}
              {...field("notificationEmails")}
            />
            <p className="mt-1 text-xs text-stone-600">
              One e-mail per line, at most 10. Removing someone&apos;s seller role on the Team page also takes them off
              this list.{" "}
              {loaderData.values.notificationEmails === "" &&
                `Now empty, so every seller is told: ${loaderData.recipients.join(", ")}.`}
            </p>
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              form="test-email-form"
              name="intent"
              value={TEST_EMAIL_INTENT}
              className="btn-secondary px-4"
              disabled={testing}
              aria-describedby="test-email-note"
            >
              {testing ? "Sending..." : "Send test e-mail"}
            </button>
            <p id="test-email-note" className="mt-1 text-xs text-stone-600">
              Sends to the saved recipients: save first if you changed the list.{" "}
              {loaderData.mailServer
                ? "It goes out at once and you see the mail server's answer here."
                : "No mail server is configured (SMTP_URL), so it is only kept in Email Logs."}
            </p>
            {testResult && (
              <p
                role={testResult.sent ? "status" : "alert"}
                className={`mt-2 rounded-lg px-3 py-2 text-sm font-medium ${testResult.sent ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
              >
                {testResult.message}
              </p>
            )}
          </div>
        </Fieldset>

        <Fieldset legend="Figures on the About page" note="Shown to shoppers as they are: keep them true.">
          <TextField label="Happy customers" inputMode="numeric" {...field("happyCustomers")} />
          <TextField label="Years in business" inputMode="numeric" {...field("yearsInBusiness")} />
          <TextField label="Products sold" inputMode="numeric" {...field("productsSold")} />
          <TextField label="Average rating (0-5)" inputMode="text" {...field("averageRating")} />
        </Fieldset>

        <button type="submit" className="btn-primary justify-self-start px-6" disabled={saving}>
          {saving ? "Saving..." : "Save Settings"}
        </button>
      </Form>
      {/* The "Send test e-mail" button above belongs to this form (form="test-email-form"): it sends nothing typed. */}
      <testFetcher.Form id="test-email-form" method="post" action="/seller/settings" />
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
