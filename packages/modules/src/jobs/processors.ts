import type { Mailer } from "@poundline/platform/mailer";
import type { JobInfo, JobPayload, JobPorts, Processor, Processors } from "@poundline/platform/queue/jobs";
import {
  type AutomationDeps,
  automationProcessors,
  withTextBack,
  withVoicemailTextBack,
} from "../automations/jobs";
import { type Biller, createBiller } from "../billing/jobs/index";
import type { CardCharger } from "../billing/jobs/spend-guard";
import {
  type GreetingRecordingDeps,
  greetingRecordingProcessors,
} from "../greetings/jobs/store-greeting-recording";
import { memberNotificationProcessor } from "../inbox/notifications";
import { type ContactFormDeps, contactFormProcessor } from "../notifications/contact-form";
import { missedCallProcessor } from "../notifications/index";
import { subscriptionReplacedProcessor } from "../notifications/subscription-replaced";
import { type TicketReplyDeps, ticketReplyProcessor } from "../notifications/ticket-reply";
import { trialReminderProcessor } from "../notifications/trial-reminder";
import { walletReversalProcessor } from "../notifications/wallet-reversal";
import { portInChangedProcessor } from "../porting/change-notice";
import type { PushDeps } from "../push/deliver";
import { pushProcessors } from "../push/jobs";
import { type CallRecordingDeps, callRecordingProcessor } from "../recordings/jobs/store-call-recording";
import { type VoicemailDeps, voicemailProcessor } from "../voicemails/jobs/index";
import { deliverWebhookProcessor } from "../webhooks/deliver";
import { webhookDisabledProcessor } from "../webhooks/disabled-notice";

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
      "store-call-recording": pending("store-call-recording"),
      "store-greeting-recording": pending("store-greeting-recording"),
      "discard-greeting-take": pending("discard-greeting-take"),
      ...given.voicemail,
    },
    notifications: {
      "missed-call": pending("missed-call"),
      "contact-form": pending("contact-form"),
      "ticket-reply": pending("ticket-reply"),
      "password-reset": pending("password-reset"),
      "trial-reminder": pending("trial-reminder"),
      "wallet-reversal": pending("wallet-reversal"),
      "subscription-replaced": pending("subscription-replaced"),
      "member-notification": pending("member-notification"),
      "push-notification": pending("push-notification"),
      "push-incoming-call": pending("push-incoming-call"),
      "push-text": pending("push-text"),
      "deliver-webhook": pending("deliver-webhook"),
      "webhook-disabled": pending("webhook-disabled"),
      "port-in-changed": pending("port-in-changed"),
      "inbound-text-automations": pending("inbound-text-automations"),
      "send-scheduled-text": pending("send-scheduled-text"),
      ...given.notifications,
    },
  };
}

/** What the billing processors need beyond the job ports. */
export interface BillingDeps {
  mailer: Mailer;
  /** PUBLIC_BASE_URL (a trailing slash is dropped). */
  publicBaseUrl: string;
  /** See BillingPorts.walletEmptied. */
  walletEmptied?: (accountId: string) => Promise<void>;
  /** See BillingPorts.cardCharger: auto-recharge charges the saved card through it. */
  cardCharger?: CardCharger;
}

/** The billing queue's processors: charge-call and charge-sms (packages/modules/src/billing/jobs). */
export function billingProcessors(deps: BillingDeps): Processors["billing"] {
  const extra = {
    mailer: deps.mailer,
    publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, ""),
    ...(deps.walletEmptied ? { walletEmptied: deps.walletEmptied } : {}),
    ...(deps.cardCharger ? { cardCharger: deps.cardCharger } : {}),
  };
  // One biller per set of job ports (one per driver), so concurrent jobs share its batches.
  const billers = new WeakMap<JobPorts, Biller>();
  const billerFor = (ports: JobPorts) => {
    let biller = billers.get(ports);
    if (!biller) {
      biller = createBiller({ ...ports, ...extra });
      billers.set(ports, biller);
    }
    return biller;
  };
  const chargeCall: Processor<JobPayload<"billing", "charge-call">> = (ports, payload) =>
    billerFor(ports).chargeCall(payload);
  billersBehind.set(chargeCall, billerFor);
  return {
    "charge-call": chargeCall,
    "charge-sms": (ports, payload) => billerFor(ports).chargeSms(payload),
  };
}

/** The billers behind the charge-call processors that billingProcessors made. */
const billersBehind = new WeakMap<object, (ports: JobPorts) => Biller>();

/**
 * The biller behind these processors (for the charge drain, which then shares the processors'
 * biller), or undefined when their charge-call processor is not billingProcessors' (a test's).
 */
export function billerBehind(processors: Processors, ports: JobPorts): Biller | undefined {
  return billersBehind.get(processors.billing["charge-call"])?.(ports);
}

/** Processors written by the API's contexts, passed in (their use cases live with the API). */
export interface ApiProcessors {
  /** The auth context's: issues the reset link and mails it (packages/modules/src/auth). */
  passwordReset: Processor<JobPayload<"notifications", "password-reset">>;
}

/**
 * Every job's real processor, for the API's embedded jobs and for `npm run workers` alike: the
 * same code in both columns of ARCHITECTURE.md, only the ports differ.
 */
export function allProcessors(
  deps: BillingDeps &
    VoicemailDeps &
    Pick<CallRecordingDeps, "recordings" | "recordingLimitReached"> &
    Pick<GreetingRecordingDeps, "carrier" | "greetingChanged"> &
    Pick<ContactFormDeps, "contactInbox"> &
    TicketReplyDeps &
    PushDeps &
    AutomationDeps &
    ApiProcessors & {
      /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: outgoing webhooks may reach private addresses (tests only). */
      allowPrivateWebhookAddresses: boolean;
    },
): Processors {
  const notices = { mailer: deps.mailer, publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, "") };
  return createProcessors({
    billing: billingProcessors(deps),
    voicemail: {
      "process-voicemail": withVoicemailTextBack(voicemailProcessor({ ...deps, ...notices })),
      "store-call-recording": callRecordingProcessor(deps),
      ...greetingRecordingProcessors(deps),
    },
    notifications: {
      "missed-call": withTextBack(missedCallProcessor(notices)),
      "contact-form": contactFormProcessor({ mailer: deps.mailer, contactInbox: deps.contactInbox }),
      "ticket-reply": ticketReplyProcessor({ ...notices, supportInbox: deps.supportInbox }),
      "password-reset": deps.passwordReset,
      "trial-reminder": trialReminderProcessor(notices),
      "wallet-reversal": walletReversalProcessor(notices),
      "subscription-replaced": subscriptionReplacedProcessor(notices),
      "member-notification": memberNotificationProcessor(notices),
      ...pushProcessors({ push: deps.push }),
      "deliver-webhook": deliverWebhookProcessor({
        allowPrivateAddresses: deps.allowPrivateWebhookAddresses,
      }),
      "webhook-disabled": webhookDisabledProcessor(notices),
      "port-in-changed": portInChangedProcessor(notices),
      ...automationProcessors(deps),
    },
  });
}
