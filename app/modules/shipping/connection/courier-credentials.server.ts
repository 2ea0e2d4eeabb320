import type { Courier } from "../couriers/couriers.server";
import type { CourierCredentials } from "../couriers/courier-api";
import type { SecretBox } from "~/db/secret-box.server";
import { lastFour } from "~/db/secret-box.server";
import type { CourierCredentialField } from "../couriers/courier-api";

/** What a page says when the saved credentials cannot be opened (the auth secret changed): never a 500. */
export const CREDENTIALS_UNREADABLE =
  "The saved credentials cannot be read any more (the shop's secret changed): enter them again.";

/**
 * A courier's API credentials, opened: null with `unreadable` when none are saved (false) or the
 * sealed value does not open (true: the owner enters them again). Server-only: the clear values go
 * to the courier's client and nowhere else (never a page, a log, an error or an API answer).
 */
export function openCourierCredentials(
  courier: Pick<Courier, "apiCredentials">,
  box: SecretBox,
): { credentials: CourierCredentials; unreadable: false } | { credentials: null; unreadable: boolean } {
  if (!courier.apiCredentials) return { credentials: null, unreadable: false };
  try {
    const parsed: unknown = JSON.parse(box.open(courier.apiCredentials));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { credentials: null, unreadable: true };
    const credentials: CourierCredentials = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") credentials[key] = value;
    return { credentials, unreadable: false };
  } catch {
    return { credentials: null, unreadable: true };
  }
}

/** The sealed JSON object and the hints pages show: a secret's last four characters, a plain field as typed. */
export function sealCourierCredentials(
  credentials: CourierCredentials,
  fields: readonly CourierCredentialField[],
  box: SecretBox,
): { sealed: string; hints: Record<string, string> } {
  const hints: Record<string, string> = {};
  for (const field of fields) {
    const value = credentials[field.key];
    if (value) hints[field.key] = field.secret ? lastFour(value) : value;
  }
  return { sealed: box.seal(JSON.stringify(credentials)), hints };
}
