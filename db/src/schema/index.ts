export * from "./auth";
export * from "./billing";
export * from "./content";
export * from "./crm";
export * from "./enums";
export * from "./platform";
export * from "./support";
export * from "./telephony";
