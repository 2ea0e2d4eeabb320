import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { applyRuleEdit, RULE_MESSAGES, ruleFormSchema } from "./routing-rule-form";
import { describeRule, type CourierRule } from "./courier-routing";
import { courierSettingsSchema } from "./courier-settings-intent";
import { describeRateCard, formatWeight, type RateCard } from "./rate-card";

const CARD: RateCard = {
  bands: [
    { upToGrams: 500, charge: 180 },
    { upToGrams: 1000, charge: 230 },
  ],
  extraPerKg: 100,
  codFeeBps: 150,
  surchargeBps: 1000,
};

describe("the rate card in words", () => {
  it("reads bands, the extra kilogram, the COD fee and the surcharge as the owner would say them", () => {
    expect(describeRateCard(CARD, formatPrice)).toBe(
      "up to 500 g Rs 180, up to 1 kg Rs 230, each extra kg Rs 100; COD fee 1.5 %; surcharge 10 %",
    );
    expect(
      describeRateCard(
        { bands: [{ upToGrams: 1500, charge: 1250 }], extraPerKg: 0, codFeeBps: 0, surchargeBps: 0 },
        formatPrice,
      ),
    ).toBe("up to 1.5 kg Rs 1,250, each extra kg Rs 0; no COD fee; no surcharge");
  });

  it("writes weights in grams below a kilogram and in kilograms from one", () => {
    expect([formatWeight(1), formatWeight(999), formatWeight(1000), formatWeight(1250), formatWeight(2000)]).toEqual([
      "1 g",
      "999 g",
      "1 kg",
      "1.25 kg",
      "2 kg",
    ]);
  });
});

/** The "add a rule" form read with its schema: the rule, or the first message per field. */
function readRule(form: Record<string, string>) {
  const parsed = ruleFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, rule: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

describe("the add-a-rule form", () => {
  it("reads a city rule, a total rule and a risk rule; the field the kind does not use is ignored", () => {
    expect(readRule({ kind: "city", city: "  karachi ", amount: "oops", courierId: "3" })).toEqual({
      ok: true,
      rule: { kind: "city", city: "Karachi", amount: null, courierId: 3 },
    });
    expect(readRule({ kind: "city", city: "Chak 45", courierId: "hold" })).toEqual({
      ok: true,
      rule: { kind: "city", city: "Chak 45", amount: null, courierId: null },
    });
    expect(readRule({ kind: "total-above", city: "Lahore", amount: "Rs 10,000", courierId: "2" })).toEqual({
      ok: true,
      rule: { kind: "total-above", city: null, amount: 10000, courierId: 2 },
    });
    expect(readRule({ kind: "risk", city: "", amount: "", courierId: "hold" })).toEqual({
      ok: true,
      rule: { kind: "risk", city: null, amount: null, courierId: null },
    });
  });

  it("says what is missing beside each field", () => {
    expect(readRule({ kind: "city", city: "  ", amount: "", courierId: "" })).toEqual({
      ok: false,
      errors: { city: RULE_MESSAGES.city, courierId: RULE_MESSAGES.courier },
    });
    expect(readRule({ kind: "total-above", amount: "10000.50", courierId: "1" })).toEqual({
      ok: false,
      errors: { amount: RULE_MESSAGES.amount },
    });
    expect(readRule({ kind: "total-above", amount: "ten thousand", courierId: "1" })).toMatchObject({
      errors: { amount: "Enter the order total in whole rupees, e.g. 10000" },
    });
    expect(readRule({ kind: "weekday", courierId: "1" })).toMatchObject({
      ok: false,
      errors: { kind: RULE_MESSAGES.kind },
    });
    expect(readRule({ kind: "risk", courierId: "-1" })).toMatchObject({
      ok: false,
      errors: { courierId: RULE_MESSAGES.courier },
    });
  });
});

describe("editing the rules", () => {
  const rules: (CourierRule & { id: number })[] = [
    { id: 7, kind: "risk", city: null, amount: null, courierId: null },
    { id: 8, kind: "total-above", city: null, amount: 10_000, courierId: 1 },
    { id: 9, kind: "city", city: "Karachi", amount: null, courierId: 2 },
  ];
  const kinds = (list: CourierRule[] | null) => list?.map((r) => r.kind);

  it("adds a rule last, removes one, and moves one above the rule before it (the first stays first)", () => {
    const added = applyRuleEdit(rules, {
      op: "add",
      rule: { kind: "city", city: "Lahore", amount: null, courierId: 1 },
    });
    expect(added).toHaveLength(4);
    expect(added![3]).toEqual({ kind: "city", city: "Lahore", amount: null, courierId: 1 });
    expect(added![0]).not.toHaveProperty("id");
    expect(kinds(applyRuleEdit(rules, { op: "remove", ruleId: 8 }))).toEqual(["risk", "city"]);
    expect(kinds(applyRuleEdit(rules, { op: "move-up", ruleId: 9 }))).toEqual(["risk", "city", "total-above"]);
    expect(kinds(applyRuleEdit(rules, { op: "move-up", ruleId: 7 }))).toEqual(["risk", "total-above", "city"]);
  });

  it("answers null for a rule that is no longer there (a stale page)", () => {
    expect(applyRuleEdit(rules, { op: "remove", ruleId: 99 })).toBeNull();
    expect(applyRuleEdit(rules, { op: "move-up", ruleId: 99 })).toBeNull();
  });

  it("reads each rule in words for the list", () => {
    expect(describeRule(rules[1], "TCS", formatPrice)).toBe("Orders above Rs 10,000: TCS");
    expect(describeRule(rules[0], null, formatPrice)).toBe(
      "Orders from a blocked phone or one with earlier returns: hold for a call",
    );
  });
});

describe("the page's intents", () => {
  const intent = (form: Record<string, string>) => {
    const parsed = courierSettingsSchema.safeParse(form);
    return parsed.success ? parsed.data : null;
  };
  it("reads each intent with its ids, and nothing else", () => {
    expect(
      intent({ intent: "add-courier", name: "TCS", weightBands: "500 = 180", extraPerKg: "100", codFeePercent: "1" }),
    ).toMatchObject({
      intent: "add-courier",
      courier: { name: "TCS" },
    });
    expect(
      intent({
        intent: "edit-courier",
        courierId: "4",
        name: "TCS",
        weightBands: "500 = 180",
        extraPerKg: "100",
        codFeePercent: "1",
      }),
    ).toMatchObject({
      intent: "edit-courier",
      courierId: 4,
    });
    expect(intent({ intent: "toggle-courier", courierId: "4", active: "false" })).toEqual({
      intent: "toggle-courier",
      courierId: 4,
      active: false,
    });
    expect(intent({ intent: "move-rule-up", ruleId: "2" })).toEqual({
      intent: "move-rule-up",
      ruleId: 2,
    });
    expect(intent({ intent: "remove-rule", ruleId: "x" })).toBeNull();
    expect(intent({ intent: "edit-courier", courierId: "0" })).toBeNull();
    expect(intent({ intent: "toggle-courier", courierId: "4", active: "maybe" })).toBeNull();
    expect(intent({ intent: "drop-table" })).toBeNull();
    expect(intent({})).toBeNull();
  });
});
