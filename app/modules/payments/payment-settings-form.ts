import { z } from "~/lib/zod";
import { PAYMENT_GATEWAYS, type GatewayCredentials } from "./payment-gateway";
import { ADVANCE_KINDS, HOLD_MINUTES_RANGE, type PaymentRules } from "./payment-rules";

/**
 * Settings -> Payments' forms (issue 42), one schema: connect a gateway (Test and save its keys),
 * offer it at checkout or not, disconnect it, and the rules (stock hold, COD fee, advance).
 */

/** A typed key's field: `key-<name>`. Never sent back to the page. */
export const KEY_PREFIX = "key-";
export const isKeyField = (name: string) => name.startsWith(KEY_PREFIX);
const MAX_KEY = 500;

/** What the page says when the saved keys cannot be opened (the auth secret changed): never a 500. */
export const KEYS_UNREADABLE = "The saved keys cannot be read any more (the shop's secret changed): enter them again.";

export const UNKNOWN_PAYMENTS_ACTION = "That action is not known here: reload the page and try again.";

const gateway = z.enum(PAYMENT_GATEWAYS, { error: "Choose Safepay or JazzCash" });

const connectSchema = z.looseObject({ intent: z.literal("connect"), gateway }).transform((form, ctx) => {
  const typed: GatewayCredentials = {};
  for (const [name, value] of Object.entries(form)) {
    if (!isKeyField(name) || typeof value !== "string") continue;
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (trimmed.length > MAX_KEY || /\s/.test(trimmed)) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: "Paste the key exactly as the gateway gave it (no spaces)",
      });
      return z.NEVER;
    }
    typed[name.slice(KEY_PREFIX.length)] = trimmed;
  }
  return { intent: form.intent, gateway: form.gateway, typed };
});

/** Whole rupees as typed ("1,500" too); empty is null. */
const rupees = (message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().replace(/,/g, ""))
    // A refine, not a piped z.string(): conform reads an empty field as missing in every z.string().
    .refine((v) => /^(\d{1,7})?$/.test(v), message)
    .transform((v) => (v === "" ? null : Number(v)));

/** A list typed one per line or separated by commas; blanks dropped, duplicates (any case) once. */
const list = z
  .string()
  .optional()
  .transform((v) => {
    const seen = new Set<string>();
    return (v ?? "")
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter((s) => s && s.length <= 60 && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
  });

const rulesSchema = z
  .object({
    intent: z.literal("rules"),
    holdMinutes: z
      .string({ error: "Enter whole minutes from 5 to 1440" })
      .transform((v) => v.trim())
      .refine((v) => /^\d{1,4}$/.test(v), "Enter whole minutes from 5 to 1440")
      .transform(Number)
      .refine((n) => n >= HOLD_MINUTES_RANGE.min && n <= HOLD_MINUTES_RANGE.max, "Enter whole minutes from 5 to 1440"),
    codFee: rupees("Enter the COD fee in whole rupees (0 for none)").transform((v) => v ?? 0),
    codFeeWaivedAbove: rupees("Enter an amount in whole rupees, or leave it empty"),
    advanceKind: z.enum(ADVANCE_KINDS, { error: "Choose what the advance is" }),
    advanceValue: rupees("Enter a whole number (rupees, or a percentage from 1 to 100)").transform((v) => v ?? 0),
    advanceAbove: rupees("Enter an amount in whole rupees, or leave it empty"),
    advanceCities: list,
    advanceTags: list,
    advanceIfRefusedBefore: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((form, ctx) => {
    if (form.advanceKind === "percent" && (form.advanceValue < 1 || form.advanceValue > 100))
      ctx.addIssue({ code: "custom", path: ["advanceValue"], message: "Enter a percentage from 1 to 100" });
    if (form.advanceKind === "fixed" && form.advanceValue < 1)
      ctx.addIssue({
        code: "custom",
        path: ["advanceValue"],
        message: "Enter the advance in whole rupees (1 or more)",
      });
    const anyRule =
      form.advanceAbove !== null ||
      form.advanceCities.length > 0 ||
      form.advanceTags.length > 0 ||
      form.advanceIfRefusedBefore;
    if (form.advanceKind !== "none" && !anyRule)
      ctx.addIssue({
        code: "custom",
        path: ["advanceAbove"],
        message: "Say when the advance is asked: an amount, cities, tags or refused before",
      });
  })
  .transform(
    ({ intent, ...rules }) =>
      ({
        intent,
        rules: {
          ...rules,
          advanceValue: rules.advanceKind === "none" || rules.advanceKind === "delivery_fee" ? 0 : rules.advanceValue,
        },
      }) satisfies { intent: "rules"; rules: PaymentRules },
  );

export const paymentSettingsSchema = z.discriminatedUnion("intent", [
  connectSchema,
  z.object({ intent: z.literal("offer"), gateway, offered: z.enum(["yes", "no"]).transform((v) => v === "yes") }),
  z.object({ intent: z.literal("disconnect"), gateway }),
  rulesSchema,
]);

/** The rules form's fields as the page shows them. */
export function rulesFormValues(rules: PaymentRules): Record<string, string> {
  return {
    holdMinutes: String(rules.holdMinutes),
    codFee: String(rules.codFee),
    codFeeWaivedAbove: rules.codFeeWaivedAbove === null ? "" : String(rules.codFeeWaivedAbove),
    advanceKind: rules.advanceKind,
    advanceValue: rules.advanceValue ? String(rules.advanceValue) : "",
    advanceAbove: rules.advanceAbove === null ? "" : String(rules.advanceAbove),
    advanceCities: rules.advanceCities.join("\n"),
    advanceTags: rules.advanceTags.join(", "),
    advanceIfRefusedBefore: rules.advanceIfRefusedBefore ? "on" : "",
  };
}
