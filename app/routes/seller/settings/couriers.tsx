import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { SettingsPageTitle } from "~/components/seller/settings-page-title";
import { formKey } from "~/lib/form-key";
import { redirect, useLocation, useNavigation } from "react-router";
import { CourierCard, CourierForm, REFUSED, RoutingRules } from "~/components/seller/courier-settings";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { refusal, parseSubmission } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { type FormReply, formError, isRefusal, keptValue } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { BOOKING_FIELDS } from "~/modules/shipping/booking/booking-columns";
import { COURIER_FORM_FIELDS, courierFormValues } from "~/modules/shipping/couriers/courier-form";
import { describeRule } from "~/modules/shipping/couriers/courier-routing";
import { emptyRuleForm, RULE_FORM_FIELDS } from "~/modules/shipping/couriers/routing-rule-form";
import {
  COURIER_ACTION_FIELDS,
  courierSettingsSchema,
  UNKNOWN_COURIER_ACTION,
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
import type { Route } from "./+types/couriers";

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

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), courierSettingsSchema);
  // Refusals answer 200, so the lists above reload with them (a courier switched off elsewhere).
  if (submission.status !== "success") {
    const unknown = COURIER_ACTION_FIELDS.some((name) => submission.error?.[name]);
    return refusal(submission, { formError: unknown ? UNKNOWN_COURIER_ACTION : REFUSED });
  }
  const sent = submission.value;
  // After a change, back to the page (no ?edit), at the part that changed; the toast rides along.
  const done = async (message: string, at: "couriers" | "routing-rules") =>
    redirect(`${PATH}#${at}`, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  /** A refusal from the server alone: a message per field (REFUSED above the form), or one for the whole form. */
  const refusedBy = (error: AppError) =>
    refusal(submission, { formError: error.fields ? REFUSED : error.message, fieldErrors: error.fields });

  switch (sent.intent) {
    case "add-courier":
    case "edit-courier": {
      try {
        if (sent.intent === "add-courier") await createCourier(context.db, sent.courier);
        else await updateCourier(context.db, sent.courierId, sent.courier);
      } catch (error) {
        if (!(error instanceof AppError) || (error.code !== "VALIDATION" && error.code !== "NOT_FOUND")) throw error;
        return refusedBy(error);
      }
      return done(COURIER_SAVED, "couriers");
    }
    case "toggle-courier": {
      try {
        const courier = await setCourierActive(context.db, sent.courierId, sent.active);
        return done(
          courier.active ? `${courier.name} switched on` : `${courier.name} switched off: booking no longer offers it`,
          "couriers",
        );
      } catch (error) {
        if (error instanceof AppError && error.code === "NOT_FOUND") return refusedBy(error);
        throw error;
      }
    }
    case "add-rule":
    case "remove-rule":
    case "move-rule-up": {
      try {
        if (sent.intent === "add-rule") await editCourierRules(context.db, { op: "add", rule: sent.rule });
        else if (sent.intent === "remove-rule")
          await editCourierRules(context.db, { op: "remove", ruleId: sent.ruleId });
        else await editCourierRules(context.db, { op: "move-up", ruleId: sent.ruleId });
      } catch (error) {
        if (!(error instanceof AppError) || (error.code !== "VALIDATION" && error.code !== "NOT_FOUND")) throw error;
        return refusedBy(error);
      }
      const said = {
        "add-rule": "Rule added",
        "remove-rule": "Rule removed",
        "move-rule-up": "Rule moved up",
      } as const;
      return done(said[sent.intent], "routing-rules");
    }
  }
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
  const answer = isRefusal(actionData) ? actionData : null;
  // An unknown action (an old page, a tampered post) is told above the couriers.
  const answered = formError(answer) === UNKNOWN_COURIER_ACTION ? null : (keptValue(answer, "intent") ?? null);
  const courierAnswer = answered === "add-courier" || answered === "edit-courier" ? answer : null;
  const answeredId = Number(keptValue(courierAnswer, "courierId"));
  // A refused edit shows the edit form again, even when the post came from a page without ?edit.
  const editTarget =
    answered === "edit-courier"
      ? editing?.id === answeredId
        ? editing
        : { id: answeredId, name: keptValue(courierAnswer, "name") ?? "", values: newCourier }
      : answered === "add-courier"
        ? null
        : editing;
  const courierValues = courierAnswer
    ? typedValues(courierAnswer, COURIER_FORM_FIELDS)
    : (editTarget?.values ?? newCourier);
  const ruleAnswer = answered === "add-rule" ? answer : null;
  const ruleValues = ruleAnswer ? typedValues(ruleAnswer, RULE_FORM_FIELDS) : emptyRuleForm();
  const listError = answered === "remove-rule" || answered === "move-rule-up" ? formError(answer) : null;
  const courierListError = answer && !courierAnswer && !ruleAnswer && !listError ? formError(answer) : null;

  return (
    <div className="grid gap-6">
      <section id="couriers" aria-labelledby="couriers-title" className="scroll-mt-32">
        <SettingsPageTitle id="couriers-title">Couriers</SettingsPageTitle>
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
        reply={courierAnswer}
        busy={posting === "add-courier" || posting === "edit-courier"}
        bookingFields={bookingFields}
      />

      <RoutingRules
        formKey={formKey(location.key, ruleAnswer, ruleValues)}
        rules={rules}
        activeCouriers={activeCouriers}
        values={ruleValues}
        reply={ruleAnswer}
        listError={listError ?? null}
        busy={posting !== null}
      />
    </div>
  );
}

/** A refused form's fields as typed ("" for one not sent). */
function typedValues<K extends string>(reply: FormReply, fields: readonly K[]): Record<K, string> {
  return Object.fromEntries(fields.map((k) => [k, keptValue(reply, k) ?? ""])) as Record<K, string>;
}
