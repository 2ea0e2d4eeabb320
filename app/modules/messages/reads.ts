// What other modules and flows may read of modules/messages's tables: select from them and join them,
// never write them (eslint.config.js: module-boundaries/own-tables-only). A change to them is an
// operation of modules/messages, called from a flow (app/flows).
export { messageOutbox, whatsappEvents } from "./tables";
