import type { ApiCourierKind } from "~/db/schema/statuses";
import type { CourierCredentials } from "../couriers/courier-api";

/** The couriers' APIs the shop can use, in the order Settings offers them. */
export const API_COURIER_KINDS: readonly ApiCourierKind[] = ["postex", "leopards"];

const MAX_CREDENTIAL = 500;

/**
 * The Test connection form: which API, and the credentials typed (`cred-<key>`); empty ones are
 * left out (the saved ones are kept). Which fields an API needs is the API's (connectCourierApi).
 */
export function parseConnectForm(
  form: Record<string, FormDataEntryValue>,
): { ok: true; kind: ApiCourierKind; typed: CourierCredentials } | { ok: false; message: string } {
  const kind = API_COURIER_KINDS.find((k) => k === form.provider);
  if (!kind) return { ok: false, message: "Choose PostEx API or Leopards API" };
  const typed: CourierCredentials = {};
  for (const [name, value] of Object.entries(form)) {
    if (!name.startsWith("cred-") || typeof value !== "string") continue;
    const trimmed = value.trim();
    if (!trimmed) continue;
    if (trimmed.length > MAX_CREDENTIAL)
      return { ok: false, message: "A credential is too long: paste it again, exactly as the courier gave it" };
    typed[name.slice("cred-".length)] = trimmed;
  }
  return { ok: true, kind, typed };
}

export type ConnectionSettingsValues = { pickupAddressCode: string; syncEveryMinutes: string };

/** The pickup address (empty: the courier's default) and how often to sync, as whole minutes. */
export function parseConnectionSettingsForm(
  form: Record<string, FormDataEntryValue>,
):
  | { ok: true; data: { pickupAddressCode: string | null; syncEveryMinutes: number }; values: ConnectionSettingsValues }
  | { ok: false; fields: Record<string, string>; values: ConnectionSettingsValues } {
  const values = {
    pickupAddressCode: typeof form.pickupAddressCode === "string" ? form.pickupAddressCode.trim().slice(0, 100) : "",
    syncEveryMinutes: typeof form.syncEveryMinutes === "string" ? form.syncEveryMinutes.trim().slice(0, 10) : "",
  };
  if (!/^\d{1,5}$/.test(values.syncEveryMinutes))
    return { ok: false, fields: { syncEveryMinutes: "Enter whole minutes from 15 to 1440" }, values };
  return {
    ok: true,
    data: { pickupAddressCode: values.pickupAddressCode || null, syncEveryMinutes: Number(values.syncEveryMinutes) },
    values,
  };
}

export const SYNC_EVERY_RANGE = { min: 15, max: 1440 } as const;
