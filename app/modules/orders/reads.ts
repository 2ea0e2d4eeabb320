// What other modules and flows may read of modules/orders's tables: select from them and join them,
// never write them (eslint.config.js: module-boundaries/own-tables-only). A change to them is an
// operation of modules/orders, called from a flow (app/flows).
export { orderItems, orders } from "./tables";
export type { MetaBrowserDetails, OrderSourceDetails } from "./tables";
