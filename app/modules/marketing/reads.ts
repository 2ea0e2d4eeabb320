// What other modules may read of modules/marketing's tables (modules/marketing writes them).
export { metaSettings } from "./tables";
