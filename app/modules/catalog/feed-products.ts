import type { ProductStatus } from "~/db/schema/statuses";

/**
 * What a catalogue feed (Meta's, issue 44) is made from: every product it may list, with its
 * variants and photos, read in one query (list-feed-products.server.ts) and kept in the read cache
 * between catalogue changes. Plain data, so the feed's formatting (modules/marketing) is a pure rule.
 */

/** Which products beyond those on sale a feed lists: in hidden categories, drafts, coming soon. */
export type FeedScope = { includeHidden: boolean; includeDrafts: boolean; includeComingSoon: boolean };

export type FeedVariant = { id: number; color: string; size: string; stock: number; sku: string };

/** One photo: its colour (null: any) and its largest rendition's media key and width. */
export type FeedImage = { color: string | null; key: string; width: number };

export type FeedProduct = {
  id: string;
  name: string;
  description: string;
  status: ProductStatus;
  categoryName: string;
  /** The product's category is hidden from the shop (its products stay on sale). */
  categoryHidden: boolean;
  googleProductCategory: string | null;
  fbProductCategory: string | null;
  /** What a buyer pays now (a running scheduled sale included). */
  price: number;
  /** The regular price struck through beside it, or null. */
  originalPrice: number | null;
  /** A running scheduled sale lowers the price: its window (the sale with the largest percentage). */
  sale: { startsAt: Date; endsAt: Date } | null;
  variants: FeedVariant[];
  /** The product's photos in order. */
  images: FeedImage[];
};
