import type { Mailer } from "@poundline/platform/mailer";
import type { JobPorts } from "@poundline/platform/queue/jobs";
import type { CardCharger } from "./spend-guard";

/** The job ports plus what billing needs to warn an owner: a mailer and the console's address. */
export interface BillingPorts extends JobPorts {
  mailer: Mailer;
  /** PUBLIC_BASE_URL, without a trailing slash: the e-mail links to `${publicBaseUrl}/dashboard/billing`. */
  publicBaseUrl: string;
  /**
   * A charge left the wallet at zero: the telephony gate must now refuse the account's calls and
   * outbound texts, so the routing tables (which hold balances) are told to recompile.
   */
  walletEmptied?: (accountId: string) => Promise<void>;
  /** Charges the saved card for auto-recharge (Stripe); without it auto-recharge is off. */
  cardCharger?: CardCharger;
}
