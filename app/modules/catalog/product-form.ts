import { z } from "~/lib/zod";
import {
  fieldErrors,
  imageTokenSchema,
  productInputSchema,
  type ImageToken,
  type ProductInput,
  type RawProductInput,
  type SavedProductStatus,
} from "./product-input";
import { coloursOffered, type ColourOption } from "./colour-rules";
import { distinct, PRODUCT_FORM_DEFAULTS, variantKey } from "./product-options";
import { inOrderOf, type SizeSetOption } from "./size-set-rules";

/**
 * The Add/Edit Product form as plain values: what the page renders, what a post carries back, and
 * the small edits (toggle a colour, add a feature line, move a photo) that work as form posts when
 * JavaScript is off. Everything the owner typed comes back in these values, so nothing is lost.
 */
export type ProductFormValues = {
  name: string;
  category: string;
  description: string;
  price: string;
  originalPrice: string;
  stock: string;
  /** The size set's id as the select posts it ("" before one is chosen). */
  sizeSetId: string;
  colors: string[];
  sizes: string[];
  /** Stock per "Colour/Size"; combinations without a cell take the stock quantity. */
  grid: Record<string, string>;
  features: string[];
  tags: string;
  comingSoon: boolean;
  launchAt: string;
  images: ImageToken[];
  /** Grams per piece; empty for none. */
  weightGrams: string;
  /** The product's cost per piece in rupees; empty: not known. */
  costPrice: string;
  /** Cost per "Colour/Size" where it differs from the product's; empty cells take the product's. */
  costGrid: Record<string, string>;
  /** Units at or under which a variant is low; empty: the shop's default. */
  lowStockThreshold: string;
};

/**
 * What the form's action answers besides a refusal (the one form shape, its values kept): the form
 * after a small edit (without JavaScript), or the photos of an upload.
 */
export type ProductFormAnswer =
  | { kind: "edited"; formId: string; values: ProductFormValues }
  | { kind: "upload"; uploaded: ImageToken[]; rejected: string[] };

/** The form's message above a refused form. */
export const CHECK_FIELDS = "Please check the highlighted fields";

/** The shop's data the form offers: its colours (retired ones too: see offeredColours) and its size sets. */
export type ProductFormOptions = {
  colours: Pick<ColourOption, "name" | "hex" | "retired">[];
  sizeSets: Pick<SizeSetOption, "id" | "name" | "sizes">[];
};

/** The colours the form offers: the shop's that are not retired, plus retired ones the product has. */
export const offeredColours = coloursOffered;

export function sizeSetOf(options: Pick<ProductFormOptions, "sizeSets">, id: string) {
  return options.sizeSets.find((s) => String(s.id) === id) ?? null;
}

/**
 * Add Product's fresh form: SPEC.md's defaults (T-Shirts, Black and White, S to XL) where the shop
 * has them; otherwise its first category, first colour and first size set.
 */
export function emptyProductForm(
  options: ProductFormOptions,
  categories: readonly string[] = [PRODUCT_FORM_DEFAULTS.category],
): ProductFormValues {
  const live = options.colours.filter((c) => !c.retired).map((c) => c.name);
  const defaultColours = inOrderOf(live, PRODUCT_FORM_DEFAULTS.colors);
  const setWithDefaults = options.sizeSets.find((s) =>
    PRODUCT_FORM_DEFAULTS.sizes.every((size) => s.sizes.includes(size)),
  );
  const set = setWithDefaults ?? options.sizeSets[0] ?? null;
  const sizes = !set ? [] : setWithDefaults ? inOrderOf(set.sizes, PRODUCT_FORM_DEFAULTS.sizes) : [...set.sizes];
  return {
    name: "",
    category: categories.includes(PRODUCT_FORM_DEFAULTS.category)
      ? PRODUCT_FORM_DEFAULTS.category
      : (categories[0] ?? ""),
    description: "",
    price: "",
    originalPrice: "",
    stock: "",
    sizeSetId: set ? String(set.id) : "",
    colors: defaultColours.length > 0 ? defaultColours : live.slice(0, 1),
    sizes,
    grid: {},
    features: [...PRODUCT_FORM_DEFAULTS.features],
    tags: "",
    comingSoon: false,
    launchAt: "",
    images: [],
    weightGrams: "",
    costPrice: "",
    costGrid: {},
    lowStockThreshold: "",
  };
}

/** The fields that carry a list, one control per entry; the [] marks a name the controls share on purpose. */
export const LIST_FIELDS = { images: "image[]", colors: "color[]", sizes: "size[]", features: "feature[]" } as const;

/**
 * A list field's entries, under its name with or without the brackets: the page's form writes
 * `color[]`, while forms and scripts written before it (and plain HTML posts) say `color`.
 */
