import { Form, redirect, useLocation, useNavigation } from "react-router";
import { SettingsPageTitle } from "~/components/seller/settings-page-title";
import { FormAlert, SelectField, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { fieldMessages, formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { formKey } from "~/lib/form-key";
import { type FormReply, formError, isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { GATEWAY_LABELS, type PaymentGatewayName } from "~/modules/payments/payment-gateway";
import { ADVANCE_KIND_LABELS, ADVANCE_KINDS } from "~/modules/payments/payment-rules";
import {
  isKeyField,
  KEY_PREFIX,
  KEYS_UNREADABLE,
  paymentSettingsSchema,
  rulesFormValues,
  UNKNOWN_PAYMENTS_ACTION,
} from "~/modules/payments/payment-settings-form";
import {
  connectGateway,
  disconnectGateway,
  readGateways,
  readPaymentRules,
  savePaymentRules,
  setGatewayOffered,
} from "~/modules/payments/payment-settings.server";
import type { Route } from "./+types/payments";

const PATH = "/seller/settings/payments";
const REFUSED = "Nothing was saved: please correct the fields marked below.";
export const RULES_SAVED = "Payment rules saved";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Payments",
    description:
      "Online payment with Safepay and JazzCash, the stock hold, the COD fee and the advance on risky orders.",
    path: PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [gateways, rules] = await Promise.all([
    readGateways(context.db, context.secretBoxes["payment-credentials"]),
    readPaymentRules(context.db),
  ]);
  return {
    // Never a key: which fields each gateway asks for, and the saved ones' last four characters.
    gateways: gateways.map((g) => ({
      ...g,
      connectedAt: g.connectedAt ? formatShopDateTimeHour12(g.connectedAt) : null,
      fields: context.providers.payments[g.gateway].credentialFields.map((f) => ({ ...f })),
    })),
    rules: rulesFormValues(rules),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), paymentSettingsSchema);
  // A key typed is never sent back, whatever the answer.
  const refused = (options: { formError?: string; fieldErrors?: Record<string, string> }) =>
    refuse(submission, { ...options, hide: isKeyField });
  const done = async (message: string) =>
    redirect(PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  if (submission.status !== "success")
    return refused({ formError: submission.error?.intent ? UNKNOWN_PAYMENTS_ACTION : REFUSED });
  const sent = submission.value;
  switch (sent.intent) {
    case "connect": {
      const outcome = await connectGateway(
        context.db,
        context.secretBoxes["payment-credentials"],
        context.providers.payments,
        sent.gateway,
        sent.typed,
      );
      if (!outcome.ok)
        return refused({
          formError: outcome.message,
          fieldErrors: Object.fromEntries(Object.entries(outcome.fields).map(([k, m]) => [`${KEY_PREFIX}${k}`, m])),
        });
      return done(outcome.message);
    }
    case "offer": {
      const changed = await setGatewayOffered(context.db, sent.gateway, sent.offered);
      if (!changed)
        return refused({ formError: `${GATEWAY_LABELS[sent.gateway]} is not connected: connect it first.` });
      return done(
        sent.offered
          ? `Checkout offers ${GATEWAY_LABELS[sent.gateway]}`
          : `Checkout no longer offers ${GATEWAY_LABELS[sent.gateway]}; its keys are kept`,
      );
    }
    case "disconnect": {
      await disconnectGateway(context.db, sent.gateway);
      return done(
        `${GATEWAY_LABELS[sent.gateway]} disconnected: its keys are deleted and checkout no longer offers it`,
      );
    }
    case "rules": {
      await savePaymentRules(context.db, sent.rules);
      return done(RULES_SAVED);
    }
  }
}

type LoadedGateway = Route.ComponentProps["loaderData"]["gateways"][number];

/** Settings -> Payments: each gateway's keys (never shown back), Test and save, offered or not; the payment rules. */
export default function SellerSettingsPayments({ loaderData, actionData: sent }: Route.ComponentProps) {
  const actionData = useKeptActionData(sent);
  const location = useLocation();
  const navigation = useNavigation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? `${navigation.formData?.get("intent") ?? ""}:${navigation.formData?.get("gateway") ?? ""}`
      : null;
  const reply = isRefusal(actionData) ? actionData : null;
  const answered = formError(reply) === UNKNOWN_PAYMENTS_ACTION ? null : keptValue(reply, "intent");
  const rulesAnswer = answered === "rules" ? reply : null;
  const offered = loaderData.gateways.filter((g) => g.connected && g.offered && !g.unreadable);

  return (
    <div className="grid gap-6">
      <section aria-labelledby="payments-title">
        <SettingsPageTitle id="payments-title">Payments</SettingsPageTitle>
        <p className="mt-1 text-sm text-stone-700">
          Buyers can pay online with a card or wallet (Safepay) or with JazzCash, beside cash on delivery. An order paid
          online is marked paid only when the gateway itself says so, for exactly its amount.
        </p>
        <p
          data-testid="payments-state"
          className={`mt-2 rounded-lg px-4 py-3 text-sm font-medium ${offered.length ? "bg-green-50 text-green-900" : "bg-stone-50 text-stone-800"}`}
        >
          Checkout offers: Cash on delivery{offered.map((g) => `, ${g.label}`).join("")}.
        </p>
      </section>

      {loaderData.gateways.map((gateway) => {
        const answer = answered === "connect" && keptValue(reply, "gateway") === gateway.gateway ? reply : null;
        return (
          // A fresh form (empty key fields) after every answer: a typed key never stays in the page.
          <GatewayForms
            key={`${gateway.gateway}:${formKey(location.key, answer)}`}
            gateway={gateway}
            reply={answer}
            posting={posting}
          />
        );
      })}

      <RulesForm
        key={formKey(location.key, rulesAnswer)}
        values={rulesAnswer ? { ...loaderData.rules, ...keptRules(rulesAnswer) } : loaderData.rules}
        reply={rulesAnswer}
        busy={posting === "rules:"}
      />
      {reply && !rulesAnswer && answered !== "connect" && <FormAlert>{formError(reply)}</FormAlert>}
    </div>
  );
}

/** What the owner typed in a refused rules form, every field (an unticked box is empty). */
function keptRules(reply: FormReply): Record<string, string> {
  return Object.fromEntries(
    [...RULE_FIELDS, "advanceIfRefusedBefore"].map((name) => [name, keptValue(reply, name) ?? ""]),
  );
}

function GatewayForms({
  gateway,
  reply,
  posting,
}: {
  gateway: LoadedGateway;
  reply: FormReply | null;
  posting: string | null;
}) {
  const [form, fields] = useFormShape(paymentSettingsSchema, reply, { id: `connect-${gateway.gateway}` });
  const errors = fieldMessages(
    fields,
    gateway.fields.map((f) => `${KEY_PREFIX}${f.key}`),
  );
  const titleId = `gateway-${gateway.gateway}-title`;
  const busy = (intent: string) => posting === `${intent}:${gateway.gateway}`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4">
      <div>
        <h3 id={titleId} className="text-lg font-semibold text-stone-900">
          {gateway.label}
        </h3>
        <p className="mt-1 text-sm text-stone-700" data-testid={`gateway-state-${gateway.gateway}`}>
          {gateway.connected
            ? `Connected ${gateway.connectedAt}; ${gateway.offered ? "offered at checkout" : "not offered at checkout"}.`
            : "Not connected: enter the keys from your merchant account, then Test and save."}
        </p>
        {gateway.unreadable && (
          <div className="mt-2">
            <FormAlert>{KEYS_UNREADABLE}</FormAlert>
          </div>
        )}
      </div>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="grid gap-4"
        aria-labelledby={titleId}
      >
        {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
        <input type="hidden" name="intent" value="connect" />
        <input type="hidden" name="gateway" value={gateway.gateway} />
        <div className="grid gap-4 sm:grid-cols-2">
          {gateway.fields.map((field) => {
            const saved = gateway.hints[field.key];
            return (
              <TextField
                key={field.key}
                label={field.label}
                name={`${KEY_PREFIX}${field.key}`}
                type={field.secret ? "password" : "text"}
                autoComplete={field.secret ? "new-password" : "off"}
                required={!saved && !field.optional}
                defaultValue={field.secret ? undefined : saved}
                error={errors[`${KEY_PREFIX}${field.key}`]}
                hint={saved ? (field.secret ? `Saved: •••• ${saved}. Leave empty to keep it.` : undefined) : undefined}
              />
            );
          })}
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={busy("connect")}>
            {busy("connect") ? "Testing..." : `Test and save ${GATEWAY_LABELS[gateway.gateway as PaymentGatewayName]}`}
          </button>
        </div>
      </Form>
      {gateway.connected && (
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="offer" />
            <input type="hidden" name="gateway" value={gateway.gateway} />
            <input type="hidden" name="offered" value={gateway.offered ? "no" : "yes"} />
            <button type="submit" className="btn-secondary" disabled={busy("offer")}>
              {gateway.offered ? `Stop offering ${gateway.label}` : `Offer ${gateway.label} at checkout`}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="disconnect" />
            <input type="hidden" name="gateway" value={gateway.gateway} />
            <button type="submit" className="btn-secondary" disabled={busy("disconnect")}>
              Disconnect {gateway.label}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}

const RULE_FIELDS = [
  "holdMinutes",
  "codFee",
  "codFeeWaivedAbove",
  "advanceKind",
  "advanceValue",
  "advanceAbove",
  "advanceCities",
  "advanceTags",
] as const;

function RulesForm({
  values,
  reply,
  busy,
}: {
  values: Record<string, string>;
  reply: FormReply | null;
  busy: boolean;
}) {
  const [form, fields] = useFormShape(paymentSettingsSchema, reply, { id: "payment-rules-form" });
  const errors = fieldMessages(fields, RULE_FIELDS);
  useFocusFirstInvalid(reply?.error ?? undefined);
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="rules-title"
      className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id="rules-title" className="text-lg font-semibold text-stone-900">
        Payment rules
      </h3>
      {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
      <input type="hidden" name="intent" value="rules" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Hold stock for unpaid online orders (minutes)"
          name="holdMinutes"
          inputMode="numeric"
          defaultValue={values.holdMinutes}
          error={errors.holdMinutes}
          hint="5 to 1440. An order not paid by then is cancelled and its stock goes back."
        />
        <TextField
          label="COD fee (Rs)"
          name="codFee"
          inputMode="numeric"
          required={false}
          defaultValue={values.codFee}
          error={errors.codFee}
          hint="Added to cash-on-delivery orders, shown at checkout and on the invoice. 0 for none."
        />
        <TextField
          label="No COD fee above (Rs)"
          name="codFeeWaivedAbove"
          inputMode="numeric"
          required={false}
          defaultValue={values.codFeeWaivedAbove}
          error={errors.codFeeWaivedAbove}
          hint="Leave empty to charge it on every COD order."
        />
        <SelectField
          label="Advance on risky COD orders"
          name="advanceKind"
          defaultValue={values.advanceKind}
          error={errors.advanceKind}
        >
          {ADVANCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {ADVANCE_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Advance amount (Rs, or % of the total)"
          name="advanceValue"
          inputMode="numeric"
          required={false}
          defaultValue={values.advanceValue}
          error={errors.advanceValue}
          hint="Rupees for a fixed amount, 1 to 100 for a percentage; not used for the delivery fee."
        />
        <TextField
          label="Ask an advance above (Rs)"
          name="advanceAbove"
          inputMode="numeric"
          required={false}
          defaultValue={values.advanceAbove}
          error={errors.advanceAbove}
          hint="Orders whose cash to collect is above this. Empty: not by amount."
        />
        <TextField
          label="Ask an advance for these cities"
          name="advanceCities"
          multiline
          rows={3}
          required={false}
          defaultValue={values.advanceCities}
          error={errors.advanceCities}
          hint="One per line."
        />
        <TextField
          label="Ask an advance for customers tagged"
          name="advanceTags"
          required={false}
          defaultValue={values.advanceTags}
          error={errors.advanceTags}
          hint="Tags from Customers, separated by commas (for example: risky)."
        />
        <label className="flex min-h-10 items-center gap-3 text-stone-900 sm:col-span-2">
          <input
            type="checkbox"
            name="advanceIfRefusedBefore"
            value="on"
            defaultChecked={values.advanceIfRefusedBefore === "on"}
            className="size-5"
          />
          <span className="font-medium">Ask an advance when a parcel to the phone number was refused before</span>
        </label>
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : "Save payment rules"}
        </button>
      </div>
    </Form>
  );
}
