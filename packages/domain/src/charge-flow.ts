/**
 * Charging one finished call or sent text, as a pure step: find it, decide whether it is
 * charged, charge it, then act on what the wallet came to (the gate closed on an empty wallet,
 * the low-balance warning). The biller (workers) runs the commands — its look-ups and wallet
 * transactions are batched across charges — and feeds back what came of them.
 */

/** A call log as charging reads it. */
export interface ChargeableCall {
  id: string;
  callSid: string;
  accountId: string;
  direction: string;
  fromNumber: string;
  toNumber: string;
  dialledNumber: string | null;
  durationSeconds: number;
  callStatus: string;
  numberType: string | null;
}

/** A message as charging reads it. */
export interface ChargeableMessage {
  id: string;
  messageSid: string;
  accountId: string;
  direction: string;
  toNumber: string;
  body: string;
  numMedia: number;
  priceCents: number | null;
}

/** What a finished call or a sent text costs, as the wallet transaction prices it. */
export type ChargeUsage =
  | {
      kind: "call";
      callLogId: string;
      callSid: string;
      inbound: boolean;
      tollFree: boolean;
      durationSeconds: number;
      otherParty: string;
    }
  | { kind: "sms"; messageId: string; messageSid: string; body: string; numMedia: number; toNumber: string };

/** What the wallet transaction did with one charge (the ledger's result, the fields read here). */
export type ChargeDebit =
  | { status: "duplicate" | "nothing" }
  | {
      status: "applied";
      chargedCents: number;
      shortfallCents: number;
      balanceAfterCents: number;
      lowBalanceThresholdCents: number;
      crossedLowBalance: boolean;
    };

export type ChargeOutcome = "done" | "skipped";

export type ChargeFlowState =
  | { stage: "finding"; kind: "call" | "sms"; sid: string }
  | { stage: "charging"; accountId: string; reference: string }
  | { stage: "done"; outcome: ChargeOutcome };

export type ChargeEvent =
  | { type: "call-found"; call: ChargeableCall | null }
  | { type: "message-found"; message: ChargeableMessage | null }
  | { type: "debited"; debit: ChargeDebit };

export type ChargeCommand =
  | { type: "find-call"; callSid: string }
  | { type: "find-message"; messageSid: string }
  | { type: "charge"; accountId: string; usage: ChargeUsage }
  | { type: "warn"; context: Record<string, unknown>; message: string }
  /** The wallet is empty or overdrawn: the gate stops the account's telephony until a top-up. */
  | { type: "close-gate"; accountId: string }
  | {
      type: "send-low-balance-warning";
      accountId: string;
      balanceCents: number;
      lowBalanceThresholdCents: number;
    };

export interface ChargeStep {
  state: ChargeFlowState;
  commands: ChargeCommand[];
}

const finish = (outcome: ChargeOutcome, commands: ChargeCommand[] = []): ChargeStep => ({
  state: { stage: "done", outcome },
  commands,
});

/** The first step of charging a call (`charge-call`) or a text (`charge-sms`). */
export function startCharge(kind: "call" | "sms", sid: string): ChargeStep {
  return {
    state: { stage: "finding", kind, sid },
    commands: [
      kind === "call" ? { type: "find-call", callSid: sid } : { type: "find-message", messageSid: sid },
    ],
  };
}

export function stepCharge(state: ChargeFlowState, event: ChargeEvent): ChargeStep {
  if (state.stage === "finding" && event.type === "call-found") return callFound(state.sid, event.call);
  if (state.stage === "finding" && event.type === "message-found")
    return messageFound(state.sid, event.message);
  if (state.stage === "charging" && event.type === "debited") return debited(state, event.debit);
  throw new Error(`charge flow: ${event.type} while ${state.stage}`);
}

/**
 * Skipped: an unknown CallSid, an unanswered call (0 s), a call the gate refused (never taken:
 * its goodbye is not billed). Otherwise charged, priced by the other party: the caller of an
 * inbound call, the number dialled (or called) of an outbound one.
 */
function callFound(callSid: string, call: ChargeableCall | null): ChargeStep {
  if (!call)
    return finish("skipped", [{ type: "warn", context: { callSid }, message: "charge-call: no such call" }]);
  if (call.durationSeconds <= 0 || call.callStatus === "refused" || call.callStatus === "blocked")
    return finish("skipped");
  const inbound = call.direction === "inbound";
  return {
    state: { stage: "charging", accountId: call.accountId, reference: call.callSid },
    commands: [
      {
        type: "charge",
        accountId: call.accountId,
        usage: {
          kind: "call",
          callLogId: call.id,
          callSid: call.callSid,
          inbound,
          tollFree: call.numberType === "toll-free",
          durationSeconds: call.durationSeconds,
          // Make a Call's first leg rang the user's own phone: priced (and described) by it.
          otherParty: inbound ? call.fromNumber : (call.dialledNumber ?? call.toNumber),
        },
      },
    ],
  };
}

/** Skipped: unknown, inbound (receiving is included in the number's fee), already priced. */
function messageFound(messageSid: string, message: ChargeableMessage | null): ChargeStep {
  if (!message) {
    return finish("skipped", [
      { type: "warn", context: { messageSid }, message: "charge-sms: no such message" },
    ]);
  }
  if (message.direction !== "outbound" || message.priceCents !== null) return finish("skipped");
  return {
    state: { stage: "charging", accountId: message.accountId, reference: message.messageSid },
    commands: [
      {
        type: "charge",
        accountId: message.accountId,
        usage: {
          kind: "sms",
          messageId: message.id,
          messageSid: message.messageSid,
          body: message.body,
          numMedia: message.numMedia,
          toNumber: message.toNumber,
        },
      },
    ],
  };
}

/** After the commit: the gate, the warning, the log line. */
function debited(state: { accountId: string; reference: string }, debit: ChargeDebit): ChargeStep {
  if (debit.status === "duplicate") return finish("skipped");
  if (debit.status !== "applied") return finish("done");
  const { accountId, reference } = state;
  const commands: ChargeCommand[] = [];
  // Empty or overdrawn (the rest owed): the gate stops the account's telephony until a top-up.
  if (debit.balanceAfterCents <= 0 && debit.chargedCents > 0) {
    if (debit.shortfallCents > 0) {
      commands.push({
        type: "warn",
        context: { reference, accountId, owedCents: -debit.balanceAfterCents },
        message: "wallet overdrawn: usage owed",
      });
    }
    commands.push({ type: "close-gate", accountId });
  }
  if (debit.crossedLowBalance) {
    commands.push({
      type: "send-low-balance-warning",
      accountId,
      balanceCents: debit.balanceAfterCents,
      lowBalanceThresholdCents: debit.lowBalanceThresholdCents,
    });
  }
  return finish("done", commands);
}
