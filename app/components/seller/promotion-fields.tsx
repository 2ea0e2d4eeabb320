import { useId } from "react";
import { SCOPE_CHOICES, type PromotionTargets } from "~/modules/promotions/promotion-forms";
import { SelectField } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";

/** Fields the discount code form and the sale form share: what it applies to, and its Pakistan-time window. */

type ScopeValues = { appliesTo: string; categorySlugs: string[]; productIds: string[] };
type ScopeErrors = Partial<Record<"appliesTo" | "categorySlugs" | "productIds", string>>;

/**
 * "Applies to" with the categories (tick boxes) and the products (a list to pick several from).
 * Both lists are always there, so the form works the same without JavaScript; only the one the
 * choice names is read.
 */
export function ScopeFields({
  values,
  errors,
  targets,
  allowEverything = true,
}: {
  values: ScopeValues;
  errors?: ScopeErrors;
  targets: PromotionTargets;
  allowEverything?: boolean;
}) {
  const categoriesId = useId();
  const productsId = useId();
  return (
    <div className="grid gap-4">
      <SelectField label="Applies to" name="appliesTo" defaultValue={values.appliesTo} error={errors?.appliesTo}>
        {SCOPE_CHOICES.filter((c) => allowEverything || c.value !== "all").map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <fieldset className="min-w-0" aria-describedby={errors?.categorySlugs ? `${categoriesId}-error` : undefined}>
        <legend className="field-label">Categories</legend>
        <p className="-mt-1 mb-2 text-xs text-stone-600">Read when it applies to some categories.</p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {targets.categories.map((c) => (
            <label key={c.slug} className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
              <input
                type="checkbox"
                name="categorySlugs"
                value={c.slug}
                defaultChecked={values.categorySlugs.includes(c.slug)}
                className="size-5"
              />
              {c.name}
            </label>
          ))}
        </div>
        {errors?.categorySlugs && (
          <p id={`${categoriesId}-error`} className="field-error">
            {errors.categorySlugs}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={productsId} className="field-label">
          Products
        </label>
        <select
          id={productsId}
          name="productIds"
          multiple
          size={6}
          defaultValue={values.productIds}
          className="field-input"
          aria-invalid={errors?.productIds ? true : undefined}
          aria-describedby={[errors?.productIds ? `${productsId}-error` : null, `${productsId}-hint`]
            .filter(Boolean)
            .join(" ")}
        >
          {targets.products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {errors?.productIds && (
          <p id={`${productsId}-error`} className="field-error">
            {errors.productIds}
          </p>
        )}
        <p id={`${productsId}-hint`} className="mt-1 text-xs text-stone-600">
          Read when it applies to some products. On a computer, hold Ctrl (Cmd on a Mac) to pick several.
        </p>
      </div>
    </div>
  );
}

/** Starts and Ends, typed in Pakistan time. */
export function WindowFields({
  values,
  errors,
  required,
}: {
  values: { startsAt: string; endsAt: string };
  errors?: Partial<Record<"startsAt" | "endsAt", string>>;
  required: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Starts (Pakistan time)"
        name="startsAt"
        type="datetime-local"
        required={required}
        defaultValue={values.startsAt}
        error={errors?.startsAt}
        hint={required ? undefined : "Empty: from now."}
      />
      <TextField
        label="Ends (Pakistan time)"
        name="endsAt"
        type="datetime-local"
        required={required}
        defaultValue={values.endsAt}
        error={errors?.endsAt}
        hint={required ? undefined : "Empty: no end date."}
      />
    </div>
  );
}
