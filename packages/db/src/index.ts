export * from "./client";
export * from "./ids";
export * from "./ivr-versions";
export * from "./ledger";
export * from "./query";
export * from "./query-errors";
export * as schema from "./schema/index";
export * from "./usage";
