export * from "./client";
export * from "./ids";
export * from "./ledger";
export * as schema from "./schema/index";