function listField(form: FormData, name: (typeof LIST_FIELDS)[keyof typeof LIST_FIELDS]): FormDataEntryValue[] {
  return [...form.getAll(name), ...form.getAll(name.slice(0, -2))];
}

const GRID_PREFIX = "stock:";
export const gridFieldName = (color: string, size: string) => `${GRID_PREFIX}${variantKey(color, size)}`;
const COST_PREFIX = "cost:";
export const costFieldName = (color: string, size: string) => `${COST_PREFIX}${variantKey(color, size)}`;

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function readImages(form: FormData): ImageToken[] {
  const images: ImageToken[] = [];
  for (const value of listField(form, LIST_FIELDS.images)) {
    if (typeof value !== "string") continue;
    try {
      const parsed = imageTokenSchema.safeParse(JSON.parse(value));
      if (parsed.success) images.push(parsed.data);
    } catch {
      // A tampered field is dropped; the image rule then asks for a picture again.
    }
  }
  return images;
}

/** The posted form as values (file uploads are handled before). */
export function readProductForm(form: FormData): ProductFormValues {
  const grid: Record<string, string> = {};
  const costGrid: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith(GRID_PREFIX) && typeof value === "string") grid[name.slice(GRID_PREFIX.length)] = value;
    if (name.startsWith(COST_PREFIX) && typeof value === "string" && value.trim() !== "")
      costGrid[name.slice(COST_PREFIX.length)] = value;
  }
  const strings = (name: (typeof LIST_FIELDS)[keyof typeof LIST_FIELDS]) =>
    listField(form, name).filter((v): v is string => typeof v === "string");
  const features = strings(LIST_FIELDS.features);
  return {
    name: text(form, "name"),
    category: text(form, "category"),
    description: text(form, "description"),
    price: text(form, "price"),
    originalPrice: text(form, "originalPrice"),
    stock: text(form, "stock"),
    sizeSetId: text(form, "sizeSetId"),
    colors: distinct(strings(LIST_FIELDS.colors)),
    sizes: distinct(strings(LIST_FIELDS.sizes)),
    grid,
    features: features.length > 0 ? features : [""],
    tags: text(form, "tags"),
    comingSoon: form.get("comingSoon") === "on",
    launchAt: text(form, "launchAt"),
    images: readImages(form),
    weightGrams: text(form, "weightGrams"),
    costPrice: text(form, "costPrice"),
    costGrid,
    lowStockThreshold: text(form, "lowStockThreshold"),
  };
}

/** What the shared product rule reads, for Save Draft (draft) or Add/Update Product. */
export function productInputFromForm(values: ProductFormValues, intent: "publish" | "draft"): RawProductInput {
  const status: SavedProductStatus = intent === "draft" ? "draft" : values.comingSoon ? "coming-soon" : "active";
  return {
    status,
    name: values.name,
    category: values.category,
    description: values.description,
    price: values.price,
    originalPrice: values.originalPrice,
    stock: values.stock,
    sizeSetId: values.sizeSetId.trim() === "" ? null : values.sizeSetId,
    colors: values.colors,
    sizes: values.sizes,
    // Only cells of chosen combinations count; the rest are leftovers of colours unticked since.
    // A cell's own cost rides with its stock; an empty stock cell takes the stock quantity.
    variants: [...new Set([...Object.keys(values.grid), ...Object.keys(values.costGrid)])]
      .map((key) => {
        const [color, size] = key.split("/");
        return { color, size, stock: values.grid[key] ?? "", costPrice: values.costGrid[key] ?? null };
      })
      .filter(
        (v) =>
          values.colors.includes(v.color) &&
          values.sizes.includes(v.size) &&
          (v.stock.trim() !== "" || v.costPrice !== null),
      ),
    features: values.features,
    tags: values.tags,
    images: values.images,
    launchAt: values.launchAt || null,
    weightGrams: values.weightGrams,
    costPrice: values.costPrice,
    lowStockThreshold: values.lowStockThreshold,
  };
}

/**
 * Add Product / Edit Product's one schema: the form's values (as readProductForm reads them) for Add
 * or Update Product ("publish") or Save Draft ("draft"), read by the shop's product rule (the one
 * the API uses). The action parses the post with it; the page checks the form with it before sending.
 */
export const productFormSchema = z
  .object({
    intent: z.enum(["publish", "draft"]),
    values: z.custom<ProductFormValues>((value) => typeof value === "object" && value !== null),
  })
  .transform(({ intent, values }, ctx) => {
    const parsed = productInputSchema.safeParse(productInputFromForm(values, intent));
    if (parsed.success) return parsed.data;
    for (const [field, message] of Object.entries(fieldErrors(parsed.error)))
      ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  });

