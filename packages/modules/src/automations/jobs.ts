import type { CarrierClient } from "@poundline/platform/carrier/client";
import type { CarrierConfig } from "@poundline/platform/carrier/config";
import { createOutboxWriter } from "@poundline/platform/outbox";
import type { JobPayload, Processor } from "@poundline/platform/queue/jobs";
import { smsPaths } from "../carrier/sms-paths";
import { sendScheduledText } from "./texts";
import { planInboundTextReply, planMissedCallText, planVoicemailTextBack } from "./triggers";

/** What the automations' processors need beyond the job ports. */
export interface AutomationDeps {
  /** The carrier that sends the texts; absent where this process cannot (the simulator lives in the API). */
  texts?: Pick<CarrierClient, "sendMessage" | "fetchMessage">;
  carrier: Pick<CarrierConfig, "webhookBaseUrl">;
  /** Why billing refuses the account's texts now (the API's gate), when this process can tell. */
  textRefusal?: (accountId: string) => Promise<string | null>;
}

type MissedCall = Processor<JobPayload<"notifications", "missed-call">>;
type Voicemail = Processor<JobPayload<"voicemail", "process-voicemail">>;

/** A call that reached voicemail ends in the voicemail job, not the missed-call one: it plans the text-back. */
export function withVoicemailTextBack(process: Voicemail): Voicemail {
  return async (ports, payload, job) => {
    await planVoicemailTextBack(ports, payload);
    return process(ports, payload, job);
  };
}

/** The missed-call job also plans the text-back (before the notices, each idempotent on its own). */
export function withTextBack(notify: MissedCall): MissedCall {
  return async (ports, payload, job) => {
    await planMissedCallText(ports, payload);
    return notify(ports, payload, job);
  };
}

export function automationProcessors(deps: AutomationDeps): {
  "inbound-text-automations": Processor<JobPayload<"notifications", "inbound-text-automations">>;
  "send-scheduled-text": Processor<JobPayload<"notifications", "send-scheduled-text">>;
} {
  return {
    "inbound-text-automations": (ports, payload) => planInboundTextReply(ports, payload),
    "send-scheduled-text": async (ports, payload, job) => {
      const { texts } = deps;
      if (!texts) {
        // Left pending: the process that holds the carrier (the API, embedded) sends it.
        ports.log.warn({ ...job }, "no carrier to send a scheduled text here: left pending");
        return "skipped";
      }
      return sendScheduledText(
        {
          ...ports,
          carrier: texts,
          // The relay polls the outbox too: the charge is relayed without a wake.
          outbox: createOutboxWriter({ db: ports.db, wake: () => {} }),
          statusCallbackUrl: `${deps.carrier.webhookBaseUrl}${smsPaths.status}`,
          ...(deps.textRefusal ? { billingRefusal: deps.textRefusal } : {}),
        },
        payload.scheduledTextId,
      );
    },
  };
}
