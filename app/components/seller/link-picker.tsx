import { useId } from "react";
import { FieldLabel } from "~/components/ui/text-field";
import type { LinkOptions } from "~/modules/storefront/shop-link";

/**
 * Where a link goes: a category, collection or page picked from the shop's own, or a path on the
 * shop typed beside it (a product, a filtered listing). Two plain fields, so it works without JavaScript.
 */
export function LinkPicker({
  options,
  link,
  path,
  errors,
  allowNone,
  noneLabel = "No link",
  label = "Links to",
}: {
  options: LinkOptions;
  link: string;
  path: string;
  errors: { link?: string; path?: string };
  allowNone: boolean;
  noneLabel?: string;
  label?: string;
}) {
  const id = useId();
  return (
    <>
      <div>
        <FieldLabel htmlFor={`${id}-link`} required={!allowNone}>
          {label}
        </FieldLabel>
        <select
          id={`${id}-link`}
          name="link"
          defaultValue={link || (allowNone ? "none" : "path")}
          className="field-input"
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={errors.link ? `${id}-link-error` : undefined}
        >
          {allowNone && <option value="none">{noneLabel}</option>}
          <option value="path">A path on the shop (type it below)</option>
          {options.categories.length > 0 && (
            <optgroup label="Categories">
              {options.categories.map((c) => (
                <option key={c.slug} value={`category:${c.slug}`}>
                  {c.name}
                  {c.hidden ? " (hidden)" : ""}
                </option>
              ))}
            </optgroup>
          )}
          {options.collections.length > 0 && (
            <optgroup label="Collections">
              {options.collections.map((c) => (
                <option key={c.id} value={`collection:${c.id}`}>
                  {c.title}
                  {c.published ? "" : " (unpublished)"}
                </option>
              ))}
            </optgroup>
          )}
          {options.pages.length > 0 && (
            <optgroup label="Pages">
              {options.pages.map((p) => (
                <option key={p.id} value={`page:${p.id}`}>
                  {p.title}
                  {p.published ? "" : " (unpublished)"}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {errors.link && (
          <p id={`${id}-link-error`} className="field-error">
            {errors.link}
          </p>
        )}
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-path`} required={false}>
          Path on the shop
        </FieldLabel>
        <input
          id={`${id}-path`}
          type="text"
          name="path"
          defaultValue={path}
          placeholder="/product/... or /products?sort=new"
          className="field-input"
          aria-invalid={errors.path ? true : undefined}
          aria-describedby={`${errors.path ? `${id}-path-error ` : ""}${id}-path-hint`}
        />
        {errors.path && (
          <p id={`${id}-path-error`} className="field-error">
            {errors.path}
          </p>
        )}
        <p id={`${id}-path-hint`} className="mt-1 text-xs text-stone-600">
          Used when the link is a path: it starts with / and stays on this shop.
        </p>
      </div>
    </>
  );
}
