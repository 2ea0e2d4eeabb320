import { useId } from "react";
import { Form, Link } from "react-router";
import { FormAlert, SelectField, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import type { FormReply } from "~/lib/form-reply";
import { courierSettingsSchema } from "~/modules/shipping/couriers/courier-settings-intent";
import { PAKISTANI_CITIES } from "~/lib/cities";
import {
  COURIER_FORM_FIELDS,
  KNOWN_COURIERS,
  ZONE_SLOTS,
  zoneField,
  type CourierFormField,
  type CourierFormValues,
} from "~/modules/shipping/couriers/courier-form";
import {
  HOLD_FOR_CALL,
  RULE_FORM_FIELDS,
  RULE_KIND_CHOICES,
  type RuleFormField,
  type RuleFormValues,
} from "~/modules/shipping/couriers/routing-rule-form";
import { TRACKING_PLACEHOLDER } from "~/modules/shipping/couriers/tracking-link";

/** The pieces of Settings -> Couriers (routes/seller/settings/couriers.tsx): a courier's card, the courier form, the rules. */

export const REFUSED = "Nothing was saved: please correct the fields marked below.";

export type CourierCardData = {
  id: number;
  name: string;
  trackingUrl: string | null;
  accountCode: string | null;
  rateCard: string;
  active: boolean;
};

/** One courier as the list shows it, with Edit and Switch off / Switch on. */
export function CourierCard({ courier, busy }: { courier: CourierCardData; busy: boolean }) {
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words text-base font-semibold text-stone-900">{courier.name}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${courier.active ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-800"}`}
        >
          {courier.active ? "Active" : "Switched off"}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="font-medium text-stone-700">Tracking link</dt>
        <dd className="break-all text-stone-900">{courier.trackingUrl ?? "None (buyers get no tracking link)"}</dd>
        <dt className="font-medium text-stone-700">Account code</dt>
        <dd className="break-words text-stone-900">{courier.accountCode ?? "None"}</dd>
        <dt className="font-medium text-stone-700">Rate card</dt>
        <dd className="text-stone-900">{courier.rateCard}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        {/* A link (it works without JavaScript): the form below opens prefilled with this courier. */}
        <Link to={`?edit=${courier.id}#courier-form`} className="btn-secondary px-4">
          Edit<span className="sr-only"> {courier.name}</span>
        </Link>
        {/* Files or the courier's API (PostEx, Leopards, TCS, Trax, M&P): credentials, Test connection, cities (issue 33). */}
        <Link to={`/seller/settings/couriers/${courier.id}/connection`} className="btn-secondary px-4">
          API connection<span className="sr-only"> of {courier.name}</span>
        </Link>
        <Form method="post" action="/seller/settings/couriers">
          <input type="hidden" name="intent" value="toggle-courier" />
          <input type="hidden" name="courierId" value={courier.id} />
          <input type="hidden" name="active" value={courier.active ? "false" : "true"} />
          <button type="submit" className="btn-secondary px-4" disabled={busy}>
            {courier.active ? "Switch off" : "Switch on"}
            <span className="sr-only"> {courier.name}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

/**
 * Add Courier, and Edit Courier (the same form, prefilled). Every value comes back as typed after a
 * refusal: the form is keyed by its values, so its inputs show them with or without JavaScript.
 */
export function CourierForm({
  editing,
  values,
  reply,
  busy,
  bookingFields,
  formKey,
}: {
  editing: { id: number; name: string } | null;
  values: CourierFormValues;
  /** The action's refusal of this form, if any. */
  reply: FormReply | null;
  busy: boolean;
  bookingFields: { field: string; label: string }[];
  formKey: string;
}) {
  const titleId = useId();
  const listId = useId();
  // The page's schema checks the form in the browser too; the server's refusal shows in the same places.
  const [form, fields] = useFormShape(courierSettingsSchema, reply, { id: "courier-editor" });
  const errors = Object.fromEntries(COURIER_FORM_FIELDS.map((name) => [name, fieldMessage(fields, name)])) as Partial<
    Record<CourierFormField, string>
  >;
  const ref = useFocusFirstInvalid(reply?.error ?? undefined);
  const field = (name: CourierFormField) => ({ name, defaultValue: values[name], error: errors[name] });
  const title = editing ? `Edit Courier: ${editing.name}` : "Add Courier";
  return (
    <section
      id="courier-form"
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <Form
        ref={ref}
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        key={formKey}
        aria-labelledby={titleId}
        className="mt-3 grid gap-4"
      >
        <input type="hidden" name="intent" value={editing ? "edit-courier" : "add-courier"} />
        {editing && <input type="hidden" name="courierId" value={editing.id} />}
        {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Courier name"
            autoComplete="off"
            list={listId}
            hint="Pick from the list or type another, e.g. Own rider."
            {...field("name")}
          />
          <datalist id={listId}>
            {KNOWN_COURIERS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <TextField
            label="Account or shipper code"
            autoComplete="off"
            required={false}
            hint="Printed on load sheets and booking files."
            {...field("accountCode")}
          />
          <div className="sm:col-span-2">
            <TextField
              label="Tracking link"
              type="url"
              autoComplete="off"
              required={false}
              placeholder={`https://www.tcsexpress.com/track/${TRACKING_PLACEHOLDER}`}
              hint={`${TRACKING_PLACEHOLDER} is replaced by the parcel's tracking number. Empty: buyers get no tracking link.`}
              {...field("trackingUrl")}
            />
          </div>
        </div>
        <fieldset className="min-w-0 rounded-lg border border-stone-200 p-3 sm:p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">Rate card</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-3">
              <TextField
                label="Weight bands"
                multiline
                rows={4}
                placeholder={"500 = 180\n1000 = 230"}
                hint='One band per line, "grams = charge" in rupees, lightest first: "500 = 180" is up to 500 g for Rs 180.'
                {...field("weightBands")}
              />
            </div>
            <TextField
              label="Each extra kg (PKR)"
              inputMode="numeric"
              hint="Each kg, or part of one, above the heaviest band."
              {...field("extraPerKg")}
            />
            <TextField
              label="COD fee (%)"
              inputMode="decimal"
              hint="A share of the cash collected, e.g. 1.5"
              {...field("codFeePercent")}
            />
            <TextField
              label="Surcharge (%)"
              inputMode="decimal"
              required={false}
              hint="Fuel or other, on the weight charge; 0 for none."
              {...field("surchargePercent")}
            />
            <div className="sm:col-span-3">
              <TextField
                label="Tolerance (PKR)"
                inputMode="numeric"
                required={false}
                hint={
                  'A charge up to this much above the estimate is not flagged as "charged above rate card"; 0 flags every rupee.'
                }
                {...field("toleranceRupees")}
              />
            </div>
          </div>
          <RateZones values={values} field={field} open={hasZoneInput(values, errors)} />
        </fieldset>
        <div>
          <TextField
            label="Booking file columns"
            multiline
            rows={6}
            required={false}
            placeholder={"Reference No = orderNumber\nConsignee Name = consigneeName"}
            hint={`"Header = field" per line, in the order of the courier's bulk-upload file. Empty: ${editing ? "the layout of a courier of this name" : "the courier's default layout"}.`}
            {...field("bookingColumns")}
          />
          <details className="mt-2 text-sm text-stone-700">
            <summary className="cursor-pointer font-medium text-brand-700">Fields the shop can fill</summary>
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
              {bookingFields.map((f) => (
                <div key={f.field} className="contents">
                  <dt className="font-mono text-stone-900">{f.field}</dt>
                  <dd>{f.label}</dd>
                </div>
              ))}
            </dl>
          </details>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Courier" : "Add Courier"}
          </button>
          {editing && (
            <Link to="/seller/settings/couriers" className="btn-secondary px-4">
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

/** Whether the zones part opens by itself: it has zones, or a zone field has an error. */
function hasZoneInput(values: CourierFormValues, errors?: Partial<Record<CourierFormField, string>>): boolean {
  return Array.from({ length: ZONE_SLOTS }, (_, i) => i + 1).some((slot) =>
    (["Name", "Cities", "Bands", "ExtraPerKg"] as const).some(
      (part) => values[zoneField(slot, part)].trim() !== "" || Boolean(errors?.[zoneField(slot, part)]),
    ),
  );
}

/**
 * The rate card's zones: city groups with their own weight bands (a courier's "same city", "same
 * zone", "other zones"). A parcel to a city in no zone is estimated by the bands above. A native
 * <details>, so it opens without JavaScript.
 */
function RateZones({
  values,
  field,
  open,
}: {
  values: CourierFormValues;
  field: (name: CourierFormField) => { name: CourierFormField; defaultValue: string; error?: string };
  open: boolean;
}) {
  return (
    <details className="mt-4" open={open}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">
        Zones: other rates for some cities
      </summary>
      <p className="mt-2 text-sm text-stone-700">
        A zone&apos;s cities are charged by its own weight bands; every other city by the bands above. Leave a zone
        empty for none.
      </p>
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        {Array.from({ length: ZONE_SLOTS }, (_, i) => i + 1).map((slot) => (
          <fieldset key={slot} className="min-w-0 rounded-lg border border-stone-200 p-3">
            <legend className="px-1 text-sm font-semibold text-stone-900">
              Zone {slot}
              {values[zoneField(slot, "Name")] ? `: ${values[zoneField(slot, "Name")]}` : ""}
            </legend>
            <div className="grid gap-3">
              <TextField
                label={`Zone ${slot} name`}
                autoComplete="off"
                required={false}
                placeholder="Same city"
                {...field(zoneField(slot, "Name"))}
              />
              <TextField
                label={`Zone ${slot} cities`}
                multiline
                rows={3}
                required={false}
                placeholder={"Lahore\nKasur"}
                hint="One per line, or separated by commas."
                {...field(zoneField(slot, "Cities"))}
              />
              <TextField
                label={`Zone ${slot} weight bands`}
                multiline
                rows={3}
                required={false}
                placeholder={"500 = 150\n1000 = 200"}
                hint={'"grams = charge", lightest first.'}
                {...field(zoneField(slot, "Bands"))}
              />
              <TextField
                label={`Zone ${slot}: each extra kg (PKR)`}
                inputMode="numeric"
                required={false}
                {...field(zoneField(slot, "ExtraPerKg"))}
              />
            </div>
          </fieldset>
        ))}
      </div>
    </details>
  );
}

/** One field's message from a form checked with the page's union schema (its fields differ by intent). */
function fieldMessage(fields: object, name: string): string | undefined {
  return (fields as Record<string, { errors?: string[] } | undefined>)[name]?.errors?.[0];
}

export type RuleRow = { id: number; text: string };

/** The routing rules in priority order, each with Move up and Remove, and the form that adds one. */
export function RoutingRules({
  rules,
  activeCouriers,
  values,
  reply,
  listError,
  busy,
  formKey,
}: {
  rules: RuleRow[];
  activeCouriers: { id: number; name: string }[];
  values: RuleFormValues;
  /** The action's refusal of the "add a rule" form, if any. */
  reply: FormReply | null;
  listError: string | null;
  busy: boolean;
  formKey: string;
}) {
  const titleId = useId();
  const addTitleId = useId();
  const citiesId = useId();
  const [form, fields] = useFormShape(courierSettingsSchema, reply, { id: "add-rule-form" });
  const errors = Object.fromEntries(RULE_FORM_FIELDS.map((name) => [name, fieldMessage(fields, name)])) as Partial<
    Record<RuleFormField, string>
  >;
  const ref = useFocusFirstInvalid(reply?.error ?? undefined);
  return (
    <section
      id="routing-rules"
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        Routing rules
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Booking suggests a courier for each order: the first rule that matches, from the top, decides. An order no rule
        matches gets no suggestion and you pick the courier.
      </p>
      {listError && (
        <div className="mt-3">
          <FormAlert>{listError}</FormAlert>
        </div>
      )}
      {rules.length === 0 ? (
        <p className="mt-3 rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">No rules yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-stone-100 rounded-lg border border-stone-200">
          {rules.map((rule, i) => (
            <li key={rule.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
              <p className="min-w-0 flex-1 basis-56 break-words text-sm text-stone-900">
                <span className="font-semibold text-stone-600">{i + 1}.</span> {rule.text}
              </p>
              <div className="flex gap-2">
                {i > 0 && (
                  <Form method="post" action="/seller/settings/couriers">
                    <input type="hidden" name="intent" value="move-rule-up" />
                    <input type="hidden" name="ruleId" value={rule.id} />
                    <button type="submit" className="btn-secondary px-3" disabled={busy}>
                      Move up<span className="sr-only"> rule {i + 1}</span>
                    </button>
                  </Form>
                )}
                <Form method="post" action="/seller/settings/couriers">
                  <input type="hidden" name="intent" value="remove-rule" />
                  <input type="hidden" name="ruleId" value={rule.id} />
                  <button type="submit" className="btn-secondary px-3 text-red-800" disabled={busy}>
                    Remove<span className="sr-only"> rule {i + 1}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}

      <h4 id={addTitleId} className="mt-5 text-base font-semibold text-stone-900">
        Add a rule
      </h4>
      <Form
        ref={ref}
        method="post"
        action="/seller/settings/couriers"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        key={formKey}
        aria-labelledby={addTitleId}
        className="mt-2 grid gap-4"
      >
        <input type="hidden" name="intent" value="add-rule" />
        {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="When" name="kind" defaultValue={values.kind} error={errors.kind}>
            {RULE_KIND_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Courier" name="courierId" defaultValue={values.courierId} error={errors.courierId}>
            <option value="">Choose a courier</option>
            {activeCouriers.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
            <option value={HOLD_FOR_CALL}>Hold for a call</option>
          </SelectField>
          <TextField
            label="City"
            name="city"
            autoComplete="off"
            required={false}
            list={citiesId}
            defaultValue={values.city}
            error={errors.city}
            hint="For a destination city rule."
          />
          <datalist id={citiesId}>
            {PAKISTANI_CITIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <TextField
            label="Amount (PKR)"
            name="amount"
            inputMode="numeric"
            required={false}
            defaultValue={values.amount}
            error={errors.amount}
            hint="For an order total rule: orders above this amount."
          />
        </div>
        <button type="submit" className="btn-primary justify-self-start px-6" disabled={busy}>
          Add rule
        </button>
      </Form>
    </section>
  );
}
