/** A product's card figures: its mean rating (one decimal) and how many reviews it counts. */
export type ProductRating = { rating: number; reviewCount: number };
