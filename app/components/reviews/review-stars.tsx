import { StarIcon } from "~/components/ui/icons";

/** Five stars, `rating` of them filled, read out as "Rated N out of 5". */
export function ReviewStars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  return (
    <span className="inline-flex items-center text-amber-500" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} className={className} filled={n <= Math.round(rating)} />
      ))}
    </span>
  );
}
