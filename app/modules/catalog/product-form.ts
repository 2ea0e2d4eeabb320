import { z } from "zod";
import { imageTokenSchema, type ImageToken, type ProductInput, type RawProductInput, type SavedProductStatus } from "./product-input";
import { inListOrder, PRODUCT_COLORS, PRODUCT_FORM_DEFAULTS, PRODUCT_SIZES, variantKey } from "./product-options";

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
};

/** What the form's action answers: the form again (with messages), or the photos of an upload. */
export type ProductFormActionData =
  | { kind: "form"; formId: string; values: ProductFormValues | null; errors: Record<string, string>; formError: string | null }
  | { kind: "upload"; uploaded: ImageToken[]; rejected: string[] };

export function emptyProductForm(): ProductFormValues {
  return {
    name: "", category: PRODUCT_FORM_DEFAULTS.category, description: "", price: "", originalPrice: "", stock: "",
    colors: [...PRODUCT_FORM_DEFAULTS.colors], sizes: [...PRODUCT_FORM_DEFAULTS.sizes], grid: {},
    features: [...PRODUCT_FORM_DEFAULTS.features], tags: "", comingSoon: false, launchAt: "", images: [], weightGrams: "",
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
  for (const [name, value] of form.entries()) {
    if (name.startsWith(GRID_PREFIX) && typeof value === "string") grid[name.slice(GRID_PREFIX.length)] = value;
  }
  const strings = (name: (typeof LIST_FIELDS)[keyof typeof LIST_FIELDS]) => listField(form, name).filter((v): v is string => typeof v === "string");
  const features = strings(LIST_FIELDS.features);
  return {
    name: text(form, "name"),
    category: text(form, "category"),
    description: text(form, "description"),
    price: text(form, "price"),
    originalPrice: text(form, "originalPrice"),
    stock: text(form, "stock"),
    colors: inListOrder(PRODUCT_COLORS, strings(LIST_FIELDS.colors)),
    sizes: inListOrder(PRODUCT_SIZES, strings(LIST_FIELDS.sizes)),
    grid,
    features: features.length > 0 ? features : [""],
    tags: text(form, "tags"),
    comingSoon: form.get("comingSoon") === "on",
    launchAt: text(form, "launchAt"),
    images: readImages(form),
    weightGrams: text(form, "weightGrams"),
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
    colors: values.colors,
    sizes: values.sizes,
    // Only cells of chosen combinations count; the rest are leftovers of colours unticked since.
    variants: Object.entries(values.grid)
      .map(([key, stock]) => {
        const [color, size] = key.split("/");
        return { color, size, stock };
      })
      .filter((v) => values.colors.includes(v.color) && values.sizes.includes(v.size) && v.stock.trim() !== ""),
    features: values.features,
    tags: values.tags,
    images: values.images,
    launchAt: values.launchAt || null,
    weightGrams: values.weightGrams,
  };
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
    colors: input.colors,
    sizes: input.sizes,
    grid: Object.fromEntries(input.variants.map((v) => [variantKey(v.color, v.size), String(v.stock)])),
    features: input.features.length > 0 ? input.features : [""],
    tags: input.tags.join(", "),
    comingSoon: input.status === "coming-soon",
    launchAt: input.launchAtLocal,
    images: input.images,
    weightGrams: input.weightGrams === null ? "" : String(input.weightGrams),
  };
}

const indexed = <T extends string>(intent: T) => z.object({ intent: z.literal(intent), index: z.coerce.number().int().min(0).max(50) });

/** Every button of the form posts `intent`; small edits carry their target after a colon. */
export const productFormIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("draft") }),
  z.object({ intent: z.literal("upload") }),
  z.object({ intent: z.literal("toggle-color"), value: z.enum(PRODUCT_COLORS) }),
  z.object({ intent: z.literal("toggle-size"), value: z.enum(PRODUCT_SIZES) }),
  z.object({ intent: z.literal("add-feature") }),
  indexed("remove-feature"),
  indexed("image-up"),
  indexed("image-down"),
  indexed("image-remove"),
]);
export type ProductFormIntent = z.infer<typeof productFormIntentSchema>;

export function parseProductFormIntent(value: unknown): ProductFormIntent | null {
  const [intent, arg] = typeof value === "string" ? [value.split(":")[0], value.slice(value.indexOf(":") + 1)] : ["", ""];
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

/** One small edit to the form, the same in the browser and (without JavaScript) on the server. */
export function editProductForm(values: ProductFormValues, edit: ProductFormIntent): ProductFormValues {
  switch (edit.intent) {
    case "toggle-color":
      return { ...values, colors: inListOrder(PRODUCT_COLORS, toggle(values.colors, edit.value)) };
    case "toggle-size":
      return { ...values, sizes: inListOrder(PRODUCT_SIZES, toggle(values.sizes, edit.value)) };
    case "add-feature":
      return { ...values, features: [...values.features, ""] };
    case "remove-feature":
      // The last line stays: SPEC.md allows removing only while there is more than one.
      return values.features.length > 1 ? { ...values, features: values.features.filter((_, i) => i !== edit.index) } : values;
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
