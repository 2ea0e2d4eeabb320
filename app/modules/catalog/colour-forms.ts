import { z } from "zod";
import type { ColourChange } from "./change-colour.server";
import { COLOUR_MESSAGES, colourInputSchema } from "./colour-rules";

/**
 * The Colours page's posts as changes: each form posts an `intent` (add, edit, up, down, retire,
 * restore) and, but for add, the colour's `id`. The swatch comes from a colour picker and a text
 * field side by side: without JavaScript both are posted, so the one the owner changed wins.
 */
export type ColourFormValues = { name: string; hex: string };
export type ColourFormResult =
  | { ok: true; change: ColourChange }
  | { ok: false; intent: string; id: number | null; values: ColourFormValues; errors: Record<string, string> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The swatch the owner meant: the typed hex if it was changed, else the picker's if that was, else whichever is there. */
export function pickedHex(typed: string, picker: string, was: string): string {
  const t = typed.trim().toLowerCase();
  const p = picker.trim().toLowerCase();
  const w = was.trim().toLowerCase();
  if (t !== "" && t !== w) return t;
  if (p !== "" && p !== w) return p;
  return t || p;
}

const intentSchema = z.enum(["add", "edit", "up", "down", "retire", "restore"]);

export function readColourForm(form: FormData): ColourFormResult {
  const intent = intentSchema.safeParse(text(form, "intent"));
  const idText = text(form, "id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  const values = {
    name: text(form, "name"),
    hex: pickedHex(text(form, "hex"), text(form, "hexPicker"), text(form, "hexWas")),
  };
  if (!intent.success) return { ok: false, intent: "", id, values, errors: { form: "Unknown action" } };
  if (intent.data !== "add" && id === null)
    return { ok: false, intent: intent.data, id, values, errors: { form: "This colour no longer exists" } };
  switch (intent.data) {
    case "up":
    case "down":
      return { ok: true, change: { kind: "move", id: id!, direction: intent.data } };
    case "retire":
    case "restore":
      return { ok: true, change: { kind: "retire", id: id!, retired: intent.data === "retire" } };
    default: {
      const parsed = colourInputSchema.safeParse(values);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          errors[String(issue.path[0])] ??= issue.path[0] === "hex" ? COLOUR_MESSAGES.hex : issue.message;
        return { ok: false, intent: intent.data, id, values, errors };
      }
      return {
        ok: true,
        change:
          intent.data === "add" ? { kind: "add", input: parsed.data } : { kind: "edit", id: id!, input: parsed.data },
      };
    }
  }
}
