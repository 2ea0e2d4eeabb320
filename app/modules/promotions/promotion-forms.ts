import { DISCOUNT_KINDS, PROMOTION_SCOPES, type DiscountKind, type PromotionScope } from "~/db/schema/statuses";
import { z } from "~/lib/zod";
import { keptList, keptValue, type FormReply } from "~/lib/form-reply";
import { fromShopDateTimeLocal, toShopDateTimeLocal } from "~/lib/shop-time";

/**
 * The owner's two promotion forms (Dashboard -> Discounts): a discount code and a scheduled sale.
 * Every value comes back as typed after a refusal; times are typed in Pakistan time.
 */

export type Scope = { appliesTo: PromotionScope; categorySlugs: string[]; productIds: string[] };

export type DiscountCodeInput = Scope & {
  code: string;
  kind: DiscountKind;
  value: number;
  minOrder: number | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  combinesWithSale: boolean;
};

/** What a code or a sale can apply to, as the forms offer it. */
export type PromotionTargets = {
  categories: { slug: string; name: string }[];
  products: { id: string; name: string }[];
};

export type SaleInput = Scope & { name: string; percent: number; startsAt: Date; endsAt: Date };

const CODE_TEXT = [
  "code",
  "kind",
  "value",
  "minOrder",
  "maxUses",
  "maxUsesPerCustomer",
  "startsAt",
  "endsAt",
  "appliesTo",
] as const;
const SALE_TEXT = ["name", "percent", "startsAt", "endsAt", "appliesTo"] as const;
type ScopeValues = { categorySlugs: string[]; productIds: string[] };
export type DiscountCodeValues = Record<(typeof CODE_TEXT)[number], string> &
  ScopeValues & { combinesWithSale: boolean };
export type SaleValues = Record<(typeof SALE_TEXT)[number], string> & ScopeValues;
export type DiscountCodeField = keyof DiscountCodeValues;
export type SaleField = keyof SaleValues;

/** One form read: its clean input, or a message per field. */
type Read<Input, Field extends string> =
  { data: Input; errors?: never } | { data?: never; errors: Partial<Record<Field, string>> };

/** Letters and digits, 3 to 20 of them: what fits on an Instagram story and is typed without mistakes. */
export const CODE_PATTERN = /^[A-Z0-9]{3,20}$/;
export const MAX_SALE_PERCENT = 90;

export const SCOPE_CHOICES: { value: PromotionScope; label: string }[] = [
  { value: "all", label: "Everything" },
  { value: "categories", label: "Some categories" },
  { value: "products", label: "Some products" },
];

// FormData gives strings; conform gives a list for a name sent more than once and leaves out an
// empty field. Each field is read as text (at most 200 characters), a list, or a ticked box.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.slice(0, 200) : ""));
const list = z
  .unknown()
  .optional()
  .transform((value) =>
    [
      ...new Set(
        (Array.isArray(value) ? value : [value])
          .filter((v): v is string => typeof v === "string" && v !== "")
          .map((v) => v.slice(0, 200)),
      ),
    ].slice(0, 500),
  );
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === "on");
/** A record's id in a hidden field: a positive whole number, or null (the action says it no longer exists). */
const recordId = z
  .unknown()
  .optional()
  .transform((value) => {
    const n = Number(value);
    return typeof value === "string" && Number.isSafeInteger(n) && n > 0 ? n : null;
  });

/** Whole rupees or a count: "" is none; "Rs 3,000" reads as 3000; anything else is NaN. */
function wholeNumber(typed: string): number | null {
  const bare = typed
    .trim()
    .replace(/^(rs\.?|pkr)\s*/i, "")
    .replace(/,/g, "");
  if (bare === "") return null;
  return /^\d{1,9}$/.test(bare) ? Number(bare) : Number.NaN;
}

function readScope(
  values: ScopeValues & { appliesTo: string },
  errors: Partial<Record<"appliesTo" | "categorySlugs" | "productIds", string>>,
): Scope {
  const appliesTo = (PROMOTION_SCOPES as readonly string[]).includes(values.appliesTo)
    ? (values.appliesTo as PromotionScope)
    : null;
  if (!appliesTo) errors.appliesTo = "Choose what it applies to";
  if (appliesTo === "categories" && values.categorySlugs.length === 0)
    errors.categorySlugs = "Choose at least one category";
  if (appliesTo === "products" && values.productIds.length === 0) errors.productIds = "Choose at least one product";
  return {
    appliesTo: appliesTo ?? "all",
    categorySlugs: appliesTo === "categories" ? values.categorySlugs : [],
    productIds: appliesTo === "products" ? values.productIds : [],
  };
}

