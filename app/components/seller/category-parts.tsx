import { useId, useRef } from "react";
import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-parts";
import { shownErrors, useFormShape } from "~/components/ui/use-form-shape";
import { keptValue, type FormReply } from "~/lib/form-reply";
import { ProductImage } from "~/components/ui/product-image";
import { TextField } from "~/components/ui/text-field";
import type { ProductImageData } from "~/modules/catalog/product-card";
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_SLUG_MAX,
  LAUNCH_LABEL_MAX,
  categoryFormSchema,
  slugFromName,
  type CategoryField,
  type CategoryValues,
} from "~/modules/catalog/category-input";

/** Dashboard -> Catalogue -> Categories: the badges of a category, and its form. */

export function CategoryBadges({
  hidden,
  comingSoon,
  launch,
}: {
  hidden: boolean;
  comingSoon: boolean;
  launch: string | null;
}) {
  return (
    <>
      {hidden && (
        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Hidden</span>
      )}
      {comingSoon && (
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
          Coming soon{launch ? ` · ${launch}` : ""}
        </span>
      )}
    </>
  );
}

function Checkbox({
  name,
  label,
  defaultChecked,
  note,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  note?: string;
}) {
  const id = useId();
  return (
    <div>
      <label className="flex min-h-10 items-center gap-3 text-stone-900">
        <input
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={defaultChecked}
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

export type CategoryFormProps = {
  /** The category's slug now (null: a new one): the slug field starts empty and follows the name. */
  editing: string | null;
  values: CategoryValues;
  /** The server's refusal of the last save: its messages, and a picture it kept (`pendingImage`). */
  reply: FormReply | null;
  image: ProductImageData | null;
  busy: boolean;
};

/** Add or edit a category: a real multipart form, so it works (picture included) without JavaScript. */
export function CategoryForm({ editing, values, reply, image, busy }: CategoryFormProps) {
  // Checked in the browser with the action's schema; the picture is checked by the server.
  const [form] = useFormShape(categoryFormSchema, reply, { id: "category" });
  const errors: Partial<Record<CategoryField, string>> = shownErrors(form);
  const formError = form.errors?.[0];
  const pendingImage = keptValue(reply, "pendingImage") ?? null;
  const slugRef = useRef<HTMLInputElement>(null);
  // With JavaScript, a new category's slug is suggested as the name is typed, until the owner types one.
  const slugTouched = useRef(values.slug !== "");
  const imageId = useId();
  const field = (name: keyof CategoryValues) => ({ name, defaultValue: String(values[name]), error: errors[name] });

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      id={form.id}
      onSubmit={form.onSubmit}
      noValidate
      className="grid gap-5"
      aria-label={editing ? "Edit category" : "Add category"}
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 font-semibold text-stone-900">Name and address</legend>
        <div
          onChange={(e) => {
            const target = e.target as HTMLInputElement;
            if (target.name === "name" && !slugTouched.current && !editing && slugRef.current)
              slugRef.current.value = slugFromName(target.value);
            if (target.name === "slug") slugTouched.current = target.value !== "";
          }}
          className="contents"
        >
          <TextField label="Name" placeholder="Lawn" {...field("name")} />
          <SlugField inputRef={slugRef} defaultValue={values.slug} error={errors.slug} />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Description"
            multiline
            rows={3}
            required={false}
            hint={`Shown under the category's heading and to search engines. At most ${CATEGORY_DESCRIPTION_MAX} characters.`}
            {...field("description")}
          />
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <legend className="px-1 font-semibold text-stone-900">Picture</legend>
        <p className="text-sm text-stone-700">
          The home page&apos;s tile shows it. Without one, the tile shows a photo of one of its best products.
        </p>
        {(image || pendingImage) && (
          <div className="flex flex-wrap items-center gap-4">
            {image && (
              <div className="w-24 overflow-hidden rounded-lg">
                <ProductImage image={image} sizes="96px" alt={`Picture of ${values.name || "the category"}`} />
              </div>
            )}
            {pendingImage && (
              <p className="text-sm text-stone-700">The picture you chose is kept: save again to use it.</p>
            )}
            {image && !pendingImage && (
              <Checkbox name="removeImage" label="Remove the picture" defaultChecked={values.removeImage} />
            )}
          </div>
        )}
        {pendingImage && <input type="hidden" name="pendingImage" value={pendingImage} />}
        <div>
          <label htmlFor={imageId} className="field-label">
            {image ? "New picture" : "Picture"}
          </label>
          <input
            id={imageId}
            name="image"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="block w-full text-sm text-stone-800 file:mr-3 file:min-h-10 file:rounded-lg file:border-0 file:bg-stone-100 file:px-4 file:font-medium"
            aria-invalid={errors.image ? true : undefined}
            aria-describedby={errors.image ? `${imageId}-error` : `${imageId}-hint`}
          />
          {errors.image ? (
            <p id={`${imageId}-error`} className="field-error">
              {errors.image}
            </p>
          ) : (
            <p id={`${imageId}-hint`} className="mt-1 text-xs text-stone-600">
              JPEG, PNG, WebP or AVIF, up to 5 MB.
            </p>
          )}
        </div>
      </fieldset>

      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 font-semibold text-stone-900">On the shop</legend>
        <div className="sm:col-span-2">
          <Checkbox
            name="hidden"
            label="Hidden"
            defaultChecked={values.hidden}
            note="Gone from the menus, filters, home page, sitemap and API; its page is not found. Its products stay on sale."
          />
        </div>
        <div className="sm:col-span-2">
          <Checkbox
            name="comingSoon"
            label="Coming soon"
            defaultChecked={values.comingSoon}
            note="While it has nothing on sale, its tile and page say Coming Soon and shoppers can ask to be told (Notify Me). Untick it to open it: everyone who asked is e-mailed."
          />
        </div>
        <TextField
          label="Launch label"
          required={false}
          placeholder="October 2025"
          hint={`Shown as the expected launch, for example "Eid 2026". At most ${LAUNCH_LABEL_MAX} characters.`}
          {...field("launchLabel")}
        />
        <TextField
          label="Launch date"
          type="datetime-local"
          required={false}
          hint="Pakistan time. It opens by itself then. Empty: you open it."
          {...field("launchAt")}
        />
      </fieldset>

      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 sm:p-5">
        <legend className="px-1 font-semibold text-stone-900">Catalogue feeds</legend>
        <p className="text-sm text-stone-700 sm:col-span-2">
          What Meta&apos;s catalogue (Facebook and Instagram) is told this category&apos;s products are. Both are
          optional.
        </p>
        <TextField
          label="Google product category"
          required={false}
          placeholder="2271"
          hint="A number from Google's product taxonomy, or its path, for example Apparel & Accessories > Clothing > Dresses."
          {...field("googleProductCategory")}
        />
        <TextField
          label="Facebook product category"
          required={false}
          placeholder="Clothing & Accessories > Clothing > Women's Clothing"
          hint="Facebook's category path as Commerce Manager lists it (or its number)."
          {...field("fbProductCategory")}
        />
      </fieldset>

      <button type="submit" name="intent" value="save" className="btn-primary justify-self-start px-6" disabled={busy}>
        {busy ? "Saving..." : editing ? "Save category" : "Add category"}
      </button>
    </Form>
  );
}

function SlugField({
  inputRef,
  defaultValue,
  error,
}: {
  inputRef: React.Ref<HTMLInputElement>;
  defaultValue: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="field-label">
        <label htmlFor={id}>URL slug</label>
      </div>
      <div className="flex items-stretch">
        <span
          className="inline-flex items-center rounded-l-lg border border-r-0 border-stone-300 bg-stone-100 px-2 text-sm text-stone-700"
          aria-hidden
        >
          /category/
        </span>
        <input
          ref={inputRef}
          id={id}
          name="slug"
          type="text"
          defaultValue={defaultValue}
          maxLength={CATEGORY_SLUG_MAX + 20}
          autoCapitalize="none"
          spellCheck={false}
          placeholder="made from the name"
          className="field-input min-w-0 rounded-l-none"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${id}-error ` : ""}${id}-hint`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
        Lower-case letters, digits and hyphens. Empty: made from the name. Changing it keeps the old address working (it
        forwards here).
      </p>
    </div>
  );
}
