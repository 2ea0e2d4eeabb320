// The whole schema, for drizzle-kit (drizzle.config.ts) and the typed database (database.ts): each
// module defines its own tables in app/modules/<module>/tables.ts and is the only code that writes
// them (eslint.config.js: module-boundaries/own-tables-only). This index only gathers them; code
// outside app/db imports a module's tables from the module (its tables.ts, or another's reads.ts).
// Relative paths: drizzle-kit reads the schema without the app's "~/" alias.
export * from "./db/schema/statuses";
export * from "./db/schema/stored-image";
export * from "./db/schema/infrastructure";
export * from "./modules/accounts/tables";
export * from "./modules/catalog/tables";
export * from "./modules/media/tables";
export * from "./modules/cart/tables";
export * from "./modules/wishlist/tables";
export * from "./modules/orders/tables";
export * from "./modules/customers/tables";
export * from "./modules/notify-me/tables";
export * from "./modules/contact/tables";
export * from "./modules/reviews/tables";
export * from "./modules/messages/tables";
export * from "./modules/promotions/tables";
export * from "./modules/returns/tables";
export * from "./modules/store-credit/tables";
export * from "./modules/settings/tables";
export * from "./modules/shipping/tables";
export * from "./modules/storefront/tables";
export * from "./modules/payments/tables";
export * from "./modules/launches/tables";
export * from "./modules/waiting-room/tables";
export * from "./modules/marketing/tables";