/** Starts and Ends as typed in Pakistan time; `required` for a sale, optional for a code. */
function readWindow(
  values: { startsAt: string; endsAt: string },
  errors: Partial<Record<"startsAt" | "endsAt", string>>,
  required: boolean,
) {
  const read = (typed: string, field: "startsAt" | "endsAt", name: string) => {
    if (!typed.trim()) {
      if (required) errors[field] = `Enter when it ${name}`;
      return null;
    }
    const date = fromShopDateTimeLocal(typed);
    if (!date) errors[field] = "Enter a date and time, e.g. 1 April 2026, 12:00 am";
    return date;
  };
  const startsAt = read(values.startsAt, "startsAt", "starts");
  const endsAt = read(values.endsAt, "endsAt", "ends");
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = "Ends must be after Starts";
  return { startsAt, endsAt };
}

function readDiscountCode(values: DiscountCodeValues): Read<DiscountCodeInput, DiscountCodeField> {
  const errors: Partial<Record<DiscountCodeField, string>> = {};
  const code = values.code.trim().toUpperCase();
  if (!code) errors.code = "Enter a code, e.g. EID20";
  else if (!CODE_PATTERN.test(code)) errors.code = "Use 3 to 20 letters and digits only, e.g. EID20";

  const kind = (DISCOUNT_KINDS as readonly string[]).includes(values.kind) ? (values.kind as DiscountKind) : null;
  if (!kind) errors.kind = "Choose percent off or amount off";
  const value = wholeNumber(values.value);
  if (kind === "percent" && (value === null || Number.isNaN(value) || value < 1 || value > 100))
    errors.value = "Enter a percent from 1 to 100";
  if (kind === "amount" && (value === null || Number.isNaN(value) || value < 1))
    errors.value = "Enter the amount off in whole rupees, e.g. 500";

  const minOrder = wholeNumber(values.minOrder);
  if (Number.isNaN(minOrder)) errors.minOrder = "Enter the minimum order in whole rupees, or leave it empty";
  const maxUses = wholeNumber(values.maxUses);
  if (Number.isNaN(maxUses) || maxUses === 0)
    errors.maxUses = "Enter how many orders in all may use the code (1 or more), or leave it empty";
  const maxUsesPerCustomer = wholeNumber(values.maxUsesPerCustomer);
  if (Number.isNaN(maxUsesPerCustomer) || maxUsesPerCustomer === 0)
    errors.maxUsesPerCustomer = "Enter how many orders one customer may use it on (1 or more), or leave it empty";

  const { startsAt, endsAt } = readWindow(values, errors, false);
  const scope = readScope(values, errors);
  if (Object.keys(errors).length) return { errors };
  return {
    data: {
      code,
      kind: kind!,
      value: value!,
      minOrder,
      maxUses,
      maxUsesPerCustomer,
      startsAt,
      endsAt,
      combinesWithSale: values.combinesWithSale,
      ...scope,
    },
  };
}

function readSale(values: SaleValues): Read<SaleInput, SaleField> {
  const errors: Partial<Record<SaleField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Sale name is required, e.g. Eid Sale";
  else if (name.length > 60) errors.name = "Please keep the sale name under 60 characters";
  const percent = wholeNumber(values.percent.replace(/%$/, ""));
  if (percent === null || Number.isNaN(percent) || percent < 1 || percent > MAX_SALE_PERCENT)
    errors.percent = `Enter a percent from 1 to ${MAX_SALE_PERCENT}`;
  const { startsAt, endsAt } = readWindow(values, errors, true);
  const scope = readScope(values, errors);
  if (Object.keys(errors).length) return { errors };
  return { data: { name, percent: percent!, startsAt: startsAt!, endsAt: endsAt!, ...scope } };
}

