import { listFeedProducts } from "~/modules/catalog/list-feed-products.server";
import { feedTokenAccepted, readFeedSettings } from "~/modules/marketing/feed-settings.server";
import { metaFeedCsv, metaFeedRows } from "~/modules/marketing/meta-feed";
import { getSettings } from "~/modules/settings/reads";
import type { FlowContext } from "./flow-context";

export type MetaFeedAnswer =
  /** The feed, and whether it asked for a token (then no cache in front may keep it). */
  | { ok: true; csv: string; rows: number; tokenOn: boolean }
  /** The feed asks for a token and this request's is missing or wrong. */
  | { ok: false };

/**
 * GET /feeds/meta.csv (issue 44): the Meta catalogue feed, when the request's token opens it. The
 * feed's settings (marketing), the catalogue's products (catalog) and the brand (settings) all come
 * from the read caches, so thousands of variants answer without a database round trip until
 * something changes.
 */
export async function getMetaFeed(
  ctx: FlowContext,
  input: { origin: string; token: string | null },
): Promise<MetaFeedAnswer> {
  const settings = await readFeedSettings(ctx.db);
  if (!feedTokenAccepted(settings, input.token)) return { ok: false };
  const [products, shop] = await Promise.all([listFeedProducts(ctx.db, settings, ctx.now), getSettings(ctx.db)]);
  const rows = metaFeedRows(products, { origin: input.origin, brand: shop.brandName });
  return { ok: true, csv: metaFeedCsv(rows), rows: rows.length, tokenOn: settings.tokenOn };
}
