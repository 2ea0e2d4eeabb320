import { useId } from "react";
import { Form, Link } from "react-router";
import { FormAlert, SelectField } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import type { FormReply } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import type { CodeCardData, SaleCardData } from "~/modules/promotions/describe-promotion";
import {
  discountCodeFormSchema,
  saleFormSchema,
  type DiscountCodeField,
  type DiscountCodeValues,
  type PromotionTargets,
  type SaleValues,
} from "~/modules/promotions/promotion-forms";
import { ScopeFields, WindowFields } from "./promotion-fields";

/** The pieces of Dashboard -> Discounts (routes/seller/discounts/discounts.tsx and seller-discounts-code.tsx). */

export const DISCOUNTS_PATH = "/seller/discounts";

const BADGE: Record<string, string> = {
  active: "bg-green-100 text-green-900",
  running: "bg-green-100 text-green-900",
  scheduled: "bg-sky-100 text-sky-900",
  upcoming: "bg-sky-100 text-sky-900",
  paused: "bg-amber-100 text-amber-900",
};

function StateBadge({ state, label }: { state: string; label: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[state] ?? "bg-stone-200 text-stone-800"}`}
    >
      {label}
    </span>
  );
}

/** Pause or Resume: a code paused is refused at checkout ("This code is paused at the moment") until resumed. */
export function PauseForm({
  code,
  busy,
  action = DISCOUNTS_PATH,
}: {
  code: Pick<CodeCardData, "id" | "code" | "paused">;
  busy: boolean;
  action?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="pause-code" />
      <input type="hidden" name="codeId" value={code.id} />
      <input type="hidden" name="paused" value={code.paused ? "false" : "true"} />
      <button type="submit" className="btn-secondary px-4" disabled={busy}>
        {code.paused ? "Resume" : "Pause"}
        <span className="sr-only"> {code.code}</span>
      </button>
    </Form>
  );
}

/** A code's figures: its uses, the orders holding one, the PKR it took off them. */
export function CodeFigures({ code }: { code: Pick<CodeCardData, "uses" | "maxUses" | "orders" | "given"> }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      <div className="rounded-lg bg-stone-50 p-2">
        <dt className="text-xs font-medium text-stone-700">Uses</dt>
        <dd className="text-lg font-semibold text-stone-900">
          {code.uses}
          {code.maxUses !== null && <span className="text-sm font-normal text-stone-700"> of {code.maxUses}</span>}
        </dd>
      </div>
      <div className="rounded-lg bg-stone-50 p-2">
        <dt className="text-xs font-medium text-stone-700">Orders</dt>
        <dd className="text-lg font-semibold text-stone-900">{code.orders}</dd>
      </div>
      <div className="rounded-lg bg-stone-50 p-2">
        <dt className="text-xs font-medium text-stone-700">Discount given</dt>
        <dd className="text-lg font-semibold text-stone-900">{formatPrice(code.given)}</dd>
      </div>
    </dl>
  );
}

export function CodeCard({ code, busy }: { code: CodeCardData; busy: boolean }) {
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={titleId} className="font-mono text-base font-semibold tracking-wide text-stone-900">
            {code.code}
          </h3>
          <StateBadge state={code.state} label={code.stateLabel} />
        </div>
        <p className="text-sm text-stone-900">
          <span className="font-semibold">{code.off}</span> · {code.scope}
        </p>
        <p className="text-sm text-stone-700">
          {code.window}; {code.limits}
        </p>
        <CodeFigures code={code} />
        <div className="flex flex-wrap gap-2">
          <Link to={`${DISCOUNTS_PATH}/${code.id}`} className="btn-secondary px-4">
            Edit and orders<span className="sr-only"> of {code.code}</span>
          </Link>
          <PauseForm code={code} busy={busy} />
        </div>
      </article>
    </li>
  );
}

export function SaleCard({ sale, busy }: { sale: SaleCardData; busy: boolean }) {
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={titleId} className="min-w-0 break-words text-base font-semibold text-stone-900">
            {sale.name}
          </h3>
          <StateBadge state={sale.state} label={sale.stateLabel} />
        </div>
        <p className="text-sm text-stone-900">
          <span className="font-semibold">{sale.percent}% off</span> · {sale.scope}
        </p>
        <p className="text-sm text-stone-700">{sale.window}</p>
        <div className="flex flex-wrap gap-2">
          <Link to={`?editSale=${sale.id}#sale-form`} className="btn-secondary px-4">
            Edit<span className="sr-only"> {sale.name}</span>
          </Link>
          {/* A running sale is ended (its prices go back at once); one not started or over is removed. */}
          <Form method="post" action={DISCOUNTS_PATH}>
            <input type="hidden" name="intent" value="end-sale" />
            <input type="hidden" name="saleId" value={sale.id} />
            <button type="submit" className="btn-secondary px-4 text-red-800" disabled={busy}>
              {sale.state === "running" ? "End now" : "Remove"}
              <span className="sr-only"> {sale.name}</span>
            </button>
          </Form>
        </div>
      </article>
    </li>
  );
}

