import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers } from "~/modules/shipping/tables";
import type { ApiCourierKind } from "~/db/schema/statuses";
import type { SecretBox } from "~/db/secret-box.server";
import type { CourierCredentials } from "../couriers/courier-api";
import { openCourierCredentials as openSealedCredentials } from "../connection/courier-credentials.server";

export type OpenedCredentials = { kind: ApiCourierKind; credentials: CourierCredentials };

/**
 * A courier's API credentials, opened with the "courier-credentials" secret box: null for a courier
 * reached through files, one without credentials, or credentials that no longer open (the auth
 * secret changed: the owner enters them again in Settings -> Couriers). Server-only: what this
 * returns never goes into loader data, a log line or an error message.
 */
export async function openCourierCredentials(
  db: DbOrTx,
  box: SecretBox,
  courierId: number,
): Promise<OpenedCredentials | null> {
  const [row] = await db
    .select({ provider: couriers.provider, sealed: couriers.apiCredentials })
    .from(couriers)
    .where(eq(couriers.id, courierId));
  if (!row) return null;
  return openSealed(box, row.provider, row.sealed);
}

/** The same, from a row already read (the sync's claim returns the sealed value); opened as Settings -> Couriers opens them. */
export function openSealed(box: SecretBox, provider: string, sealed: string | null): OpenedCredentials | null {
  if (provider === "file" || !sealed) return null;
  const opened = openSealedCredentials({ apiCredentials: sealed }, box);
  return opened.credentials ? { kind: provider as ApiCourierKind, credentials: opened.credentials } : null;
}
