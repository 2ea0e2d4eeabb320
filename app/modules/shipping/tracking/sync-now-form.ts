import { z } from "~/lib/zod";

/** The Shipping page's Sync now form: `intent=sync-now`, and `courierId` for one courier (absent: every connected one). */
export const SYNC_NOW_INTENT = "sync-now";

/** What Sync now answers: one line per courier ("PostEx: 12 parcels asked, 3 delivered, ..."), and whether every courier answered. */
export type SyncNowAnswer = { intent: typeof SYNC_NOW_INTENT; ok: boolean; lines: string[] };

/** The courier a Sync now form names: a positive whole number, or null for all. */
export function syncNowCourierId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Sync now's form: its intent, and the courier (a bad or missing id asks every connected courier). */
export const syncNowFormSchema = z.object({
  intent: z.literal(SYNC_NOW_INTENT),
  courierId: z
    .string()
    .optional()
    .transform((value) => syncNowCourierId(value ?? null)),
});
