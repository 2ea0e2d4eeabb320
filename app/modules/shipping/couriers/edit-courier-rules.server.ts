import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers } from "~/modules/shipping/tables";
import { AppError } from "~/lib/errors";
import { applyRuleEdit, MAX_COURIER_RULES, RULE_MESSAGES, type CourierRuleEdit } from "./routing-rule-form";
import { listCourierRules, saveCourierRules } from "./couriers.server";

/**
 * Adds, removes or moves up one routing rule: reads the list, edits it and saves it whole
 * (saveCourierRules), in one transaction. Two owners editing at once take turns (an advisory
 * lock), so neither edit is lost. A new rule names an active courier or none (hold for a call);
 * a rule id that is no longer in the list (the page was stale) is NOT_FOUND.
 */
export async function editCourierRules(db: DbOrTx, edit: CourierRuleEdit): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('courier_rules', 0))`);
    if (edit.op === "add" && edit.rule.courierId !== null) {
      const [courier] = await tx
        .select({ active: couriers.active })
        .from(couriers)
        .where(eq(couriers.id, edit.rule.courierId));
      if (!courier?.active)
        throw new AppError("VALIDATION", RULE_MESSAGES.inactiveCourier, { courierId: RULE_MESSAGES.inactiveCourier });
    }
    const rules = await listCourierRules(tx);
    const next = applyRuleEdit(rules, edit);
    if (!next) throw new AppError("NOT_FOUND", RULE_MESSAGES.ruleGone);
    if (next.length > MAX_COURIER_RULES) throw new AppError("VALIDATION", RULE_MESSAGES.tooMany);
    await saveCourierRules(tx, next);
  });
}
