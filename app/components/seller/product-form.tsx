import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ColourSwatch } from "~/components/ui/colour-swatch";
import {
  CHECK_FIELDS,
  checkProductForm,
  costFieldName,
  editProductForm,
  gridFieldName,
  LIST_FIELDS,
  offeredColours,
  readProductForm,
  sizeSetOf,
  type ProductFormAnswer,
  type ProductFormIntent,
  type ProductFormOptions,
  type ProductFormValues,
} from "~/modules/catalog/product-form";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, variantKey } from "~/modules/catalog/product-options";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { DEFAULT_PIECE_GRAMS } from "~/modules/shipping/booking/parcel";

export type ProductFormProps = {
  mode: "new" | "edit";
  initial: ProductFormValues;
  initialErrors: Record<string, string>;
  formError: string | null;
  categories: { slug: string; name: string }[];
  /** The shop's colours and size sets. */
  options: ProductFormOptions;
  /** The colours the product already has (a retired one stays offered for it). */
  had: string[];
  /** The intent being submitted right now ("publish" or "draft"), or null. */
  pendingIntent: string | null;
  /** The shop's default low-stock alert (Settings), shown as the empty field's meaning. */
  lowStockDefault?: number;
};

/**
 * Add Product and Edit Product (SPEC.md section 2). Every value lives in a form field, so the
 * form posts and round-trips without JavaScript; once hydrated, toggles, feature lines and photo
 * moves happen in place and photos upload as soon as they are picked.
 */
