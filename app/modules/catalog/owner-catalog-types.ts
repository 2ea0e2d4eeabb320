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
};

/** Coming-soon collections and products for the owner's launch panel. */
export type UpcomingLaunches = {
  categories: { slug: string; name: string; launchAt: Date | null; launchLabel: string | null }[];
  products: { id: string; name: string; categoryName: string; launchAt: Date | null }[];
};
