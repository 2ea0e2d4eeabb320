// What other modules and flows may read of modules/reviews: its table (select and join, never
// write: eslint.config.js, module-boundaries/own-tables-only) and the visible reviews' totals that
// a product's rating is worked out from (modules/catalog keeps the rating on the product).
export { reviews } from "./tables";
export { visibleReviewTotals } from "./review-totals";
