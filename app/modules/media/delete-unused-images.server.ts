import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import type { StoredImageRef } from "~/db/schema/stored-image";

/** The media_files keys of stored pictures (each rendition's key). */
export function imageKeys(images: readonly Pick<StoredImageRef, "sources">[]): string[] {
  return [...new Set(images.flatMap((image) => image.sources.map((s) => s.key)))];
}

/**
 * Deletes the given picture files that nothing shows any more, in the caller's transaction (a
 * buyer's photos of a rejected return, or of a request that was refused before it was made). Files
 * are content-addressed, so the same bytes may also be a product photo, a category or hero picture,
 * the logo, an order line's picture or another request's photo: a key still named by any of them
 * stays. Answers the number of files deleted.
 */
export async function deleteUnusedImages(db: DbOrTx, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const named = (table: string, column: string) =>
    sql.raw(`exists (select 1 from ${table} t where strpos(t.${column}::text, '"' || m.key || '"') > 0)`);
  const rows = await db.execute(sql`
    delete from media_files m
    where m.key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})
      and not ${named("product_images", "sources")}
      and not ${named("return_requests", "photos")}
      and not ${named("categories", "image")}
      and not ${named("collections", "image")}
      and not ${named("hero_slides", "image")}
      and not ${named("hero_slides", "phone_image")}
      and not ${named("shop_settings", "logo")}
      and not ${named("shop_settings", "favicon")}
      and not exists (select 1 from order_items oi where oi.image_key = m.key)
    returning m.key`);
  return (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])).length;
}
