import type { JobPorts } from "../jobs";

/** What the billing processors send (the API's `OutgoingEmail` has this shape). */
export interface BillingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template: string;
}

/** Compatible with the API's `Mailer` (services/api/src/mail/mailer.ts): outbox row, then SMTP. */
export interface BillingMailer {
  /** Resolves to the outbox row id. */
  send(email: BillingEmail): Promise<string>;
}

/** The job ports plus what billing needs to warn an owner: a mailer and the console's address. */
export interface BillingPorts extends JobPorts {
  mailer: BillingMailer;
  /** PUBLIC_BASE_URL, without a trailing slash: the e-mail links to `${publicBaseUrl}/dashboard/billing`. */
  publicBaseUrl: string;
  /**
   * A charge left the wallet at zero: the telephony gate must now refuse the account's calls and
   * outbound texts, so the routing tables (which hold balances) are told to recompile.
   */
  walletEmptied?: (accountId: string) => Promise<void>;
}
