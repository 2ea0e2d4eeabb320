import { useId, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formatPrice } from "~/lib/money";
import type { CollectionField, CollectionValues } from "~/modules/catalog/collection-input";
import type { CollectionPick } from "~/modules/catalog/collection-picks.server";
import { mediaUrl, pickSource, type StoredImageRef } from "~/modules/media/image-url";

function Fieldset({ legend, note, children }: { legend: string; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
      <legend className="px-1 font-semibold text-stone-900">{legend}</legend>
      {note && <p className="mb-3 text-sm text-stone-700">{note}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function Checkbox({ name, label, checked, note }: { name: string; label: string; checked: boolean; note?: string }) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-10 items-center gap-3 text-stone-900">
        <input
          type="checkbox"
          name={name}
          defaultChecked={checked}
          className="size-5"
          aria-describedby={note ? `${id}-note` : undefined}
        />
        <span className="font-medium">{label}</span>
      </label>
      {note && (
        <p id={`${id}-note`} className="mt-1 text-xs text-stone-600">
          {note}
        </p>
      )}
    </div>
  );
}

/** The collection's own fields: words, picture, how its products are chosen, where it shows. */
export function CollectionForm({
  formKey,
  heading,
  isNew,
  values,
  errors,
  formError,
  categories,
  image,
  matchCount,
  busy,
  shape,
}: {
  formKey: string;
  heading: string;
  isNew: boolean;
  values: CollectionValues;
  errors: Partial<Record<CollectionField, string>>;
  formError: string | null;
  categories: { slug: string; name: string }[];
  image: StoredImageRef | null;
  matchCount: number | null;
  busy: string | null;
  /** The page's useFormShape: the action's schema checks the form in the browser before it is sent. */
  shape?: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; refused?: object };
}) {
  // Focus moves to the first marked field when a refusal arrives (the browser's check focuses it itself).
  const formRef = useFocusFirstInvalid(shape ? shape.refused : errors);
  const field = (name: keyof CollectionValues & string) => ({
    name,
    defaultValue: String(values[name] ?? ""),
    error: errors[name],
  });
  const imageId = useId();
  const categoryId = useId();
  const saving = busy === "save";
  return (
    <Form
      ref={formRef}
      key={formKey}
      method="post"
      encType="multipart/form-data"
      id={shape?.id}
      onSubmit={shape?.onSubmit}
      noValidate
      className="grid gap-6"
      aria-labelledby="collection-title"
    >
      <h2 id="collection-title" className="text-xl font-semibold text-stone-900">
        {heading}
      </h2>
      {formError && <FormAlert>{formError}</FormAlert>}

      <Fieldset legend="Title, address and words">
        <TextField label="Title" {...field("title")} />
        <TextField
          label="Slug"
          required={false}
          {...field("slug")}
          hint={
            isNew
              ? "Its address: /collections/slug. Leave it empty to make it from the title (Eid Edit: eid-edit)."
              : "Its address: /collections/slug. Changing it changes the page's address."
          }
        />
        <div className="sm:col-span-2">
          <TextField
            label="Text"
            multiline
            rows={3}
            required={false}
            {...field("description")}
            hint="Shown under the title on the collection's page, as plain text."
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={imageId} className="field-label">
            Picture
          </label>
          {image && (
            <img
              src={mediaUrl(pickSource(image.sources, 320).key)}
              alt="The collection's picture now"
              width={image.width}
              height={image.height}
              className="mb-2 h-24 w-auto rounded-lg object-cover"
            />
          )}
          <input
            id={imageId}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="field-input"
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? `${imageId}-error` : `${imageId}-hint`}
          />
          {errors.image && (
            <p id={`${imageId}-error`} className="field-error">
              {errors.image}
            </p>
          )}
          <p id={`${imageId}-hint`} className="mt-1 text-xs text-stone-600">
            A wide photo (JPEG, PNG or WebP, up to 5 MB). Choose it again if the form is refused.
          </p>
          {image && <Checkbox name="removeImage" label="Remove the picture" checked={values.removeImage} />}
        </div>
      </Fieldset>

      <fieldset className="min-w-0 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <legend className="px-1 font-semibold text-stone-900">Which products</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex min-h-10 items-start gap-3 rounded-lg border border-stone-200 p-3">
            <input
              type="radio"
              name="mode"
              value="manual"
              defaultChecked={values.mode !== "rule"}
              className="mt-0.5 size-5"
            />
            <span>
              <span className="block font-medium text-stone-900">Hand-picked</span>
              <span className="block text-sm text-stone-700">
                You add products and put them in order{isNew ? ", once the collection is saved" : ""}.
              </span>
            </span>
          </label>
          <label className="flex min-h-10 items-start gap-3 rounded-lg border border-stone-200 p-3">
            <input
              type="radio"
              name="mode"
              value="rule"
              defaultChecked={values.mode === "rule"}
              className="mt-0.5 size-5"
            />
            <span>
              <span className="block font-medium text-stone-900">By rule</span>
              <span className="block text-sm text-stone-700">
                Every product that meets all the rule fields you fill in, now and later.
              </span>
            </span>
          </label>
        </div>
        {errors.mode && <p className="field-error">{errors.mode}</p>}
      </fieldset>

      <Fieldset
        legend="Rule"
        note="Used when By rule is chosen. Fill in only what matters: a product must meet every field that is filled in. Prices are the prices shoppers pay now, a running sale's included."
      >
        <div>
          <label htmlFor={categoryId} className="field-label">
            Category
          </label>
          <select
            id={categoryId}
            name="ruleCategorySlug"
            defaultValue={values.ruleCategorySlug}
            className="field-input"
            aria-invalid={errors.ruleCategorySlug ? true : undefined}
            aria-describedby={errors.ruleCategorySlug ? `${categoryId}-error` : undefined}
          >
            <option value="">Any category</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.ruleCategorySlug && (
            <p id={`${categoryId}-error`} className="field-error">
              {errors.ruleCategorySlug}
            </p>
          )}
        </div>
        <TextField label="Tag" required={false} {...field("ruleTag")} hint="One of the products' tags, e.g. eid" />
        <TextField label="Lowest price (Rs)" inputMode="numeric" required={false} {...field("ruleMinPrice")} />
        <TextField label="Highest price (Rs)" inputMode="numeric" required={false} {...field("ruleMaxPrice")} />
        <TextField
          label="New in the last (days)"
          inputMode="numeric"
          required={false}
          {...field("ruleNewDays")}
          hint="Products added in that many days, e.g. 30"
        />
        <div className="flex items-end">
          <Checkbox
            name="ruleOnSale"
            label="On sale only"
            checked={values.ruleOnSale}
            note="A running sale, or an Original Price above the price."
          />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={busy !== null}>
            {busy === "preview" ? "Counting..." : "Preview"}
          </button>
          <p role="status" className="text-sm font-medium text-stone-900" data-testid="rule-count">
            {matchCount !== null ? `${matchCount} ${matchCount === 1 ? "product matches" : "products match"} now` : ""}
          </p>
        </div>
      </Fieldset>

      <Fieldset legend="Where it shows">
        <Checkbox
          name="published"
          label="Published"
          checked={values.published}
          note="Unpublished: its page is not found and it is left out of menus and the home page."
        />
        <Checkbox
          name="showOnHome"
          label="Show on home"
          checked={values.showOnHome}
          note="A section of the home page with its first products and a View all link."
        />
        <TextField
          label="Home position"
          inputMode="numeric"
          required={false}
          {...field("homePosition")}
          hint="Sections show from the lowest number down."
        />
      </Fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary px-6" disabled={busy !== null}>
          {saving ? "Saving..." : isNew ? "Add collection" : "Save collection"}
        </button>
      </div>
    </Form>
  );
}

