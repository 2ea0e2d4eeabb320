import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { SettingsPageTitle } from "~/components/seller/settings-page-title";
import { FormAlert, SelectField, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusal } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { formKey } from "~/lib/form-key";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { publicOrigin } from "~/lib/public-origin";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { whatsappOrderDesk } from "~/flows/whatsapp-order-desk.server";
import { sendTestWhatsapp } from "~/modules/messages/whatsapp-delivery.server";
import { WHATSAPP_TEMPLATE_TEXTS } from "~/modules/messages/whatsapp-messages";
import {
  UNKNOWN_WHATSAPP_ACTION,
  WHATSAPP_FORM_FIELDS,
  WHATSAPP_LANGUAGES,
  whatsappSettingsSchema,
  type WhatsappFormField,
  type WhatsappFormValues,
} from "~/modules/messages/whatsapp-settings-form";
import {
  deleteWhatsappSettings,
  readWhatsappSettings,
  saveWhatsappSettings,
} from "~/modules/messages/whatsapp-settings.server";
import type { Route } from "./+types/whatsapp";

const PATH = "/seller/settings/whatsapp";
export const WHATSAPP_SAVED = "WhatsApp settings saved";
const REFUSED = "Nothing was saved: please correct the fields marked below.";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "WhatsApp",
    description: "Confirm cash-on-delivery orders on WhatsApp: the Cloud API's account, templates and timing.",
    path: PATH,
    noindex: true,
  });

const KNOWN_LANGUAGES = ["en", "ur"];