export function ProductForm({
  mode,
  initial,
  initialErrors,
  formError: serverFormError,
  categories,
  options,
  had,
  pendingIntent,
  lowStockDefault,
}: ProductFormProps) {
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState(initialErrors);
  const [formError, setFormError] = useState(serverFormError);
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useFetcher<ProductFormAnswer>();
  const uploading = upload.state !== "idle";
  const busy = pendingIntent !== null;

  const clear = (field: string) =>
    setErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e));

  useEffect(() => {
    if (Object.keys(initialErrors).length > 0)
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    if (serverFormError) showToast(serverFormError, "error");
    // Only on mount: the form is remounted for each answer of the server.
  }, []);

  /**
   * Add/Update Product and Save Draft check the form with the action's own schema before sending:
   * a mistake shows beside its field at once, as the server's refusal would, and nothing is posted.
   */
  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
    if (intent !== "publish" && intent !== "draft") return;
    const checked = checkProductForm(readProductForm(new FormData(event.currentTarget, submitter)), intent);
    if (!checked.errors) return;
    event.preventDefault();
    // A photo refused on upload stays named until the schema has its own word on the photos.
    setErrors({ ...(errors.images ? { images: errors.images } : {}), ...checked.errors });
    setFormError(CHECK_FIELDS);
    showToast(CHECK_FIELDS, "error");
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  };

  useEffect(() => {
    const result = upload.data;
    if (!result || result.kind !== "upload") return;
    setValues((v) => ({ ...v, images: [...v.images, ...result.uploaded].slice(0, MAX_PRODUCT_IMAGES) }));
    if (result.rejected.length > 0) setErrors((e) => ({ ...e, images: result.rejected.join(". ") }));
    else clear("images");
  }, [upload.data]);

  /** With JavaScript, a small-edit button changes the form in place instead of posting it. */
  const editInPlace = (edit: ProductFormIntent, field?: string) =>
    hydrated
      ? (event: { preventDefault: () => void }) => {
          event.preventDefault();
          setValues((v) => editProductForm(v, edit, options));
          if (field) clear(field);
        }
      : undefined;

  const pickPhotos = (files: FileList | null) => {
    if (!hydrated || !files || files.length === 0) return;
    const room = MAX_PRODUCT_IMAGES - values.images.length;
    const problems: string[] = [];
    const body = new FormData();
    body.set("intent", "upload");
    let accepted = 0;
    for (const file of Array.from(files)) {
      if (file.size > MAX_IMAGE_BYTES) problems.push(`${file.name} is larger than 5 MB`);
      else if (accepted >= room) problems.push(`At most ${MAX_PRODUCT_IMAGES} images`);
      else {
        body.append("photos", file);
        accepted++;
      }
    }
    if (fileRef.current) fileRef.current.value = "";
    setErrors((e) => {
      const rest = Object.fromEntries(Object.entries(e).filter(([k]) => k !== "images"));
      return problems.length > 0 ? { ...rest, images: [...new Set(problems)].join(". ") } : rest;
    });
    if (accepted > 0) void upload.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  const setStock = (stock: string) => {
    // The stock quantity fills the whole grid; single cells can then be changed.
    setValues((v) => ({
      ...v,
      stock,
      grid: Object.fromEntries(v.colors.flatMap((c) => v.sizes.map((s) => [variantKey(c, s), stock]))),
    }));
    clear("stock");
  };
  const cell = (color: string, size: string) => values.grid[variantKey(color, size)] ?? values.stock;
  const totalStock = values.colors.reduce(
    (sum, c) => sum + values.sizes.reduce((s, size) => s + (Number(cell(c, size)) || 0), 0),
    0,
  );
  const gridErrors = Object.entries(errors).filter(([k]) => k.startsWith("variants."));
  const costErrors = Object.entries(errors).filter(([k]) => k.startsWith("variantCosts."));
  const ownCosts = values.colors.flatMap((c) =>
    values.sizes.filter((s) => (values.costGrid[variantKey(c, s)] ?? "") !== ""),
  ).length;
  const colours = offeredColours(options.colours, [...had, ...values.colors]);
  const sizeSet = sizeSetOf(options, values.sizeSetId);
  const pickSizeSet = (id: string) => {
    setValues((v) => editProductForm({ ...v, sizeSetId: id }, { intent: "pick-size-set" }, options));
    clear("sizeSetId");
    clear("sizes");
  };

  const publishLabel =
    mode === "new"
      ? pendingIntent === "publish"
        ? "Adding Product..."
        : "Add Product"
      : pendingIntent === "publish"
        ? "Updating Product..."
        : "Update Product";

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={checkBeforeSending}
      className="flex flex-col gap-6"
      aria-label={mode === "new" ? "Add Product" : "Edit Product"}
    >
      {/* Enter in a text field presses the first submit button: make that the main one, not a toggle. */}
      <button type="submit" name="intent" value="publish" tabIndex={-1} aria-hidden="true" className="sr-only">
        Save
      </button>
      {formError && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      )}

      <Section title="Basic Information">
        <Field label="Product Name" error={errors.name}>
          {(p) => (
            <input
              {...p}
              type="text"
              name="name"
              defaultValue={values.name}
              maxLength={120}
              autoComplete="off"
              onChange={() => clear("name")}
              className="field-input"
            />
          )}
        </Field>
        <Field label="Category" error={errors.category}>
          {(p) => (
            <select
              {...p}
              name="category"
              defaultValue={values.category}
              onChange={() => clear("category")}
              className="field-input"
            >
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description" error={errors.description}>
          {(p) => (
            <textarea
              {...p}
              name="description"
              rows={4}
              defaultValue={values.description}
              onChange={() => clear("description")}
              className="field-input"
            />
          )}
        </Field>
      </Section>

      <Section title="Pricing & Stock">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Price (PKR)" error={errors.price} hint="Whole rupees">
            {(p) => (
              <input
                {...p}
                name="price"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                defaultValue={values.price}
                onChange={() => clear("price")}
                className="field-input"
              />
            )}
          </Field>
          <Field label="Original Price" error={errors.originalPrice} optional hint="Shown struck through when higher">
            {(p) => (
              <input
                {...p}
                name="originalPrice"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                defaultValue={values.originalPrice}
                onChange={() => clear("originalPrice")}
                className="field-input"
              />
            )}
          </Field>
          <Field
            label="Stock Quantity"
            error={errors.stock}
            hint="Fills every colour and size below; leave it empty when you type each one's stock there"
          >
            {(p) => (
              <input
                {...p}
                name="stock"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                value={values.stock}
                onChange={(e) => setStock(e.target.value)}
                className="field-input"
              />
            )}
          </Field>
          <Field
            label="Cost price (PKR)"
            error={errors.costPrice}
            optional
            hint="What one piece costs you. Only you see it; profit reports use it."
          >
            {(p) => (
              <input
                {...p}
                name="costPrice"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={values.costPrice}
                onChange={() => clear("costPrice")}
                className="field-input"
              />
            )}
          </Field>
          <Field
            label="Low-stock alert at (units)"
            error={errors.lowStockThreshold}
            optional
            hint={`A colour and size with this many pieces or fewer is marked low. Empty: the shop's default${lowStockDefault === undefined ? "" : ` (${lowStockDefault})`}.`}
          >
            {(p) => (
              <input
                {...p}
                name="lowStockThreshold"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={values.lowStockThreshold}
                onChange={() => clear("lowStockThreshold")}
                className="field-input"
              />
            )}
          </Field>
        </div>
      </Section>

      <Section title="Shipping">
        <Field
          label="Weight per piece (grams)"
          error={errors.weightGrams}
          optional
          hint={`Weighs the parcel when you book a courier. Empty: ${DEFAULT_PIECE_GRAMS} g is assumed.`}
        >
          {(p) => (
            <input
              {...p}
              name="weightGrams"
              type="number"
              min={1}
              max={50000}
              step={1}
              inputMode="numeric"
              defaultValue={values.weightGrams}
              onChange={() => clear("weightGrams")}
              className="field-input sm:max-w-56"
            />
          )}
        </Field>
      </Section>

      <Section
        title="Product Images"
        description={`Up to ${MAX_PRODUCT_IMAGES} photos, at most 5 MB each. The first one is the cover.`}
      >
        {values.images.map((image) => (
          <input key={image.sources[0].key} type="hidden" name={LIST_FIELDS.images} value={JSON.stringify(image)} />
        ))}
        {values.images.length > 0 && (
          <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="product-photos">
            {values.images.map((image, i) => (
              <li key={image.sources[0].key} className="overflow-hidden rounded-lg border border-stone-200 bg-white">
                <div className="relative">
                  <img
                    src={mediaUrl(pickSource(image.sources, 320).key)}
                    alt={`Photo ${i + 1}`}
                    width={image.width}
                    height={image.height}
                    className="aspect-[4/5] w-full object-cover"
                  />
                  {i === 0 && (
                    <span className="absolute left-2 top-2 rounded bg-stone-900 px-2 py-0.5 text-xs font-semibold text-white">
                      Cover
                    </span>
                  )}
                </div>
                <div className="flex justify-between gap-1 p-1.5">
                  <button
                    type="submit"
                    name="intent"
                    value={`image-up:${i}`}
                    disabled={i === 0}
                    aria-label={`Move photo ${i + 1} up`}
                    onClick={editInPlace({ intent: "image-up", index: i })}
                    className="btn-secondary h-9 min-w-9 px-2 disabled:opacity-40"
                  >
                    ↑
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`image-down:${i}`}
                    disabled={i === values.images.length - 1}
                    aria-label={`Move photo ${i + 1} down`}
                    onClick={editInPlace({ intent: "image-down", index: i })}
                    className="btn-secondary h-9 min-w-9 px-2 disabled:opacity-40"
                  >
                    ↓
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`image-remove:${i}`}
                    aria-label={`Remove photo ${i + 1}`}
                    onClick={editInPlace({ intent: "image-remove", index: i })}
                    className="btn-secondary h-9 min-w-9 px-2 text-red-700"
                  >
                    ✕
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Field label="Upload images" error={errors.images}>
          {(p) => (
            <input
              {...p}
              ref={fileRef}
              name="photos"
              type="file"
              accept="image/*"
              multiple
              disabled={values.images.length >= MAX_PRODUCT_IMAGES || uploading}
              onChange={(e) => pickPhotos(e.target.files)}
              className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white"
            />
          )}
        </Field>
        {uploading && (
          <p role="status" className="text-sm text-stone-700">
            Uploading photos...
          </p>
        )}
        {!hydrated && (
          <p className="text-sm text-stone-600">
            Picked photos are uploaded when you save or press any button below; they are kept if something needs fixing.
          </p>
        )}
      </Section>

      <Section title="Colors & Sizes">
        {values.colors.map((c) => (
          <input key={c} type="hidden" name={LIST_FIELDS.colors} value={c} />
        ))}
        {values.sizes.map((s) => (
          <input key={s} type="hidden" name={LIST_FIELDS.sizes} value={s} />
        ))}
        <ToggleGroup label="Colors" error={errors.colors}>
          {colours.length === 0 && (
            <p className="text-sm text-stone-700">No colours yet: add them in Catalogue, Colours.</p>
          )}
          {colours.map((c) => {
            const on = values.colors.includes(c.name);
            return (
              <button
                key={c.name}
                type="submit"
                name="intent"
                value={`toggle-color:${c.name}`}
                aria-pressed={on}
                onClick={editInPlace({ intent: "toggle-color", value: c.name }, "colors")}
                className={`inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-medium ${on ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800"}`}
              >
                <ColourSwatch hex={c.hex} />
                {c.name}
                {c.retired && <span className="text-xs font-normal"> (retired)</span>}
              </button>
            );
          })}
        </ToggleGroup>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1 sm:max-w-sm">
            <Field
              label="Size set"
              error={errors.sizeSetId}
              hint="The list of sizes this product is made in (Catalogue, Size sets)"
            >
              {(p) => (
                <select
                  {...p}
                  name="sizeSetId"
                  value={values.sizeSetId}
                  onChange={(e) => pickSizeSet(e.target.value)}
                  className="field-input"
                >
                  {!sizeSet && <option value="">Choose a size set</option>}
                  {options.sizeSets.map((set) => (
                    <option key={set.id} value={String(set.id)}>
                      {set.name} ({set.sizes.join(", ")})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          {/* Without JavaScript, this button shows the chosen set's sizes below. */}
          {!hydrated && (
            <button type="submit" name="intent" value="pick-size-set" className="btn-secondary mb-5">
              Use this size set
            </button>
          )}
        </div>
        {sizeSet && sizeSet.sizes.length === 1 ? (
          <p className="text-sm text-stone-800" data-testid="single-size">
            Size: <strong>{sizeSet.sizes[0]}</strong>{" "}
            <span className="text-stone-600">(the only size of {sizeSet.name})</span>
          </p>
        ) : (
          <ToggleGroup label="Sizes" error={errors.sizes}>
            {(sizeSet?.sizes ?? []).map((s) => {
              const on = values.sizes.includes(s);
              return (
                <button
                  key={s}
                  type="submit"
                  name="intent"
                  value={`toggle-size:${s}`}
                  aria-pressed={on}
                  onClick={editInPlace({ intent: "toggle-size", value: s }, "sizes")}
                  className={`h-10 min-w-12 rounded-lg border px-3 text-sm font-medium ${on ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 bg-white text-stone-800"}`}
                >
                  {s}
                </button>
              );
            })}
          </ToggleGroup>
        )}
        {sizeSet && sizeSet.sizes.length === 1 && errors.sizes && <p className="field-error">{errors.sizes}</p>}
        {values.colors.length > 0 && values.sizes.length > 0 && (
          <div>
            <h4 id="stock-grid-title" className="text-sm font-semibold text-stone-800">
              Stock per colour and size
            </h4>
            <p className="text-sm text-stone-600">Total: {totalStock} pieces</p>
            <div className="mt-2 max-w-full overflow-x-auto rounded-lg border border-stone-200">
              <VariantGrid
                colors={values.colors}
                sizes={values.sizes}
                labelledBy="stock-grid-title"
                cell={(c, s) => {
                  const key = variantKey(c, s);
                  return (
                    <input
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      name={gridFieldName(c, s)}
                      aria-label={`${c} ${s} stock`}
                      aria-invalid={errors[`variants.${key}`] ? true : undefined}
                      value={cell(c, s)}
                      onChange={(e) => {
                        const stock = e.target.value;
                        setValues((v) => ({ ...v, grid: { ...v.grid, [key]: stock } }));
                        clear(`variants.${key}`);
                      }}
                      className="field-input w-16 px-2 py-1.5 text-center"
                    />
                  );
                }}
              />
            </div>
            {gridErrors.map(([k, message]) => (
              <p key={k} className="field-error">
                {message}
              </p>
            ))}
            <details
              className="mt-3 rounded-lg border border-stone-200"
              open={ownCosts > 0 || costErrors.length > 0 ? true : undefined}
            >
              <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-stone-800">
                Cost per colour and size (optional)
                {ownCosts > 0 && <span className="font-normal text-stone-600"> · {ownCosts} set</span>}
              </summary>
              <p id="cost-grid-note" className="px-3 text-sm text-stone-600">
                Only where a colour or size costs you more or less than the cost price above. Empty: the product&apos;s
                cost.
              </p>
              <div className="max-w-full overflow-x-auto p-3">
                <VariantGrid
                  colors={values.colors}
                  sizes={values.sizes}
                  label="Cost per colour and size"
                  cell={(c, s) => {
                    const key = variantKey(c, s);
                    return (
                      <input
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        name={costFieldName(c, s)}
                        aria-label={`${c} ${s} cost (PKR)`}
                        aria-describedby="cost-grid-note"
                        aria-invalid={errors[`variantCosts.${key}`] ? true : undefined}
                        value={values.costGrid[key] ?? ""}
                        placeholder={values.costPrice || undefined}
                        onChange={(e) => {
                          const cost = e.target.value;
                          setValues((v) => ({ ...v, costGrid: { ...v.costGrid, [key]: cost } }));
                          clear(`variantCosts.${key}`);
                        }}
                        className="field-input w-20 px-2 py-1.5 text-center"
                      />
                    );
                  }}
                />
              </div>
              {costErrors.map(([k, message]) => (
                <p key={k} className="field-error px-3 pb-2">
                  {message}
                </p>
              ))}
            </details>
          </div>
        )}
      </Section>

      <Section title="Product Features">
        <ul className="flex flex-col gap-2">
          {values.features.map((feature, i) => (
            <li key={i} className="flex gap-2">
              <label htmlFor={`feature-${i}`} className="sr-only">
                Feature {i + 1}
              </label>
              <input
                id={`feature-${i}`}
                type="text"
                name={LIST_FIELDS.features}
                value={feature}
                maxLength={200}
                placeholder="e.g. 100% breathable cotton"
                onChange={(e) => {
                  const text = e.target.value;
                  setValues((v) => ({ ...v, features: v.features.map((f, j) => (j === i ? text : f)) }));
                  clear("features");
                }}
                className="field-input"
              />
              {values.features.length > 1 && (
                <button
                  type="submit"
                  name="intent"
                  value={`remove-feature:${i}`}
                  aria-label={`Remove line ${i + 1}`}
                  onClick={editInPlace({ intent: "remove-feature", index: i })}
                  className="btn-secondary shrink-0 px-3 text-red-700"
                >
                  ✕
                </button>
              )}
            </li>
          ))}
        </ul>
        {errors.features && <p className="field-error">{errors.features}</p>}
        <div>
          <button
            type="submit"
            name="intent"
            value="add-feature"
            onClick={editInPlace({ intent: "add-feature" })}
            className="btn-secondary"
          >
            + Add Feature
          </button>
        </div>
      </Section>

      <Section title="Tags">
        <Field label="Tags" error={errors.tags} optional hint="Separate with commas, e.g. summer, cotton, casual">
          {(p) => (
            <input
              {...p}
              type="text"
              name="tags"
              defaultValue={values.tags}
              onChange={() => clear("tags")}
              className="field-input"
            />
          )}
        </Field>
      </Section>

      <Section
        title="Launch"
        description="A coming-soon product is shown in the shop but cannot be bought until it launches."
      >
        <label className="flex items-center gap-2 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            name="comingSoon"
            defaultChecked={values.comingSoon}
            className="h-5 w-5 accent-brand-700"
          />
          Coming soon
        </label>
        <Field
          label="Launch date and time (Pakistan time)"
          error={errors.launchAt}
          optional
          hint="Leave empty to launch it yourself from the Products tab"
        >
          {(p) => (
            <input
              {...p}
              name="launchAt"
              type="datetime-local"
              defaultValue={values.launchAt}
              onChange={() => clear("launchAt")}
              className="field-input"
            />
          )}
        </Field>
      </Section>

      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <button
          type="submit"
          name="intent"
          value="draft"
          disabled={busy || uploading}
          className="btn-secondary flex-1 sm:flex-none"
        >
          {pendingIntent === "draft" ? "Saving Draft..." : "Save Draft"}
        </button>
        <button
          type="submit"
          name="intent"
          value="publish"
          disabled={busy || uploading}
          className="btn-primary flex-1 sm:flex-none"
        >
          {publishLabel}
        </button>
      </div>
    </Form>
  );
}

/** A titled part of the form; its heading is enough (no landmark, so its title never doubles as a field's label). */
function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <div>
        <h3 className="text-base font-semibold text-stone-900">{title}</h3>
        {description && <p className="mt-0.5 text-sm text-stone-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}

type FieldProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** A label, its control and the message beside it. */
function Field({
  label,
  error,
  hint,
  optional = false,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: (props: FieldProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      {/* The label holds only the field's name, so it is found by exactly that name. */}
      <div className="mb-1 flex items-baseline gap-1 text-sm">
        <label htmlFor={id} className="font-medium text-stone-700">
          {label}
        </label>
        {optional ? (
          <span className="text-stone-500">(optional)</span>
        ) : (
          <span aria-hidden className="text-red-700">
            *
          </span>
        )}
      </div>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function ToggleGroup({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} aria-describedby={error ? `${id}-error` : undefined}>
      <p id={id} className="field-label">
        {label}
      </p>
      <div className="flex flex-wrap gap-2">{children}</div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A colour x size table of inputs (the stock grid, the cost grid): one row per colour, one column per size. */
function VariantGrid({
  colors,
  sizes,
  label,
  labelledBy,
  cell,
}: {
  colors: string[];
  sizes: string[];
  label?: string;
  labelledBy?: string;
  cell: (color: string, size: string) => React.ReactNode;
}) {
  return (
    <table className="min-w-full text-sm" aria-label={label} aria-labelledby={labelledBy}>
      <thead className="bg-stone-50">
        <tr>
          <th scope="col" className="px-2 py-2 text-left font-medium text-stone-700">
            Colour
          </th>
          {sizes.map((s) => (
            <th key={s} scope="col" className="px-1 py-2 text-center font-medium text-stone-700">
              {s}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {colors.map((c) => (
          <tr key={c} className="border-t border-stone-200">
            <th scope="row" className="px-2 py-1.5 text-left font-medium text-stone-800">
              {c}
            </th>
            {sizes.map((s) => (
              <td key={s} className="px-1 py-1.5">
                {cell(c, s)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
