import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import type { MetaPurchaseMoment } from "~/db/schema/statuses";
import { lastFour, type SecretBox } from "~/db/secret-box.server";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";
import type { MetaPixelInput } from "./meta-settings-form";
import { metaSettings } from "./tables";

/** What pages may know of the Meta settings: never the token, only its last four. */
export type MetaSettingsView = {
  pixelId: string | null;
  hasAccessToken: boolean;
  accessTokenLast4: string | null;
  testEventCode: string | null;
  purchaseOn: MetaPurchaseMoment;
};

const NONE: MetaSettingsView = {
  pixelId: null,
  hasAccessToken: false,
  accessTokenLast4: null,
  testEventCode: null,
  purchaseOn: "confirmed",
};

async function queryMetaSettings(db: DbOrTx): Promise<MetaSettingsView> {
  const [row] = await db.select().from(metaSettings).where(eq(metaSettings.id, 1));
  if (!row) return NONE;
  return {
    pixelId: row.pixelId,
    hasAccessToken: row.accessToken !== null,
    accessTokenLast4: row.accessTokenLast4,
    testEventCode: row.testEventCode,
    purchaseOn: row.purchaseOn,
  };
}

/** The settings, kept in memory until they change (every page asks whether there is a Pixel). */
export function readMetaSettings(db: DbOrTx): Promise<MetaSettingsView> {
  return readThrough(db, "settings", "meta", () => queryMetaSettings(db));
}

/** Tells every process the settings changed: their read caches and cached pages (the Pixel's script) go. */
async function announce(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'changed')`);
}

/** Saves the Pixel: a token typed is sealed; none typed keeps the stored one. */
export async function saveMetaPixel(db: DbOrTx, box: SecretBox, input: MetaPixelInput): Promise<void> {
  const token = input.accessToken
    ? { accessToken: box.seal(input.accessToken), accessTokenLast4: lastFour(input.accessToken) }
    : {};
  const values = {
    pixelId: input.pixelId,
    testEventCode: input.testEventCode,
    purchaseOn: input.purchaseOn,
    ...token,
    updatedAt: sql`now()`,
  };
  await db
    .insert(metaSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: metaSettings.id, set: values });
  await announce(db);
}

/** Takes the Pixel off: no script on pages, nothing reported; the token goes too. Queued Purchases are kept (shown as not sent). */
export async function removeMetaPixel(db: DbOrTx): Promise<void> {
  await db
    .update(metaSettings)
    .set({ pixelId: null, accessToken: null, accessTokenLast4: null, testEventCode: null, updatedAt: sql`now()` })
    .where(eq(metaSettings.id, 1));
  await announce(db);
}
