// What other modules and flows may read of modules/launches's tables: select from them and join
// them, never write them (eslint.config.js: module-boundaries/own-tables-only).
export { launches, launchProducts } from "./tables";
