import { useId, useState } from "react";
import { formatPrice } from "~/lib/money";
import type { OwnerOrderRowValues } from "~/modules/orders/owner-order-form";

export type ItemProduct = {
  id: string;
  name: string;
  price: number;
  variants: { color: string; size: string; stock: number }[];
};

/**
 * Item rows of an order the owner enters: product, colour, size, quantity. Without JavaScript a
 * fixed number of rows offers every colour and size (the server refuses a combination that does not
 * exist); with it, each row offers only the chosen product's colours and sizes in stock, and rows
 * can be added.
 */
export function OwnerOrderItems({
  products,
  rows: initial,
  errors,
  maxRows,
}: {
  products: ItemProduct[];
  rows: OwnerOrderRowValues[];
  errors?: Record<number, string>;
  maxRows: number;
}) {
  const [rows, setRows] = useState(initial);
  const allColors = [...new Set(products.flatMap((p) => p.variants.map((v) => v.color)))].sort();
  const allSizes = [...new Set(products.flatMap((p) => p.variants.map((v) => v.size)))];
  const update = (i: number, patch: Partial<OwnerOrderRowValues>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="grid gap-3">
      {rows.map((row, i) => (
        <ItemRow
          key={i}
          index={i}
          row={row}
          error={errors?.[i]}
          products={products}
          allColors={allColors}
          allSizes={allSizes}
          onChange={(patch) => update(i, patch)}
        />
      ))}
      {rows.length < maxRows && (
        <button
          type="button"
          className="btn-secondary justify-self-start"
          onClick={() => setRows((rs) => [...rs, { productId: "", color: "", size: "", quantity: "1" }])}
        >
          Add Another Item
        </button>
      )}
    </div>
  );
}

function ItemRow({
  index,
  row,
  error,
  products,
  allColors,
  allSizes,
  onChange,
}: {
  index: number;
  row: OwnerOrderRowValues;
  error?: string;
  products: ItemProduct[];
  allColors: string[];
  allSizes: string[];
  onChange: (patch: Partial<OwnerOrderRowValues>) => void;
}) {
  const id = useId();
  const product = products.find((p) => p.id === row.productId);
  const colors = product ? [...new Set(product.variants.map((v) => v.color))] : allColors;
  const sizes = product
    ? [...new Set(product.variants.filter((v) => !row.color || v.color === row.color).map((v) => v.size))]
    : allSizes;
  const stock = product?.variants.find((v) => v.color === row.color && v.size === row.size)?.stock;
  const n = index + 1;
  const name = (field: string) => `items[${index}].${field}`;
  const invalid = error ? true : undefined;
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3" aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-semibold text-stone-800">Item {n}</legend>
      <div className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_6rem]">
        <div>
          <label htmlFor={`${id}-p`} className="field-label">
            Product
          </label>
          <select
            id={`${id}-p`}
            name={name("productId")}
            value={row.productId}
            onChange={(e) => onChange({ productId: e.target.value, color: "", size: "" })}
            className="field-input py-2"
            aria-invalid={invalid}
          >
            <option value="">Choose a product</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({formatPrice(p.price)})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-c`} className="field-label">
            Colour
          </label>
          <select
            id={`${id}-c`}
            name={name("color")}
            value={row.color}
            onChange={(e) => onChange({ color: e.target.value, size: "" })}
            className="field-input py-2"
            aria-invalid={invalid}
          >
            <option value="">Choose</option>
            {colors.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-s`} className="field-label">
            Size
          </label>
          <select
            id={`${id}-s`}
            name={name("size")}
            value={row.size}
            onChange={(e) => onChange({ size: e.target.value })}
            className="field-input py-2"
            aria-invalid={invalid}
          >
            <option value="">Choose</option>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="field-label">
            Quantity
          </label>
          <input
            id={`${id}-q`}
            name={name("quantity")}
            type="number"
            min={1}
            max={99}
            inputMode="numeric"
            value={row.quantity}
            onChange={(e) => onChange({ quantity: e.target.value })}
            className="field-input py-2"
            aria-invalid={invalid}
          />
        </div>
      </div>
      {stock !== undefined && <p className="mt-1 text-xs text-stone-600">{stock} in stock</p>}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
