import type { DbOrTx } from "~/db/client.server";
import { notifySubscriptions } from "~/db/schema";
import { NOTIFY_ME_CONFIRMATION, notifyMeSchema, type NotifyMeResult } from "./notify-me";

/** Stores a "notify me" sign-up; signing up twice for the same thing is quietly the same sign-up. */
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
  await db.insert(notifySubscriptions).values(parsed.data).onConflictDoNothing();
  return { ok: true, message: NOTIFY_ME_CONFIRMATION };
}
