// What other modules and flows may read of modules/settings: its tables (select from them and join
// them, never write them: eslint.config.js, module-boundaries/own-tables-only) and its read
// functions. A change is an operation of modules/settings, called from a flow (app/flows).
export { shopSettings } from "./tables";
export { getSettings, type ShopSettings } from "./get-settings.server";
export { readNotificationRecipients } from "./notification-recipients.server";
