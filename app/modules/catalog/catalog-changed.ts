/**
 * The Postgres channel on which the catalogue announces a change: triggers on categories,
 * products, their variants and images, and reviews (migration 0004) notify it when the changing
 * transaction commits. Every server process listens and drops its in-memory catalogue reads.
 */
export const CATALOG_CHANNEL = "catalog_changed";
