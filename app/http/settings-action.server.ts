import { parseSubmission, refusal } from "~/http/form-reply";
import type { FormReply } from "~/lib/form-reply";
import { settingsSchema, withStoredSettings } from "~/modules/settings/settings-schema";
import { storedSettingsValues, updateSettings } from "~/modules/settings/update-settings.server";

/**
 * Settings' Save: the posted form read with settingsSchema (a field not sent keeps its stored
 * value), saved, or refused in the one form shape with every message by its field and what was
 * typed. Nothing is saved on a refusal.
 */
export async function saveSettingsForm(
  db: Parameters<typeof updateSettings>[0],
  posted: FormData,
): Promise<{ ok: true } | FormReply> {
  const submission = parseSubmission(withStoredSettings(posted, await storedSettingsValues(db)), settingsSchema);
  if (submission.status !== "success") return refusal(submission);
  await updateSettings(db, submission.value);
  return { ok: true };
}
