export { type Biller, createBiller } from "./biller";
export {
  allocateInvoiceNumber,
  formatInvoiceNumber,
  invoiceLinesFor,
  issueMonthlyInvoice,
  issueMonthlyInvoices,
  periodBounds,
  previousPeriod,
} from "./invoices";
export { LOW_BALANCE_SUBJECT, lowBalanceEmail, sendLowBalanceWarning } from "./low-balance";
export type { BillingPorts } from "./ports";
export { loadRateTable } from "./rates";
export {
  AUTO_RECHARGE_FAILED_SUBJECT,
  AUTO_RECHARGE_INTERVAL_MS,
  type AutoRechargeOutcome,
  autoRecharge,
  type CardChargeResult,
  type CardCharger,
  checkSpendCap,
  guardSpending,
  paymentIdempotencyKey,
} from "./spend-guard";
export { AUTO_RECHARGE_PURPOSE, stripeCardCharger } from "./stripe-card-charger";
export { gateDatesPassed, queueTrialReminders } from "./trial";