function storedValues(view: Awaited<ReturnType<typeof readWhatsappSettings>>): WhatsappFormValues {
  const language = view?.language ?? "en";
  return {
    phoneNumberId: view?.phoneNumberId ?? "",
    confirmationTemplate: view?.confirmationTemplate ?? WHATSAPP_TEMPLATE_TEXTS.confirmation.defaultName,
    shippedTemplate: view?.shippedTemplate ?? WHATSAPP_TEMPLATE_TEXTS.shipped.defaultName,
    deliveredTemplate: view?.deliveredTemplate ?? WHATSAPP_TEMPLATE_TEXTS.delivered.defaultName,
    cartReminderTemplate: view?.cartReminderTemplate ?? WHATSAPP_TEMPLATE_TEXTS.cartReminder.defaultName,
    language: KNOWN_LANGUAGES.includes(language) ? language : "other",
    languageOther: KNOWN_LANGUAGES.includes(language) ? "" : language,
    sendDelayMinutes: String(view?.sendDelayMinutes ?? 0),
    needsCallHours: String(view?.needsCallHours ?? 24),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const view = await readWhatsappSettings(context.db);
  return {
    // Never a secret: only whether one is saved and its last four characters.
    saved: view
      ? {
          accessToken: view.accessTokenLast4,
          appSecret: view.appSecretLast4,
          verifyToken: view.verifyTokenLast4,
          updatedAt: formatShopDateTimeHour12(view.updatedAt),
        }
      : null,
    values: storedValues(view),
    webhookUrl: `${publicOrigin(context.env)}/webhooks/whatsapp`,
    templates: WHATSAPP_TEMPLATE_TEXTS,
  };
}

/** Send test message's answer: Meta's words (a refusal of the number itself is a FormReply). */
export type WhatsappTestAnswer = { intent: "test"; ok: boolean; message: string; to: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const box = context.secretBoxes["whatsapp-settings"];
  const flash = async (message: string) =>
    redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  const secretsSaved = (await readWhatsappSettings(context.db)) !== null;
  // Refusals answer 200 (the page reloads its state with them); the secrets are never sent back.
  const submission = parseSubmission(await request.formData(), whatsappSettingsSchema(secretsSaved));
  if (submission.status !== "success")
    return refusal(submission, { formError: submission.error?.intent ? UNKNOWN_WHATSAPP_ACTION : REFUSED });
  const sent = submission.value;
  switch (sent.intent) {
    case "save": {
      await saveWhatsappSettings(context.db, box, sent.input);
      return flash(WHATSAPP_SAVED);
    }
    case "test": {
      const result = await sendTestWhatsapp(context.db, {
        to: sent.to,
        requestedBy: user.email,
        options: {
          senders: context.providers.messaging,
          whatsappBox: box,
          orderDesk: whatsappOrderDesk,
          publicUrl: publicOrigin(context.env),
        },
      });
      return { intent: "test", ok: result.sent, message: result.message, to: sent.to } satisfies WhatsappTestAnswer;
    }
    case "turn-off": {
      await deleteWhatsappSettings(context.db);
      return flash("WhatsApp turned off: its settings and secrets are deleted; orders are confirmed by call.");
    }
  }
}

export default function SellerSettingsWhatsapp({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const { saved, webhookUrl, templates } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const reply = isRefusal(actionData) ? actionData : null;
  const answered = formError(reply) === UNKNOWN_WHATSAPP_ACTION ? null : keptValue(reply, "intent");
  const saveAnswer = answered === "save" ? reply : null;
  const testRefused = answered === "test" ? reply : null;
  const testAnswer = actionData && !isRefusal(actionData) ? (actionData as WhatsappTestAnswer) : null;
  const values: WhatsappFormValues = saveAnswer
    ? {
        phoneNumberId: keptValue(saveAnswer, "phoneNumberId") ?? "",
        confirmationTemplate: keptValue(saveAnswer, "confirmationTemplate") ?? "",
        shippedTemplate: keptValue(saveAnswer, "shippedTemplate") ?? "",
        deliveredTemplate: keptValue(saveAnswer, "deliveredTemplate") ?? "",
        cartReminderTemplate: keptValue(saveAnswer, "cartReminderTemplate") ?? "",
        language: keptValue(saveAnswer, "language") || "en",
        languageOther: keptValue(saveAnswer, "languageOther") ?? "",
        sendDelayMinutes: keptValue(saveAnswer, "sendDelayMinutes") ?? "",
        needsCallHours: keptValue(saveAnswer, "needsCallHours") ?? "",
      }
    : loaderData.values;
  // The action's schema checks both forms in the browser too (with whether the secrets are saved).
  const schema = whatsappSettingsSchema(saved !== null);
  const [saveForm, saveFields] = useFormShape(schema, saveAnswer, { id: "whatsapp-settings-form" });
  const [testForm, testFields] = useFormShape(schema, testRefused, { id: "whatsapp-test-form" });
  const errors = Object.fromEntries(
    WHATSAPP_FORM_FIELDS.map((name) => [
      name,
      (saveFields as Record<string, { errors?: string[] }>)[name]?.errors?.[0],
    ]),
  ) as Partial<Record<WhatsappFormField, string>>;
  const testError = (testFields as Record<string, { errors?: string[] }>).to?.errors?.[0];
  useFocusFirstInvalid(saveAnswer?.error ?? undefined);
  const secretHint = (last4: string | undefined) =>
    last4 ? `Saved: •••• ${last4}. Leave empty to keep it.` : undefined;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="whatsapp-title">
        <SettingsPageTitle id="whatsapp-title">WhatsApp</SettingsPageTitle>
        <p className="mt-1 text-sm text-stone-700">
          With the WhatsApp Business Cloud API the shop asks each cash-on-delivery buyer to confirm on WhatsApp (Confirm
          and Cancel buttons), and tells them when the parcel ships and arrives. Without it, orders are confirmed by
          call or wa.me links as before. Every message is listed in the{" "}
          <Link className="underline" to="/seller/whatsapp-logs">
            WhatsApp Log
          </Link>
          .
        </p>
        <p
          className={`mt-2 rounded-lg px-4 py-3 text-sm font-medium ${saved ? "bg-green-50 text-green-900" : "bg-stone-50 text-stone-800"}`}
          data-testid="whatsapp-state"
        >
          {saved
            ? `WhatsApp is on (saved ${saved.updatedAt}).`
            : "WhatsApp is off: fill in the account below to turn it on."}
        </p>
      </section>

      <Form
        method="post"
        id={saveForm.id}
        onSubmit={saveForm.onSubmit}
        noValidate
        key={formKey(location.key, saveAnswer, values)}
        aria-labelledby="whatsapp-form-title"
        className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 id="whatsapp-form-title" className="text-lg font-semibold text-stone-900">
          Account and templates
        </h3>
        {formMessage(saveForm, REFUSED) && <FormAlert>{formMessage(saveForm, REFUSED)}</FormAlert>}
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone-number ID"
            name="phoneNumberId"
            inputMode="numeric"
            defaultValue={values.phoneNumberId}
            error={errors?.phoneNumberId}
            hint="In Meta's app: WhatsApp > API Setup, under the number (digits, not the phone number)."
          />
          <TextField
            label="Permanent access token"
            name="accessToken"
            type="password"
            autoComplete="new-password"
            required={!saved}
            error={errors?.accessToken}
            hint={secretHint(saved?.accessToken) ?? "A system user's token with whatsapp_business_messaging."}
          />
          <TextField
            label="App secret"
            name="appSecret"
            type="password"
            autoComplete="new-password"
            required={!saved}
            error={errors?.appSecret}
            hint={secretHint(saved?.appSecret) ?? "App settings > Basic: it proves webhooks come from Meta."}
          />
          <TextField
            label="Verify token"
            name="verifyToken"
            type="password"
            autoComplete="new-password"
            required={!saved}
            error={errors?.verifyToken}
            hint={
              secretHint(saved?.verifyToken) ??
              "Any phrase you choose (8+ characters); type the same in Meta's webhook settings."
            }
          />
          <TextField
            label="Confirmation template name"
            name="confirmationTemplate"
            defaultValue={values.confirmationTemplate}
            error={errors?.confirmationTemplate}
          />
          <TextField
            label="Shipped template name"
            name="shippedTemplate"
            defaultValue={values.shippedTemplate}
            error={errors?.shippedTemplate}
          />
          <TextField
            label="Delivered template name"
            name="deliveredTemplate"
            defaultValue={values.deliveredTemplate}
            error={errors?.deliveredTemplate}
          />
          <TextField
            label="Cart reminder template name"
            name="cartReminderTemplate"
            defaultValue={values.cartReminderTemplate}
            error={errors?.cartReminderTemplate}
            hint="A Marketing template: sent only to buyers who opted in to WhatsApp offers, once per forgotten cart and at most once in 7 days."
          />
          <SelectField
            label="Template language"
            name="language"
            defaultValue={values.language}
            error={errors?.language}
          >
            {WHATSAPP_LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Other language code"
            name="languageOther"
            required={false}
            defaultValue={values.languageOther}
            error={errors?.languageOther}
            placeholder="e.g. en_US"
            hint="Only with Another code: the code your templates were approved in."
          />
          <TextField
            label="Send the confirmation after (minutes)"
            name="sendDelayMinutes"
            inputMode="numeric"
            defaultValue={values.sendDelayMinutes}
            error={errors?.sendDelayMinutes}
            hint="0 sends it at once; up to 1440 (a day)."
          />
          <TextField
            label="Needs call after (hours without a reply)"
            name="needsCallHours"
            inputMode="numeric"
            defaultValue={values.needsCallHours}
            error={errors?.needsCallHours}
            hint="1 to 168: orders with no answer this long are listed under Needs call."
          />
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={busy === "save"}>
            {busy === "save" ? "Saving..." : "Save WhatsApp settings"}
          </button>
        </div>
      </Form>

      <section aria-labelledby="webhook-title" className="rounded-xl border border-stone-200 bg-white p-4 text-sm">
        <h3 id="webhook-title" className="text-lg font-semibold text-stone-900">
          Webhook for Meta
        </h3>
        <p className="mt-1 text-stone-700">
          In your Meta app: WhatsApp &gt; Configuration &gt; Webhook. Paste this callback URL, type your verify token,
          and subscribe to <code>messages</code>.
        </p>
        <p className="mt-2 break-all rounded-lg bg-stone-50 px-3 py-2 font-mono" data-testid="webhook-url">
          {webhookUrl}
        </p>
      </section>

      <section aria-labelledby="templates-title" className="rounded-xl border border-stone-200 bg-white p-4 text-sm">
        <h3 id="templates-title" className="text-lg font-semibold text-stone-900">
          Templates to submit to Meta
        </h3>
        <p className="mt-1 text-stone-700">
          In WhatsApp Manager &gt; Message templates, create each in the category shown (the order messages Utility, the
          cart reminder Marketing), in your language, with exactly this body (and for the confirmation two Quick reply
          buttons, in this order).
        </p>
        <dl className="mt-3 grid gap-4">
          {Object.values(templates).map((t) => (
            <div key={t.defaultName}>
              <dt className="font-semibold text-stone-900">
                <code>{t.defaultName}</code> <span className="font-normal text-stone-700">(category {t.category})</span>
              </dt>
              <dd className="mt-1">
                <p className="whitespace-pre-wrap break-words rounded-lg bg-stone-50 px-3 py-2 font-mono text-stone-900">
                  {t.body}
                </p>
                {t.buttons.length > 0 && (
                  <p className="mt-1 text-stone-700">
                    Quick reply buttons: {t.buttons.map((b, i) => `${i + 1}. ${b}`).join(", ")}
                  </p>
                )}
                <p className="mt-1 text-stone-700">
                  Sample values: {t.sample.map((s, i) => `{{${i + 1}}} ${s}`).join("; ")}
                </p>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Form
        method="post"
        id={testForm.id}
        onSubmit={testForm.onSubmit}
        noValidate
        aria-labelledby="test-title"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
        key={formKey(location.key, testAnswer ?? testRefused)}
      >
        <h3 id="test-title" className="text-lg font-semibold text-stone-900">
          Send test message
        </h3>
        <p className="text-sm text-stone-700">
          Sends the confirmation template with sample values to this number now, and shows Meta&apos;s answer.
        </p>
        <input type="hidden" name="intent" value="test" />
        <TextField
          label="WhatsApp number"
          name="to"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          defaultValue={testAnswer?.to ?? keptValue(testRefused, "to") ?? ""}
          error={testError}
          placeholder="0300 1234567"
        />
        {testAnswer && (
          <p
            role={testAnswer.ok ? "status" : "alert"}
            data-testid="test-answer"
            className={`rounded-lg px-4 py-3 text-sm font-medium ${testAnswer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
          >
            {testAnswer.message}
          </p>
        )}
        <div>
          <button type="submit" className="btn-secondary" disabled={!saved || busy === "test"}>
            {busy === "test" ? "Sending..." : "Send test message"}
          </button>
        </div>
        {!saved && <p className="text-xs text-stone-600">Save the settings first.</p>}
      </Form>

      {saved && (
        <Form method="post" className="rounded-xl border border-red-200 bg-white p-4">
          <h3 className="text-lg font-semibold text-stone-900">Turn off WhatsApp</h3>
          <p className="mt-1 text-sm text-stone-700">
            Deletes these settings and the saved secrets. Messages not yet sent are kept in the log, not sent.
          </p>
          <input type="hidden" name="intent" value="turn-off" />
          <button type="submit" className="btn-secondary mt-3" disabled={busy === "turn-off"}>
            Turn off WhatsApp
          </button>
        </Form>
      )}
      {reply && !saveAnswer && !testRefused && <FormAlert>{formError(reply)}</FormAlert>}
    </div>
  );
}
