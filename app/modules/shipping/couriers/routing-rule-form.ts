import { z } from "~/lib/zod";
import { PAKISTANI_CITIES } from "~/lib/cities";
import { COURIER_RULE_KINDS, type CourierRuleKind } from "~/db/schema/statuses";
import type { CourierRule } from "./courier-routing";

/** The "add a rule" form of Settings -> Couriers: every value as the form sends it (text). */
export const RULE_FORM_FIELDS = ["kind", "city", "amount", "courierId"] as const;
export type RuleFormField = (typeof RULE_FORM_FIELDS)[number];
export type RuleFormValues = Record<RuleFormField, string>;

/** The courier select's value for "hold for a call" (no courier: the owner calls the buyer first). */
export const HOLD_FOR_CALL = "hold";

/** The "When" choices, in the order the select offers them. */
export const RULE_KIND_LABELS: Record<CourierRuleKind, string> = {
  city: "Destination city",
  "total-above": "Order total above (PKR)",
  risk: "Risky customer (blocked phone, earlier returns, a risk tag or a low delivery rate)",
};

/** The "When" select's options: value and words. */
export const RULE_KIND_CHOICES = COURIER_RULE_KINDS.map((kind) => ({ value: kind, label: RULE_KIND_LABELS[kind] }));

export const RULE_MESSAGES = {
  kind: "Choose when the rule applies",
  city: "Enter the destination city, e.g. Karachi",
  cityLong: "Please keep the city under 60 characters",
  amount: "Enter the order total in whole rupees, e.g. 10000",
  courier: "Choose a courier, or Hold for a call",
  inactiveCourier: "Choose an active courier, or Hold for a call",
  ruleGone: "That rule is no longer in the list: the list below is the current one",
  tooMany: "A shop needs at most 50 routing rules",
} as const;

export const MAX_COURIER_RULES = 50;

export function emptyRuleForm(): RuleFormValues {
  return { kind: "city", city: "", amount: "", courierId: "" };
}

const isRuleKind = (value: string): value is CourierRuleKind =>
  (COURIER_RULE_KINDS as readonly string[]).includes(value);

/** A city as the shop's list spells it when it is on the list ("karachi " -> "Karachi"), else as typed. */
function canonicalCity(text: string): string {
  const city = text.trim().replace(/\s+/g, " ");
  return PAKISTANI_CITIES.find((c) => c.toLowerCase() === city.toLowerCase()) ?? city;
}

/** The "add a rule" form's fields as sent (an empty one arrives as undefined: ""). */
const typed = z
  .string()
  .default("")
  .transform((v) => v.slice(0, 200));
export const ruleFields = z.object({ kind: typed, city: typed, amount: typed, courierId: typed });

/**
 * The "add a rule" form checked. A city rule needs a city, an order-total rule a whole-rupee amount
 * ("Rs 10,000" is 10000); the other field of the two is ignored. Whether the chosen courier is
 * active is checked where the couriers are (edit-courier-rules.server.ts).
 */
export function checkRule(values: RuleFormValues, ctx: z.RefinementCtx): CourierRule {
  const errors: Partial<Record<RuleFormField, string>> = {};
  const kind = values.kind.trim();
  if (!isRuleKind(kind)) errors.kind = RULE_MESSAGES.kind;

  let city: string | null = null;
  if (kind === "city") {
    city = canonicalCity(values.city);
    if (!city) errors.city = RULE_MESSAGES.city;
    else if (city.length > 60) errors.city = RULE_MESSAGES.cityLong;
  }

  let amount: number | null = null;
  if (kind === "total-above") {
    const digits = values.amount
      .trim()
      .replace(/^(rs\.?|pkr)\s*/i, "")
      .replace(/,/g, "");
    if (/^\d{1,9}$/.test(digits)) amount = Number(digits);
    else errors.amount = RULE_MESSAGES.amount;
  }

  const courier = values.courierId.trim();
  let courierId: number | null = null;
  if (/^\d{1,9}$/.test(courier) && Number(courier) > 0) courierId = Number(courier);
  else if (courier !== HOLD_FOR_CALL) errors.courierId = RULE_MESSAGES.courier;

  for (const [name, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [name], message });
  if (Object.keys(errors).length || !isRuleKind(kind)) return z.NEVER;
  return { kind, city, amount, courierId };
}

/** The "add a rule" form's schema (the page's, courier-settings-intent.ts, holds it with its intent). */
export const ruleFormSchema = ruleFields.transform(checkRule);

/** A change to the routing rules, by the rule's id where it names one. */
export type CourierRuleEdit =
  { op: "add"; rule: CourierRule } | { op: "remove"; ruleId: number } | { op: "move-up"; ruleId: number };

/**
 * The rules after an edit, in priority order: a new rule goes last; "move up" swaps a rule with
 * the one above it (the first stays first). Null when the edit names a rule that is not there.
 */
export function applyRuleEdit<R extends CourierRule & { id: number }>(
  rules: readonly R[],
  edit: CourierRuleEdit,
): CourierRule[] | null {
  const plain = rules.map(({ kind, city, amount, courierId }) => ({ kind, city, amount, courierId }));
  if (edit.op === "add") return [...plain, edit.rule];
  const index = rules.findIndex((r) => r.id === edit.ruleId);
  if (index < 0) return null;
  if (edit.op === "remove") return plain.filter((_, i) => i !== index);
  if (index === 0) return plain;
  const next = [...plain];
  [next[index - 1], next[index]] = [next[index], next[index - 1]];
  return next;
}
