import { z } from "~/lib/zod";
import type { DiscrepancyKind } from "~/db/schema/statuses";

/** The overdue days a shop starts with (shop_settings.settlement_overdue_days). */
export const DEFAULT_OVERDUE_DAYS = 10;

/**
 * A discrepancy's kind in the owner's words (and the courier's, on a claim): "not-settled" names
 * the shop's overdue days.
 */
export function discrepancyKindText(kind: DiscrepancyKind, overdueDays: number): string {
  switch (kind) {
    case "not-settled":
      return `Delivered, not paid after ${overdueDays} ${overdueDays === 1 ? "day" : "days"}`;
    case "amount-differs":
      return "Paid a different amount";
    case "not-delivered":
      return "Paid for a parcel not delivered";
    case "charge-above-estimate":
      return "Charged above the rate card";
    case "total-differs":
      return "Settlement total differs";
  }
}

/** Which discrepancies a list shows: those still open, or those the owner has resolved. */
export const DISCREPANCY_STATUSES = ["open", "resolved"] as const;
export type DiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];

export function readDiscrepancyStatus(value: string | null | undefined): DiscrepancyStatus {
  return value === "resolved" ? "resolved" : "open";
}

/** The form field a Resolve button posts as `intent`, so a page with several forms can tell it apart. */
export const RESOLVE_DISCREPANCY_INTENT = "resolve-discrepancy";

export const RESOLVE_NOTE_MIN = 3;
export const RESOLVE_NOTE_MAX = 500;

/** The owner's note on resolving: required, 3 to 500 characters once trimmed. */
export function checkResolveNote(value: unknown): { ok: true; note: string } | { ok: false; error: string } {
  const note = typeof value === "string" ? value.trim() : "";
  if (!note) return { ok: false, error: 'Write a note: what happened, e.g. "Courier paid the difference on 12 June"' };
  if (note.length < RESOLVE_NOTE_MIN)
    return { ok: false, error: `Please write at least ${RESOLVE_NOTE_MIN} characters` };
  if (note.length > RESOLVE_NOTE_MAX)
    return { ok: false, error: `Please keep the note under ${RESOLVE_NOTE_MAX} characters (it has ${note.length})` };
  return { ok: true, note };
}

/** The answer to a post that is not a Resolve form. */
export const RESOLVE_NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";

/**
 * A Resolve form (`intent=resolve-discrepancy`, `id`, `note`, `returnTo`), checked in the browser
 * too: the note by checkResolveNote's rule (trimmed); the id is the module's to find.
 */
export const resolveDiscrepancySchema = z.object({
  intent: z.literal(RESOLVE_DISCREPANCY_INTENT),
  id: z.string().optional(),
  note: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const checked = checkResolveNote(value);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.error });
        return z.NEVER;
      }
      return checked.note;
    }),
  returnTo: z.string().optional(),
});

/** Reported minus expected, in rupees (negative: the courier paid or reported less); null without both. */
export function discrepancyDifference(expected: number | null, actual: number | null): number | null {
  return expected === null || actual === null ? null : actual - expected;
}
