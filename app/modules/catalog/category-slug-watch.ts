import type { DbOrTx } from "~/db/client.server";

/**
 * Who keeps a category's slug as text and must follow when the owner changes it: promotions
 * (`category_slugs` arrays) and Notify Me (`category:{slug}` targets). The catalog declares this
 * port and calls it inside the save's transaction, after the category's row and redirect are
 * written; the save-category flow gives it (app/flows/save-category.server.ts), so the catalog never
 * writes another module's tables.
 */
export type CategorySlugWatch = {
  renamed(tx: DbOrTx, from: string, to: string): Promise<void>;
};
