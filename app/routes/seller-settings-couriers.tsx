import { useKeptActionData } from "~/lib/use-kept-action-data";
import { formKey } from "~/lib/form-key";
import { Link, redirect, useLocation, useNavigation } from "react-router";
import { CourierCard, CourierForm, REFUSED, RoutingRules } from "~/components/seller/courier-settings";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { BOOKING_FIELDS, defaultBookingColumns } from "~/modules/shipping/booking/booking-columns";
import {
  COURIER_FORM_FIELDS,
  courierFormValues,
  parseCourierForm,
  type CourierFormField,
  type CourierFormValues,
} from "~/modules/shipping/couriers/courier-form";
import { describeRule } from "~/modules/shipping/couriers/courier-routing";
import {
  emptyRuleForm,
  parseRuleForm,
  RULE_FORM_FIELDS,
  type RuleFormField,
  type RuleFormValues,
} from "~/modules/shipping/couriers/routing-rule-form";
import {
  parseCourierSettingsIntent,
  UNKNOWN_COURIER_ACTION,
  type CourierSettingsIntentName,
} from "~/modules/shipping/couriers/courier-settings-intent";
import {
  createCourier,
  listCourierRules,
  listCouriers,
  setCourierActive,
  updateCourier,
} from "~/modules/shipping/couriers/couriers.server";
import { editCourierRules } from "~/modules/shipping/couriers/edit-courier-rules.server";
import { describeRateCard } from "~/modules/shipping/couriers/rate-card";
import type { Route } from "./+types/seller-settings-couriers";

const PATH = "/seller/settings/couriers";
export const COURIER_SAVED = "Courier saved";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Couriers",
    description: "The shop's couriers, their rate cards and booking files, and the rules that pick one for each order.",
    path: PATH,
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [couriers, rules] = await Promise.all([listCouriers(context.db), listCourierRules(context.db)]);
  const byId = new Map(couriers.map((c) => [c.id, c]));
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const editing = byId.get(editId) ?? null;
  return {
    couriers: couriers.map((c) => ({
      id: c.id,
      name: c.name,
      trackingUrl: c.trackingUrl,
      accountCode: c.accountCode,
      active: c.active,
      rateCard: describeRateCard(c.rateCard, formatPrice),
    })),
    rules: rules.map((rule) => {
      const courier = rule.courierId === null ? null : byId.get(rule.courierId);
      const name = courier ? `${courier.name}${courier.active ? "" : " (switched off)"}` : null;
      return { id: rule.id, text: describeRule(rule, name, formatPrice) };
    }),
    activeCouriers: couriers.filter((c) => c.active).map((c) => ({ id: c.id, name: c.name })),
    editing: editing ? { id: editing.id, name: editing.name, values: courierFormValues(editing) } : null,
    newCourier: courierFormValues(),
    bookingFields: Object.entries(BOOKING_FIELDS).map(([field, label]) => ({ field, label })),
  };
}

