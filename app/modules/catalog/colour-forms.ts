import { z } from "~/lib/zod";
import { keptValue, type FormReply } from "~/lib/form-reply";
import type { ColourChange } from "./change-colour.server";
import { COLOUR_MESSAGES, colourInputSchema, type ColourInput } from "./colour-rules";

/**
 * The Colours page's posts as changes: each form posts an `intent` (add, edit, up, down, retire,
 * restore) and, but for add, the colour's `id`. The swatch comes from a colour picker and a text
 * field side by side: without JavaScript both are posted, so the one the owner changed wins.
 */
export type ColourFormValues = { name: string; hex: string };

export const UNKNOWN_ACTION = "Unknown action";
export const NO_SUCH_COLOUR = "This colour no longer exists";

/** The swatch the owner meant: the typed hex if it was changed, else the picker's if that was, else whichever is there. */
export function pickedHex(typed: string, picker: string, was: string): string {
  const t = typed.trim().toLowerCase();
  const p = picker.trim().toLowerCase();
  const w = was.trim().toLowerCase();
  if (t !== "" && t !== w) return t;
  if (p !== "" && p !== w) return p;
  return t || p;
}

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));
const swatch = { name: text, hex: text, hexPicker: text, hexWas: text };
/** A colour's id in the form; a missing or garbled one is a colour that no longer exists (the action says so above the list). */
const colourId = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (typeof value === "string" && /^\d{1,9}$/.test(value)) return Number(value);
    ctx.addIssue({ code: "custom", path: [], message: NO_SUCH_COLOUR });
    return z.NEVER;
  });

function readSwatch(raw: { name: string; hex: string; hexPicker: string; hexWas: string }, ctx: z.RefinementCtx) {
  const parsed = colourInputSchema.safeParse({ name: raw.name, hex: pickedHex(raw.hex, raw.hexPicker, raw.hexWas) });
  if (parsed.success) return parsed.data;
  const said = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    if (!said.has(field))
      ctx.addIssue({ code: "custom", path: [field], message: field === "hex" ? COLOUR_MESSAGES.hex : issue.message });
    said.add(field);
  }
  return z.NEVER as ColourInput;
}

/** Every form of the Colours page (Add a colour, and each colour's Save, ↑, ↓, Retire or Bring back) as a change. */
export const colourFormSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({ intent: z.literal("add"), ...swatch })
      .transform((raw, ctx): ColourChange => ({ kind: "add", input: readSwatch(raw, ctx) })),
    z
      .object({ intent: z.literal("edit"), id: colourId, ...swatch })
      .transform((raw, ctx): ColourChange => ({ kind: "edit", id: raw.id, input: readSwatch(raw, ctx) })),
    z
      .object({ intent: z.enum(["up", "down"]), id: colourId })
      .transform(({ intent, id }): ColourChange => ({ kind: "move", id, direction: intent })),
    z
      .object({ intent: z.enum(["retire", "restore"]), id: colourId })
      .transform(({ intent, id }): ColourChange => ({ kind: "retire", id, retired: intent === "retire" })),
  ],
  { error: UNKNOWN_ACTION },
);

/** What a refused colour form had typed: its name, and the swatch the owner meant. */
export function keptColourValues(reply: FormReply): ColourFormValues {
  const kept = (name: string) => keptValue(reply, name) ?? "";
  return { name: kept("name"), hex: pickedHex(kept("hex"), kept("hexPicker"), kept("hexWas")) };
}
