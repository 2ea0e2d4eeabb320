import type { ProductStatus } from "~/db/schema/statuses";
import type { ImageSource } from "~/db/schema/stored-image";
import type { ColourSwatch } from "./colour-rules";

/** What a product card or list row shows; plain data so components never touch the database. */
export type ProductCardData = {
  id: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  description: string;
  price: number;
  originalPrice: number | null;
  /** A scheduled sale lowers the price now (the card's sale badge). */
  onSale: boolean;
  rating: number;
  reviewCount: number;
  status: ProductStatus;
  /** When a coming-soon product goes on sale by itself (its launch's time, or its own), else null. */
  launchAt: Date | null;
  stock: number;
  image: ProductImageData | null;
  /** The colours it is made in, with their swatches. */
  swatches: ColourSwatch[];
};

export type ProductImageData = { alt: string; width: number; height: number; sources: ImageSource[] };