export function discountCodeFormValues(code?: DiscountCodeInput): DiscountCodeValues {
  if (!code) {
    return {
      code: "",
      kind: "percent",
      value: "",
      minOrder: "",
      maxUses: "",
      maxUsesPerCustomer: "",
      startsAt: "",
      endsAt: "",
      appliesTo: "all",
      categorySlugs: [],
      productIds: [],
      combinesWithSale: true,
    };
  }
  const count = (n: number | null) => (n === null ? "" : String(n));
  return {
    code: code.code,
    kind: code.kind,
    value: String(code.value),
    minOrder: count(code.minOrder),
    maxUses: count(code.maxUses),
    maxUsesPerCustomer: count(code.maxUsesPerCustomer),
    startsAt: toShopDateTimeLocal(code.startsAt),
    endsAt: toShopDateTimeLocal(code.endsAt),
    appliesTo: code.appliesTo,
    categorySlugs: code.categorySlugs,
    productIds: code.productIds,
    combinesWithSale: code.combinesWithSale,
  };
}

export function saleFormValues(sale?: SaleInput): SaleValues {
  if (!sale)
    return {
      name: "",
      percent: "",
      startsAt: "",
      endsAt: "",
      appliesTo: "categories",
      categorySlugs: [],
      productIds: [],
    };
  return {
    name: sale.name,
    percent: String(sale.percent),
    startsAt: toShopDateTimeLocal(sale.startsAt),
    endsAt: toShopDateTimeLocal(sale.endsAt),
    appliesTo: sale.appliesTo,
    categorySlugs: sale.categorySlugs,
    productIds: sale.productIds,
  };
}

/** Each message as an issue on its field, so conform shows it beside that field. */
function report<Input, Field extends string>(read: Read<Input, Field>, ctx: z.RefinementCtx): Input {
  if (read.errors) {
    for (const [field, message] of Object.entries(read.errors))
      if (message) ctx.addIssue({ code: "custom", path: [field], message: message as string });
    return z.NEVER;
  }
  return read.data as Input;
}

const codeShape = {
  ...(Object.fromEntries(CODE_TEXT.map((k) => [k, text])) as Record<(typeof CODE_TEXT)[number], typeof text>),
  categorySlugs: list,
  productIds: list,
  combinesWithSale: checkbox,
};
const saleShape = {
  ...(Object.fromEntries(SALE_TEXT.map((k) => [k, text])) as Record<(typeof SALE_TEXT)[number], typeof text>),
  categorySlugs: list,
  productIds: list,
};

/** Add Discount and Edit (a code's page): the one schema the action parses and the page checks with. */
export const discountCodeFormSchema = z
  .object({ intent: z.enum(["add-code", "edit-code"]), codeId: recordId, ...codeShape })
  .transform(({ intent, codeId, ...values }, ctx) => ({
    intent,
    codeId,
    input: report(readDiscountCode(values), ctx),
  }));

/** Add Sale and Edit Sale. */
export const saleFormSchema = z
  .object({ intent: z.enum(["add-sale", "edit-sale"]), saleId: recordId, ...saleShape })
  .transform(({ intent, saleId, ...values }, ctx) => ({ intent, saleId, input: report(readSale(values), ctx) }));

/** Every form of Dashboard -> Discounts, by its intent (a code's Pause or Resume, a sale's End now or Remove). */
export const discountFormsSchema = z.discriminatedUnion(
  "intent",
  [
    discountCodeFormSchema,
    z.object({ intent: z.literal("pause-code"), codeId: recordId, paused: z.unknown().optional() }),
    saleFormSchema,
    z.object({ intent: z.literal("end-sale"), saleId: recordId }),
  ],
  { error: "That request was not understood. Please reload the page." },
);

/** What a refused code form had typed, to show again (lists and the tick box included). */
export function keptDiscountCodeValues(reply: FormReply): DiscountCodeValues {
  return {
    ...(Object.fromEntries(CODE_TEXT.map((k) => [k, keptValue(reply, k) ?? ""])) as Record<
      (typeof CODE_TEXT)[number],
      string
    >),
    categorySlugs: keptList(reply, "categorySlugs"),
    productIds: keptList(reply, "productIds"),
    combinesWithSale: keptValue(reply, "combinesWithSale") === "on",
  };
}

/** What a refused sale form had typed. */
export function keptSaleValues(reply: FormReply): SaleValues {
  return {
    ...(Object.fromEntries(SALE_TEXT.map((k) => [k, keptValue(reply, k) ?? ""])) as Record<
      (typeof SALE_TEXT)[number],
      string
    >),
    categorySlugs: keptList(reply, "categorySlugs"),
    productIds: keptList(reply, "productIds"),
  };
}
