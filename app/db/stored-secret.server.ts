import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { appMeta } from "./schema/infrastructure";

/**
 * A random secret the shop makes for itself on first use and keeps in app_meta under `key`, so every
 * server process (and every restart) uses the same one. Two processes making it at once: the first
 * insert wins and both read the winner.
 */
export async function loadStoredSecret(db: DbOrTx, key: string): Promise<string> {
  const read = async () =>
    (await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key)))[0]?.value;
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(appMeta)
    .values({ key, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  return (await read())!;
}
