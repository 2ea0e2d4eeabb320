// The settings row is storage every module reads (app/db/shop-settings.server.ts); routes and
// request glue, which never import app/db, reach it through its module here.
export { getSettings, type ShopSettings } from "~/db/shop-settings.server";
