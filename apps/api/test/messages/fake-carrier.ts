import type { CarrierClient, SendMessageInput } from "@poundline/platform/carrier/client";

/**
 * A carrier that records what it is asked to send and answers like the real one. `onSend` runs
 * when a send reaches it, before it answers: a test can look at the database at that moment.
 */
export function fakeCarrier() {
  const sent: SendMessageInput[] = [];
  let failure: Error | null = null;
  let onSend: ((input: SendMessageInput) => Promise<void>) | null = null;
  /** The status the carrier answers a send with. */
  let answer = "queued";
  /** What the carrier says of a message when asked after sending it: queued unless told otherwise. */
  let current: { status: string; errorCode: number | null } | Error = { status: "queued", errorCode: null };
  const client: CarrierClient = {
    async sendMessage(input) {
      await onSend?.(input);
      if (failure) throw failure;
      sent.push(input);
      return { sid: `SM${crypto.randomUUID().replaceAll("-", "")}`, status: answer, errorCode: null };
    },
    async updateCall() {
      throw new Error("not used here");
    },
    async fetchMessage(sid) {
      if (current instanceof Error) throw current;
      return { sid, ...current };
    },
    async createCall() {
      throw new Error("not used here");
    },
  };
  return {
    client,
    sent,
    failNext(error: Error | null) {
      failure = error;
    },
    answersWith(status: string) {
      answer = status;
    },
    /** The carrier moved on before we stored the message (its reports found nothing to update). */
    movesOn(next: { status: string; errorCode: number | null } | Error) {
      current = next;
    },
    /** Runs `check` when a send reaches the carrier (null: nothing). */
    whenSending(check: ((input: SendMessageInput) => Promise<void>) | null) {
      onSend = check;
    },
  };
}

export type FakeCarrier = ReturnType<typeof fakeCarrier>;
