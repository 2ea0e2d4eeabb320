import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";
import type { FeedSettingsInput } from "./feed-settings-form";
import { metaSettings } from "./tables";

/**
 * The catalogue feed's settings (Settings -> Marketing, issue 44), kept in meta_settings' single
 * row beside the Pixel's (modules/marketing/meta-settings.server.ts writes those; each side
 * writes only its own columns). No row: an open feed of what is on sale and coming soon.
 */
export type FeedSettings = {
  /** The feed asks for ?token=; `token` is what it must be. */
  tokenOn: boolean;
  token: string | null;
  includeHidden: boolean;
  includeDrafts: boolean;
  includeComingSoon: boolean;
};

const DEFAULTS: FeedSettings = {
  tokenOn: false,
  token: null,
  includeHidden: false,
  includeDrafts: false,
  includeComingSoon: true,
};

async function queryFeedSettings(db: DbOrTx): Promise<FeedSettings> {
  const [row] = await db
    .select({
      token: metaSettings.feedToken,
      includeHidden: metaSettings.feedIncludeHidden,
      includeDrafts: metaSettings.feedIncludeDrafts,
      includeComingSoon: metaSettings.feedIncludeComingSoon,
    })
    .from(metaSettings)
    .where(eq(metaSettings.id, 1));
  if (!row) return DEFAULTS;
  return { ...row, tokenOn: row.token !== null };
}

/** The feed's settings, kept in memory until the settings change in any process (every feed request reads them). */
export function readFeedSettings(db: DbOrTx): Promise<FeedSettings> {
  return readThrough(db, "settings", "meta-feed", () => queryFeedSettings(db));
}

/** A new secret: 32 random bytes, URL-safe (base64url, 43 characters). */
export function newFeedToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tells every process: their read caches drop the feed's settings, so the next request follows the new ones. */
async function announce(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, 'meta_feed')`);
}

async function writeFeedColumns(
  db: DbOrTx,
  values: Partial<
    Pick<
      typeof metaSettings.$inferInsert,
      "feedToken" | "feedIncludeHidden" | "feedIncludeDrafts" | "feedIncludeComingSoon"
    >
  >,
): Promise<void> {
  const set = { ...values, updatedAt: sql`now()` };
  await db
    .insert(metaSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: metaSettings.id, set });
  await announce(db);
}

/**
 * Saves the feed's settings. Turning the token on keeps the token there is, or makes one; turning
 * it off forgets it (turned on again later, the feed gets a new one). Answers the settings saved.
 */
export async function saveFeedSettings(db: DbOrTx, input: FeedSettingsInput): Promise<FeedSettings> {
  const current = await queryFeedSettings(db);
  const token = input.tokenOn ? (current.token ?? newFeedToken()) : null;
  await writeFeedColumns(db, {
    feedToken: token,
    feedIncludeHidden: input.includeHidden,
    feedIncludeDrafts: input.includeDrafts,
    feedIncludeComingSoon: input.includeComingSoon,
  });
  return {
    tokenOn: token !== null,
    token,
    includeHidden: input.includeHidden,
    includeDrafts: input.includeDrafts,
    includeComingSoon: input.includeComingSoon,
  };
}

/** A new token (the token turns on if it was off): the old feed URL stops working. Answers the new token. */
export async function regenerateFeedToken(db: DbOrTx): Promise<string> {
  const token = newFeedToken();
  await writeFeedColumns(db, { feedToken: token });
  return token;
}

/** Whether a request's ?token= opens the feed: always when the token is off; else compared in constant time. */
export function feedTokenAccepted(settings: Pick<FeedSettings, "token">, given: string | null): boolean {
  if (settings.token === null) return true;
  if (given === null) return false;
  // Hashed first, so both sides have one length and the comparison says nothing about the token's.
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(settings.token), digest(given));
}
