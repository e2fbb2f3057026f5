export { type Biller, createBiller } from "./biller";
export { LOW_BALANCE_SUBJECT, lowBalanceEmail, sendLowBalanceWarning } from "./low-balance";
export type { BillingPorts } from "./ports";
export { loadRateTable } from "./rates";