/** The form checked with its schema: the product to save, or a message per field. */
export function checkProductForm(
  values: ProductFormValues,
  intent: "publish" | "draft",
): { input: ProductInput; errors?: never } | { errors: Record<string, string> } {
  const parsed = productFormSchema.safeParse({ intent, values });
  return parsed.success ? { input: parsed.data } : { errors: fieldErrors(parsed.error) };
}

/** A product as the edit form shows it. */
export function productFormFromInput(input: ProductInput & { launchAtLocal: string }): ProductFormValues {
  const stocks = new Set(input.variants.map((v) => v.stock));
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    price: String(input.price),
    originalPrice: input.originalPrice === null ? "" : String(input.originalPrice),
    // One number for every combination when they all agree; otherwise 0 for colours and sizes added later.
    stock: stocks.size === 1 ? String([...stocks][0]) : "0",
    sizeSetId: input.sizeSetId === null ? "" : String(input.sizeSetId),
    colors: input.colors,
    sizes: input.sizes,
    grid: Object.fromEntries(input.variants.map((v) => [variantKey(v.color, v.size), String(v.stock)])),
    features: input.features.length > 0 ? input.features : [""],
    tags: input.tags.join(", "),
    comingSoon: input.status === "coming-soon",
    launchAt: input.launchAtLocal,
    images: input.images,
    weightGrams: input.weightGrams === null ? "" : String(input.weightGrams),
    costPrice: input.costPrice === null ? "" : String(input.costPrice),
    costGrid: Object.fromEntries(
      input.variants.filter((v) => v.costPrice !== null).map((v) => [variantKey(v.color, v.size), String(v.costPrice)]),
    ),
    lowStockThreshold: input.lowStockThreshold === null ? "" : String(input.lowStockThreshold),
  };
}

const indexed = <T extends string>(intent: T) =>
  z.object({ intent: z.literal(intent), index: z.coerce.number().int().min(0).max(50) });

/** Every button of the form posts `intent`; small edits carry their target after a colon. */
export const productFormIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("draft") }),
  z.object({ intent: z.literal("upload") }),
  z.object({ intent: z.literal("toggle-color"), value: z.string().min(1).max(60) }),
  z.object({ intent: z.literal("toggle-size"), value: z.string().min(1).max(60) }),
  z.object({ intent: z.literal("pick-size-set") }),
  z.object({ intent: z.literal("add-feature") }),
  indexed("remove-feature"),
  indexed("image-up"),
  indexed("image-down"),
  indexed("image-remove"),
]);
export type ProductFormIntent = z.infer<typeof productFormIntentSchema>;

export function parseProductFormIntent(value: unknown): ProductFormIntent | null {
  const [intent, arg] =
    typeof value === "string" ? [value.split(":")[0], value.slice(value.indexOf(":") + 1)] : ["", ""];
  const parsed = productFormIntentSchema.safeParse({ intent, value: arg, index: arg });
  return parsed.success ? parsed.data : null;
}

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * One small edit to the form, the same in the browser and (without JavaScript) on the server.
 * Picking a size set keeps the sizes the new set also has, else takes all of its sizes (so a
 * one-size set's size is picked by itself).
 */
export function editProductForm(
  values: ProductFormValues,
  edit: ProductFormIntent,
  options: ProductFormOptions,
): ProductFormValues {
  const colourOrder = options.colours.map((c) => c.name);
  const set = sizeSetOf(options, values.sizeSetId);
  switch (edit.intent) {
    case "toggle-color":
      if (!colourOrder.includes(edit.value)) return values;
      return { ...values, colors: inOrderOf(colourOrder, toggle(values.colors, edit.value)) };
    case "toggle-size":
      if (!set || !set.sizes.includes(edit.value) || set.sizes.length === 1) return values;
      return { ...values, sizes: inOrderOf(set.sizes, toggle(values.sizes, edit.value)) };
    case "pick-size-set": {
      if (!set) return { ...values, sizes: [] };
      const kept = inOrderOf(set.sizes, values.sizes);
      return { ...values, sizes: kept.length > 0 && set.sizes.length > 1 ? kept : [...set.sizes] };
    }
    case "add-feature":
      return { ...values, features: [...values.features, ""] };
    case "remove-feature":
      // The last line stays: SPEC.md allows removing only while there is more than one.
      return values.features.length > 1
        ? { ...values, features: values.features.filter((_, i) => i !== edit.index) }
        : values;
    case "image-up":
      return { ...values, images: move(values.images, edit.index, edit.index - 1) };
    case "image-down":
      return { ...values, images: move(values.images, edit.index, edit.index + 1) };
    case "image-remove":
      return { ...values, images: values.images.filter((_, i) => i !== edit.index) };
    default:
      return values;
  }
}
