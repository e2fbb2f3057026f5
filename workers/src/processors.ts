import { type BillingMailer, chargeCall, chargeSms } from "./billing/index";
import type { JobInfo, JobPorts, Processor, Processors } from "./jobs";
import { missedCallProcessor } from "./notifications/index";
import { type VoicemailDeps, voicemailProcessor } from "./voicemail/index";

/** A processor for a job whose real work is not written yet: it logs and skips. */
function pending<P>(what: string): Processor<P> {
  return async (ports: JobPorts, payload: P, job: JobInfo) => {
    ports.log.info({ ...job, payload }, `${what}: no processor yet, skipped`);
    return "skipped";
  };
}

/** The processors of every job, with the given ones in place of the pending ones. */
export function createProcessors(
  given: { [Q in keyof Processors]?: Partial<Processors[Q]> } = {},
): Processors {
  return {
    billing: {
      "charge-call": pending("charge-call"),
      "charge-sms": pending("charge-sms"),
      ...given.billing,
    },
    voicemail: {
      "process-voicemail": pending("process-voicemail"),
      ...given.voicemail,
    },
    notifications: {
      "missed-call": pending("missed-call"),
      ...given.notifications,
    },
  };
}

/** What the billing processors need beyond the job ports. */
export interface BillingDeps {
  mailer: BillingMailer;
  /** PUBLIC_BASE_URL (a trailing slash is dropped). */
  publicBaseUrl: string;
  /** See BillingPorts.walletEmptied. */
  walletEmptied?: (accountId: string) => Promise<void>;
}

/** The billing queue's processors: charge-call and charge-sms (workers/src/billing). */
export function billingProcessors(deps: BillingDeps): Processors["billing"] {
  const extra = {
    mailer: deps.mailer,
    publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, ""),
    ...(deps.walletEmptied ? { walletEmptied: deps.walletEmptied } : {}),
  };
  return {
    "charge-call": (ports, payload) => chargeCall({ ...ports, ...extra }, payload),
    "charge-sms": (ports, payload) => chargeSms({ ...ports, ...extra }, payload),
  };
}

/**
 * Every job's real processor, for the API's embedded jobs and for `npm run workers` alike: the
 * same code in both columns of ARCHITECTURE.md, only the ports differ.
 */
export function allProcessors(deps: BillingDeps & VoicemailDeps): Processors {
  const notices = { mailer: deps.mailer, publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, "") };
  return createProcessors({
    billing: billingProcessors(deps),
    voicemail: { "process-voicemail": voicemailProcessor({ ...deps, ...notices }) },
    notifications: { "missed-call": missedCallProcessor(notices) },
  });
}