/** A hand-picked collection's products: move up and down, take out, and a search to add more (a GET form: works without JavaScript). */
export function CollectionPicks({
  picks,
  q,
  results,
  busy,
}: {
  picks: CollectionPick[];
  q: string;
  results: CollectionPick[] | null;
  busy: boolean;
}) {
  const note = (p: CollectionPick) =>
    p.status === "draft"
      ? "Draft: not shown"
      : p.status === "archived"
        ? "Archived: not shown"
        : p.categoryHidden
          ? "Hidden category: not shown"
          : p.status === "coming-soon"
            ? "Coming soon"
            : null;
  const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;
  return (
    <section
      id="picks"
      aria-labelledby="picks-title"
      className="mt-8 grid scroll-mt-32 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div>
        <h2 id="picks-title" className="text-lg font-semibold text-stone-900">
          Products in this collection
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Shoppers see them in this order. Drafts and products of hidden categories stay here but are not shown.
        </p>
      </div>
      {picks.length === 0 ? (
        <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
          No products yet: find them below and add them.
        </p>
      ) : (
        <ol className="grid gap-2">
          {picks.map((p, i) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 p-3"
              data-testid="collection-pick"
            >
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {i + 1}. {p.name}
                </p>
                <p className="text-sm text-stone-600">
                  {p.categoryName} · {formatPrice(p.price)}
                  {note(p) ? ` · ${note(p)}` : ""}
                </p>
              </div>
              <div className="flex gap-2">
                <Form method="post" preventScrollReset>
                  {hidden("intent", "up")}
                  {hidden("productId", p.id)}
                  {hidden("q", q)}
                  <button
                    type="submit"
                    className="btn-secondary px-3"
                    disabled={busy || i === 0}
                    aria-label={`Move ${p.name} up`}
                  >
                    Up
                  </button>
                </Form>
                <Form method="post" preventScrollReset>
                  {hidden("intent", "down")}
                  {hidden("productId", p.id)}
                  {hidden("q", q)}
                  <button
                    type="submit"
                    className="btn-secondary px-3"
                    disabled={busy || i === picks.length - 1}
                    aria-label={`Move ${p.name} down`}
                  >
                    Down
                  </button>
                </Form>
                <Form method="post" preventScrollReset>
                  {hidden("intent", "remove")}
                  {hidden("productId", p.id)}
                  {hidden("q", q)}
                  <button type="submit" className="btn-secondary px-3" disabled={busy}>
                    Remove<span className="sr-only"> {p.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ol>
      )}

      <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Find products to add">
        <div className="min-w-0 flex-1">
          <label htmlFor="pick-q" className="field-label">
            Find products to add
          </label>
          <input
            id="pick-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Product name"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {results &&
        (results.length === 0 ? (
          <p className="text-sm text-stone-700" role="status">
            No products to add match &ldquo;{q}&rdquo;.
          </p>
        ) : (
          <ul className="grid gap-2">
            {results.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{p.name}</p>
                  <p className="text-sm text-stone-600">
                    {p.categoryName} · {formatPrice(p.price)}
                    {note(p) ? ` · ${note(p)}` : ""}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  {hidden("intent", "add")}
                  {hidden("productId", p.id)}
                  {hidden("q", q)}
                  <button type="submit" className="btn-primary px-3" disabled={busy}>
                    Add<span className="sr-only"> {p.name}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
