export * from "./statuses";
export * from "./catalog";
export * from "./media";
export * from "./settings";
export * from "./engagement";
export * from "./accounts";
export * from "./commerce";
export * from "./email";
