import type { ProductStatus } from "~/db/schema/statuses";
import type { ProductImageData } from "./product-card";

export type { ProductStatus };

/** One product of the owner's inventory page. */
export type InventoryItem = {
  id: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  price: number;
  originalPrice: number | null;
  status: ProductStatus;
  stock: number;
  /** Units sold on orders that were not cancelled or returned. */
  sold: number;
  image: ProductImageData | null;
  launchAt: Date | null;
  createdAt: Date;
  /** What one piece costs the shop; null: not known. */
  costPrice: number | null;
  /** The alert level that applies: the product's own, else the shop's default. */
  lowStockThreshold: number;
  /** The colours and sizes at or under that level, in the owner's order. */
  lowVariants: { color: string; size: string; stock: number }[];
};

/** Coming-soon collections and products for the owner's launch panel. */
export type UpcomingLaunches = {
  categories: { slug: string; name: string; launchAt: Date | null; launchLabel: string | null }[];
  products: { id: string; name: string; categoryName: string; launchAt: Date | null }[];
};