/**
 * Add Discount, and Edit (the same form, prefilled). Checked in the browser with the action's
 * schema; every value comes back as typed after the server's refusal (`reply`): the form is keyed by
 * its values, so its inputs show them with or without JavaScript.
 */
export function DiscountCodeForm({
  editing,
  values,
  reply,
  busy,
  formKey,
  targets,
  action = DISCOUNTS_PATH,
}: {
  editing: { id: number; code: string } | null;
  values: DiscountCodeValues;
  reply: FormReply | null;
  busy: boolean;
  formKey: string;
  targets: PromotionTargets;
  action?: string;
}) {
  const titleId = useId();
  const [form] = useFormShape(discountCodeFormSchema, reply, { id: editing ? "edit-discount" : "add-discount" });
  const errors: Partial<Record<DiscountCodeField, string>> = shownErrors(form);
  const formError = form.errors?.[0];
  const field = (name: Exclude<DiscountCodeField, "categorySlugs" | "productIds" | "combinesWithSale">) => ({
    name,
    defaultValue: values[name],
    error: errors?.[name],
  });
  const title = editing ? `Edit ${editing.code}` : "Add Discount";
  return (
    <section
      id="code-form"
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <Form
        method="post"
        action={action}
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        key={formKey}
        aria-labelledby={titleId}
        className="mt-3 grid gap-4"
      >
        <input type="hidden" name="intent" value={editing ? "edit-code" : "add-code"} />
        {editing && <input type="hidden" name="codeId" value={editing.id} />}
        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Code"
            autoComplete="off"
            hint="Letters and digits, e.g. EID20. Buyers may type it in any case."
            {...field("code")}
          />
          <SelectField label="Discount type" name="kind" defaultValue={values.kind} error={errors?.kind}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (PKR)</option>
          </SelectField>
          <TextField
            label="Discount value"
            inputMode="numeric"
            hint="A percent (1-100) or whole rupees, by the type."
            {...field("value")}
          />
          <TextField
            label="Minimum order (PKR)"
            inputMode="numeric"
            required={false}
            hint="Empty: no minimum."
            {...field("minOrder")}
          />
          <TextField
            label="Total uses"
            inputMode="numeric"
            required={false}
            hint="Empty: no limit."
            {...field("maxUses")}
          />
          <TextField
            label="Uses per customer"
            inputMode="numeric"
            required={false}
            hint="By account and by phone number. Empty: no limit."
            {...field("maxUsesPerCustomer")}
          />
        </div>
        <WindowFields values={values} errors={errors} required={false} />
        <ScopeFields values={values} errors={errors} targets={targets} />
        <label className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
          <input type="checkbox" name="combinesWithSale" defaultChecked={values.combinesWithSale} className="size-5" />
          Also takes its discount off items already on a scheduled sale
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Discount" : "Add Discount"}
          </button>
          {editing && (
            <Link to={DISCOUNTS_PATH} className="btn-secondary px-4">
              Back to Discounts
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}

/** Add Sale, and Edit Sale (the same form, prefilled). */
export function SaleForm({
  editing,
  values,
  reply,
  busy,
  formKey,
  targets,
}: {
  editing: { id: number; name: string } | null;
  values: SaleValues;
  reply: FormReply | null;
  busy: boolean;
  formKey: string;
  targets: PromotionTargets;
}) {
  const titleId = useId();
  const [form] = useFormShape(saleFormSchema, reply, { id: "sale" });
  const errors = shownErrors(form);
  const formError = form.errors?.[0];
  const title = editing ? `Edit Sale: ${editing.name}` : "Add Sale";
  return (
    <section
      id="sale-form"
      aria-labelledby={titleId}
      className="scroll-mt-32 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <h3 id={titleId} className="text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <Form
        method="post"
        action={DISCOUNTS_PATH}
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        key={formKey}
        aria-labelledby={titleId}
        className="mt-3 grid gap-4"
      >
        <input type="hidden" name="intent" value={editing ? "edit-sale" : "add-sale"} />
        {editing && <input type="hidden" name="saleId" value={editing.id} />}
        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Sale name"
            name="name"
            autoComplete="off"
            defaultValue={values.name}
            error={errors?.name}
            hint="Shown to you only, e.g. Eid Sale."
          />
          <TextField
            label="Percent off"
            name="percent"
            inputMode="numeric"
            defaultValue={values.percent}
            error={errors?.percent}
            hint="1 to 90. A product's own lower price is kept."
          />
        </div>
        <WindowFields values={values} errors={errors} required />
        <ScopeFields values={values} errors={errors} targets={targets} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6" disabled={busy}>
            {busy ? "Saving..." : editing ? "Save Sale" : "Add Sale"}
          </button>
          {editing && (
            <Link to={DISCOUNTS_PATH} className="btn-secondary px-4">
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
