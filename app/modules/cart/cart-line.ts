import type { ProductStatus } from "~/db/schema/statuses";
import type { ProductImageData } from "~/modules/catalog/product-card";

/** One line of a buyer's cart as the shop reads it (cart-lines.server.ts): today's price and stock. */
export type CartLine = {
  id: string;
  productId: string;
  variantId: number;
  name: string;
  categoryName: string;
  color: string;
  size: string;
  quantity: number;
  /** Today's price (a running sale's included); what checkout charges. */
  price: number;
  onSale: boolean;
  categorySlug: string;
  priceWhenAdded: number;
  /** Units of this colour and size in stock now. */
  stock: number;
  status: ProductStatus;
  image: ProductImageData | null;
  addedAt: Date;
};
