import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { mediaFiles } from "~/modules/media/tables";

export async function getMediaFile(db: DbOrTx, key: string) {
  if (!/^[0-9a-f]{32}$/.test(key)) return null;
  const [file] = await db
    .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
    .from(mediaFiles)
    .where(eq(mediaFiles.key, key));
  return file ?? null;
}
