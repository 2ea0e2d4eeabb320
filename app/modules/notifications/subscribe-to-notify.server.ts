import { isNotNull, or } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { notifySubscriptions } from "~/db/schema";
import { NOTIFY_ME_CONFIRMATION, notifyMeSchema, type NotifyMeResult } from "./notify-me";

/**
 * Stores a "notify me" sign-up; signing up twice for the same thing is quietly the same sign-up.
 * Signing up again after its e-mail went out (sold out a second time) or after unsubscribing is a
 * fresh request, so it waits for the next launch or restock again.
 */
export async function subscribeToNotify(db: DbOrTx, input: Record<string, unknown>): Promise<NotifyMeResult> {
  const parsed = notifyMeSchema.safeParse(input);
  if (!parsed.success) {
    const errors: { email?: string; target?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "email" | "target";
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values: { email: typeof input.email === "string" ? input.email : "" } };
  }
  await db
    .insert(notifySubscriptions)
    .values(parsed.data)
    .onConflictDoUpdate({
      target: [notifySubscriptions.email, notifySubscriptions.target],
      set: { notifiedAt: null, unsubscribedAt: null, createdAt: new Date() },
      setWhere: or(isNotNull(notifySubscriptions.notifiedAt), isNotNull(notifySubscriptions.unsubscribedAt)),
    });
  return { ok: true, message: NOTIFY_ME_CONFIRMATION };
}
