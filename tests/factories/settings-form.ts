import type { DbOrTx } from "../../app/db/client.server";
import { saveSettingsForm } from "../../app/http/settings-action.server";

/** Posts the Settings form (its fields as typed) the way the page's Save does: `{ ok: true }`, or the refusal (FormReply). */
export function postSettings(db: DbOrTx, posted: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(posted)) form.set(name, value);
  return saveSettingsForm(db, form);
}
