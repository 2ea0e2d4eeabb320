import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles } from "~/modules/accounts/tables";

/**
 * A buyer's WhatsApp marketing opt-in (issue 44): off by default; ticking the box at sign-up or in
 * their Settings keeps the moment they opted in (`whatsappMarketingAt`, kept while they stay in),
 * unticking it or a STOP reply on WhatsApp clears it and keeps the moment they opted out
 * (`whatsappMarketingOffAt`). Marketing messages go only to the profile's phone.
 */
export type WhatsappMarketing = { optedInAt: Date | null; optedOutAt: Date | null };

export async function readWhatsappMarketing(db: DbOrTx, userId: string): Promise<WhatsappMarketing> {
  const [row] = await db
    .select({ optedInAt: customerProfiles.whatsappMarketingAt, optedOutAt: customerProfiles.whatsappMarketingOffAt })
    .from(customerProfiles)
    .where(eq(customerProfiles.userId, userId));
  return row ?? { optedInAt: null, optedOutAt: null };
}

/**
 * The columns that set the opt-in to `on` at `now` in an upsert's update: opting in keeps an
 * earlier opt-in's date; opting out clears it and records the opt-out only when the buyer was in.
 */
export function whatsappMarketingChange(on: boolean, now: Date) {
  const at = now.toISOString();
  return on
    ? { whatsappMarketingAt: sql`coalesce(${customerProfiles.whatsappMarketingAt}, ${at}::timestamptz)` }
    : {
        whatsappMarketingAt: null,
        whatsappMarketingOffAt: sql`case when ${customerProfiles.whatsappMarketingAt} is null then ${customerProfiles.whatsappMarketingOffAt} else ${at}::timestamptz end`,
      };
}

/** Sign-up's box: the new buyer opts in at `now` (an earlier opt-in's date is kept). */
export async function optInWhatsappMarketing(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db
    .insert(customerProfiles)
    .values({ userId, whatsappMarketingAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: customerProfiles.userId,
      set: { ...whatsappMarketingChange(true, now), updatedAt: now },
    });
}

/**
 * A STOP reply from a WhatsApp number: every buyer profile whose phone is that number (the
 * profile's phone may be written in any common spelling; `isNumber` says whether a stored phone is
 * it, as the messages module writes numbers for WhatsApp) is opted out at `now`. Answers how many
 * profiles were opted in and are now out. Running it again changes nothing more.
 */
export async function optOutWhatsappMarketingByNumber(
  tx: DbOrTx,
  number: string,
  isNumber: (phone: string) => boolean,
  now = new Date(),
): Promise<number> {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 8) return 0;
  // Candidates share the number's last 8 digits, whatever the spelling; `isNumber` decides.
  const candidates = await tx
    .select({ userId: customerProfiles.userId, phone: customerProfiles.phone })
    .from(customerProfiles)
    .where(
      and(
        isNotNull(customerProfiles.whatsappMarketingAt),
        sql`right(regexp_replace(${customerProfiles.phone}, '\\D', '', 'g'), 8) = ${digits.slice(-8)}`,
      ),
    );
  const ids = candidates.filter((c) => c.phone !== null && isNumber(c.phone)).map((c) => c.userId);
  if (ids.length === 0) return 0;
  const out = await tx
    .update(customerProfiles)
    .set({ whatsappMarketingAt: null, whatsappMarketingOffAt: now, updatedAt: now })
    .where(and(inArray(customerProfiles.userId, ids), isNotNull(customerProfiles.whatsappMarketingAt)))
    .returning({ userId: customerProfiles.userId });
  return out.length;
}
