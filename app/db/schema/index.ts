export * from "./catalog";
export * from "./media";
export * from "./settings";
export * from "./engagement";