/** What a refused post gets back: the message, and for the two forms their messages by field and the values as typed. */
export type CouriersActionData = {
  ok: false;
  intent: CourierSettingsIntentName | null;
  message: string;
  courierId?: number;
  courierErrors?: Partial<Record<CourierFormField, string>>;
  courierValues?: CourierFormValues;
  ruleErrors?: Partial<Record<RuleFormField, string>>;
  ruleValues?: RuleFormValues;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const form = Object.fromEntries(await request.formData());
  const intent = parseCourierSettingsIntent(form);
  if (!intent) return { ok: false, intent: null, message: UNKNOWN_COURIER_ACTION } satisfies CouriersActionData;
  // After a change, back to the page (no ?edit), at the part that changed; the toast rides along.
  const done = async (message: string, at: "couriers" | "routing-rules") =>
    redirect(`${PATH}#${at}`, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  const refused = (message: string, more: Partial<CouriersActionData> = {}): CouriersActionData => ({
    ok: false,
    intent: intent.intent,
    message,
    ...more,
  });

  switch (intent.intent) {
    case "add-courier":
    case "edit-courier": {
      const courierId = intent.intent === "edit-courier" ? intent.courierId : undefined;
      const parsed = parseCourierForm(form, defaultBookingColumns);
      if (!parsed.ok)
        return refused(REFUSED, { courierId, courierErrors: parsed.errors, courierValues: parsed.values });
      try {
        if (courierId === undefined) await createCourier(context.db, parsed.data);
        else await updateCourier(context.db, courierId, parsed.data);
      } catch (error) {
        if (!(error instanceof AppError) || (error.code !== "VALIDATION" && error.code !== "NOT_FOUND")) throw error;
        // What was typed stays, not the parsed form of it.
        return refused(error.fields ? REFUSED : error.message, {
          courierId,
          courierErrors: error.fields,
          courierValues: typedValues(form, COURIER_FORM_FIELDS),
        });
      }
      return done(COURIER_SAVED, "couriers");
    }
    case "toggle-courier": {
      try {
        const courier = await setCourierActive(context.db, intent.courierId, intent.active);
        return done(
          courier.active ? `${courier.name} switched on` : `${courier.name} switched off: booking no longer offers it`,
          "couriers",
        );
      } catch (error) {
        if (error instanceof AppError && error.code === "NOT_FOUND") return refused(error.message);
        throw error;
      }
    }
    case "add-rule":
    case "remove-rule":
    case "move-rule-up": {
      const parsed = intent.intent === "add-rule" ? parseRuleForm(form) : null;
      if (parsed && !parsed.ok) return refused(REFUSED, { ruleErrors: parsed.errors, ruleValues: parsed.values });
      try {
        if (parsed?.ok) await editCourierRules(context.db, { op: "add", rule: parsed.rule });
        else if (intent.intent === "remove-rule")
          await editCourierRules(context.db, { op: "remove", ruleId: intent.ruleId });
        else if (intent.intent === "move-rule-up")
          await editCourierRules(context.db, { op: "move-up", ruleId: intent.ruleId });
      } catch (error) {
        if (!(error instanceof AppError) || (error.code !== "VALIDATION" && error.code !== "NOT_FOUND")) throw error;
        const ruleValues = intent.intent === "add-rule" ? typedValues(form, RULE_FORM_FIELDS) : undefined;
        return refused(error.fields ? REFUSED : error.message, { ruleErrors: error.fields, ruleValues });
      }
      const said = {
        "add-rule": "Rule added",
        "remove-rule": "Rule removed",
        "move-rule-up": "Rule moved up",
      } as const;
      return done(said[intent.intent], "routing-rules");
    }
  }
}

/** A form's fields as typed. */
function typedValues<K extends string>(form: Record<string, unknown>, fields: readonly K[]): Record<K, string> {
  return Object.fromEntries(fields.map((k) => [k, typeof form[k] === "string" ? form[k] : ""])) as Record<K, string>;
}

export default function SellerCouriers({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { couriers, rules, activeCouriers, editing, newCourier, bookingFields } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const answer = actionData?.ok === false ? actionData : null;
  const courierAnswer = answer && (answer.intent === "add-courier" || answer.intent === "edit-courier") ? answer : null;
  // A refused edit shows the edit form again, even when the post came from a page without ?edit.
  const editTarget =
    courierAnswer?.intent === "edit-courier"
      ? editing?.id === courierAnswer.courierId
        ? editing
        : { id: courierAnswer.courierId!, name: courierAnswer.courierValues?.name ?? "", values: newCourier }
      : courierAnswer?.intent === "add-courier"
        ? null
        : editing;
  const courierValues = courierAnswer?.courierValues ?? editTarget?.values ?? newCourier;
  const ruleAnswer = answer?.intent === "add-rule" ? answer : null;
  const ruleValues = ruleAnswer?.ruleValues ?? emptyRuleForm();
  const listError =
    answer && (answer.intent === "remove-rule" || answer.intent === "move-rule-up") ? answer.message : null;
  const courierListError =
    answer && (answer.intent === "toggle-courier" || answer.intent === null) ? answer.message : null;

  return (
    <div className="grid gap-6">
      <section id="couriers" aria-labelledby="couriers-title" className="scroll-mt-32">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="couriers-title" className="text-xl font-semibold text-stone-900">
            Couriers
          </h2>
          <Link to="/seller/settings" className="text-sm font-medium text-brand-700 underline">
            Back to settings
          </Link>
        </div>
        <p className="mt-1 text-sm text-stone-700">
          The couriers you send parcels with: their rate cards estimate each parcel&apos;s cost when you book, and their
          booking file is what their portal&apos;s bulk upload takes. A courier switched off stays on its parcels but is
          no longer offered for booking.
        </p>
        {courierListError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
            {courierListError}
          </p>
        )}
        {couriers.length === 0 ? (
          <p className="mt-3 rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
            No couriers yet: add the first one below.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {couriers.map((courier) => (
              <CourierCard key={courier.id} courier={courier} busy={posting !== null} />
            ))}
          </ul>
        )}
      </section>

      <CourierForm
        // A fresh form after every answer: typed values after a refusal, the stored (or empty) ones after a save.
        formKey={formKey(location.key, courierAnswer, editTarget?.id ?? "new", courierValues)}
        editing={editTarget ? { id: editTarget.id, name: editTarget.name } : null}
        values={courierValues}
        errors={courierAnswer?.courierErrors}
        formError={courierAnswer?.message ?? null}
        busy={posting === "add-courier" || posting === "edit-courier"}
        bookingFields={bookingFields}
      />

      <RoutingRules
        formKey={formKey(location.key, ruleAnswer, ruleValues)}
        rules={rules}
        activeCouriers={activeCouriers}
        values={ruleValues}
        errors={ruleAnswer?.ruleErrors}
        formError={ruleAnswer?.message ?? null}
        listError={listError}
        busy={posting !== null}
      />
    </div>
  );
}
