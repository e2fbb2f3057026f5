export * from "./client";
export * from "./ids";
export * from "./ledger";
export * from "./query";
export * as schema from "./schema/index";
