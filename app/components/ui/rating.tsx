import { StarIcon } from "./icons";

/** "★ 4.8 (204)": one star glyph keeps cards light (sixty inline SVGs on a listing were not). */
export function Rating({
  rating,
  reviewCount,
  size = "sm",
}: {
  rating: number;
  reviewCount: number;
  size?: "sm" | "md";
}) {
  if (reviewCount === 0) return <p className="text-sm text-stone-600">No reviews yet</p>;
  if (size === "md") {
    const rounded = Math.round(rating);
    return (
      <p className="flex items-center gap-1 text-sm text-stone-700">
        <span className="flex text-amber-500" aria-hidden>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon key={n} className="h-5 w-5" filled={n <= rounded} />
          ))}
        </span>
        <span className="sr-only">
          Rated {rating.toFixed(1)} out of 5 from {reviewCount} reviews
        </span>
        <span aria-hidden>
          {rating.toFixed(1)} ({reviewCount.toLocaleString("en-PK")} reviews)
        </span>
      </p>
    );
  }
  return (
    <p className="text-sm text-stone-700">
      <span className="sr-only">
        Rated {rating.toFixed(1)} out of 5 from {reviewCount} reviews
      </span>
      <span aria-hidden>
        <span className="text-amber-500">★</span> {rating.toFixed(1)} ({reviewCount.toLocaleString("en-PK")})
      </span>
    </p>
  );
}
