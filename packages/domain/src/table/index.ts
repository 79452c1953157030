export * from "./design.js";
export * from "./entities.js";
export * from "./entity.js";
