import {
  type IncomingRecording,
  type RecordingPorts,
  receiveRecording,
  receiveTranscription,
  type VoicemailRecord,
} from "@poundline/modules/recordings/receive";
import type { LiveEvent } from "@poundline/platform/events/live";
import type { TranscriberKind } from "@poundline/platform/transcription";
import { describe, expect, it } from "vitest";

/** Ports over memory: a store that keeps what it is given and answers `outcome`. */
function fakePorts(
  outcome: "stored" | "duplicate" | "account_gone" = "stored",
  transcriber: TranscriberKind = "none",
) {
  const recorded: VoicemailRecord[] = [];
  const transcribed: [string, string, string | null][] = [];
  const published: { accountId: string; event: LiveEvent }[] = [];
  const ports: RecordingPorts = {
    voicemails: {
      async record(v) {
        recorded.push(v);
        return outcome;
      },
      async transcribed(accountId, recordingSid, transcription) {
        transcribed.push([accountId, recordingSid, transcription]);
      },
    },
    transcriber,
    publish: (accountId, event) => published.push({ accountId, event }),
  };
  return { ports, recorded, transcribed, published };
}

const recording = (overrides: Partial<IncomingRecording> = {}): IncomingRecording => ({
  context: { accountId: "acct_1", numberId: "num_1" },
  recordingSid: "RE1",
  callSid: "CA1",
  recordingUrl: "https://carrier.example/RE1",
  status: undefined,
  durationSeconds: 12,
  from: "Anonymous",
  to: "+13055550100",
  extensionId: "ext_1",
  ...overrides,
});

describe("receiveRecording", () => {
  it("stores the voicemail, wakes the job relay and tells the live views", async () => {
    const fake = fakePorts("stored", "carrier");
    const result = await receiveRecording(fake.ports, recording());
    expect(result).toEqual({ ok: true, accountId: "acct_1", recordingSid: "RE1" });
    expect(fake.recorded).toEqual([
      {
        accountId: "acct_1",
        callSid: "CA1",
        recordingSid: "RE1",
        recordingUrl: "https://carrier.example/RE1",
        durationSeconds: 12,
        from: "Anonymous",
        to: "+13055550100",
        extensionId: "ext_1",
        transcriptionStatus: "pending",
      },
    ]);
    expect(fake.published).toEqual([
      {
        accountId: "acct_1",
        event: { type: "voicemail.created", recordingSid: "RE1", from: "Anonymous", durationSeconds: 12 },
      },
    ]);
  });

  it.each([
    ["the carrier", "carrier", "pending"],
    ["an HTTP service", "http", "pending"],
    ["nobody", "none", "off"],
  ] as const)("when %s transcribes, a new voicemail is %s", async (_, transcriber, status) => {
    const fake = fakePorts("stored", transcriber);
    await receiveRecording(fake.ports, recording({ status: "completed" }));
    expect(fake.recorded[0]?.transcriptionStatus).toBe(status);
  });

  it.each([
    ["no context", { context: null }, "incomplete"],
    ["no RecordingSid", { recordingSid: undefined }, "incomplete"],
    ["no CallSid", { callSid: undefined }, "incomplete"],
    ["no recording URL", { recordingUrl: undefined }, "incomplete"],
    ["a recording that failed", { status: "failed" }, "not_completed"],
    ["a recording still in progress", { status: "in-progress" }, "not_completed"],
  ] as const)("stores nothing with %s", async (_, overrides, reason) => {
    const fake = fakePorts();
    expect(await receiveRecording(fake.ports, recording(overrides))).toEqual({ ok: false, reason });
    expect([fake.recorded, fake.published]).toEqual([[], []]);
  });

  it.each(["duplicate", "account_gone"] as const)("a %s recording sets nothing off", async (outcome) => {
    const fake = fakePorts(outcome);
    const result = await receiveRecording(fake.ports, recording());
    expect(result).toEqual({ ok: false, reason: outcome, accountId: "acct_1", recordingSid: "RE1" });
    expect(fake.published).toEqual([]);
  });
});

describe("receiveTranscription", () => {
  const context = { accountId: "acct_1", numberId: null };
  it.each([
    ["completed", "Call me back", "Call me back"],
    ["completed", "", ""],
    ["failed", "ignored", null],
  ] as const)("%s with %j keeps %j", async (status, text, kept) => {
    const fake = fakePorts();
    expect(await receiveTranscription(fake.ports, { context, recordingSid: "RE1", status, text })).toBe(true);
    expect(fake.transcribed).toEqual([["acct_1", "RE1", kept]]);
  });

  it("without a context or RecordingSid, nothing is written", async () => {
    const fake = fakePorts();
    expect(
      await receiveTranscription(fake.ports, {
        context: null,
        recordingSid: "RE1",
        status: "completed",
        text: "x",
      }),
    ).toBe(false);
    expect(
      await receiveTranscription(fake.ports, {
        context,
        recordingSid: undefined,
        status: "completed",
        text: "x",
      }),
    ).toBe(false);
    expect(fake.transcribed).toEqual([]);
  });
});
