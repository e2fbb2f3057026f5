import { describe, expect, it } from "vitest";
import { defaultBusinessHours } from "../src/business-hours";
import { CALL_MESSAGES, type CallStep, continueAfterDial, routeIncomingCall } from "../src/call-flow";
import { type Greeting, greetingOf, type StoredGreeting } from "../src/greeting";
import type { IvrMenu } from "../src/ivr";
import {
  compileRoutingTable,
  type NumberRoute,
  type RouteTarget,
  type RoutingSnapshot,
} from "../src/routing-table";
import { renderStep, type TwimlOptions } from "../src/twiml";

/** Which greeting a caller hears (said or played), and where the after-hours greeting goes. */

const MONDAY_10_NY = new Date("2026-11-23T15:00:00Z");
const SATURDAY_NY = new Date("2026-11-28T15:00:00Z");
const options: TwimlOptions = { baseUrl: "https://example.test", carrierTranscription: false };

const SAY: Greeting = { kind: "say", text: "Leave us a message.", voice: "Polly.Joanna", language: "en-US" };
const PLAY: Greeting = { kind: "play", url: "https://example.test/media/greetings/acct_1/num_1_a.wav" };
const AFTER: Greeting = { kind: "play", url: "https://example.test/media/greetings/acct_1/num_1_b.wav" };

describe("greetingOf: a stored greeting becomes <Say> or <Play>, or the built-in words", () => {
  it.each<[string, StoredGreeting | null, Greeting | null]>([
    ["no greeting", null, null],
    [
      "text to speech with its voice",
      { kind: "tts", ttsText: "Hello.", voice: "alice", language: "en-GB", audioUrl: null },
      { kind: "say", text: "Hello.", voice: "alice", language: "en-GB" },
    ],
    ["blank words", { kind: "tts", ttsText: "   ", audioUrl: null }, null],
    [
      "a recording",
      { kind: "audio", ttsText: null, audioUrl: " https://x.test/a.wav " },
      { kind: "play", url: "https://x.test/a.wav" },
    ],
    ["a recording without its URL", { kind: "audio", ttsText: "Hello.", audioUrl: "" }, null],
  ])("%s", (_, stored, expected) => {
    expect(greetingOf(stored)).toEqual(expected);
  });
});

const menu: IvrMenu = {
  id: "menu_1",
  name: "Main",
  greetingType: "tts",
  greetingTts: "Welcome.",
  greetingRecordingUrl: null,
  timeoutSeconds: 5,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options: [],
};

function table(route: Partial<NumberRoute>, extensionGreeting: Greeting | null = null) {
  const snapshot: RoutingSnapshot = {
    accounts: [
      {
        id: "acct_1",
        companyName: "Demo Law Group",
        gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents: null },
      },
    ],
    numbers: [
      {
        numberId: "num_1",
        accountId: "acct_1",
        e164: "+13055550100",
        tollFree: false,
        timeZone: "America/New_York",
        businessHours: defaultBusinessHours,
        openTarget: { kind: "voicemail" },
        afterHoursTarget: { kind: "voicemail" },
        ringStrategy: "simultaneous",
        ringTimeoutSeconds: 25,
        holdMusicUrl: "",
        voicemailEnabled: true,
        voicemailGreeting: null,
        ...route,
      },
    ],
    sharedNumbers: [],
    menus: [{ ...menu, accountId: "acct_1" }],
    extensions: [
      {
        id: "ext_1",
        accountId: "acct_1",
        extensionNumber: 101,
        name: "Front desk",
        voicemailEnabled: true,
        voicemailGreeting: extensionGreeting,
        forwardingNumbers: ["+13055550201"],
      },
    ],
    members: [],
  };
  return compileRoutingTable(snapshot, MONDAY_10_NY);
}

const routed = (t: ReturnType<typeof table>, now: Date): CallStep =>
  routeIncomingCall(t, { from: "+13055551234", to: "+13055550100" }, { kind: "unknown" } as never, now).step;

const builtIn: Greeting = { kind: "say", text: CALL_MESSAGES.voicemailGreeting };

describe("the voicemail greeting a caller hears", () => {
  it.each<[string, Partial<NumberRoute>, Date, Partial<CallStep>]>([
    ["none set: the built-in words", {}, MONDAY_10_NY, { kind: "voicemail", greeting: builtIn }],
    ["text to speech", { voicemailGreeting: SAY }, MONDAY_10_NY, { kind: "voicemail", greeting: SAY }],
    ["a recording", { voicemailGreeting: PLAY }, MONDAY_10_NY, { kind: "voicemail", greeting: PLAY }],
  ])("%s", (_, route, now, expected) => {
    const step = routed(table(route), now);
    expect(step).toMatchObject(expected);
    expect(step).not.toHaveProperty("intro");
  });

  it.each<[string, Greeting | null, Greeting]>([
    [
      "an extension without one: its name",
      null,
      { kind: "say", text: CALL_MESSAGES.extensionVoicemail("Front desk") },
    ],
    ["an extension's own greeting", PLAY, PLAY],
  ])("%s", (_, extensionGreeting, expected) => {
    const t = table({ voicemailGreeting: SAY }, extensionGreeting);
    const step = continueAfterDial(
      t,
      { accountId: "acct_1", numberId: "num_1" },
      { kind: "extension", extensionId: "ext_1" },
      "no-answer",
      MONDAY_10_NY,
    );
    expect(step).toMatchObject({ kind: "voicemail", greeting: expected, extensionId: "ext_1" });
  });
});

describe("the after-hours greeting plays before the after-hours destination, whatever it is", () => {
  it.each<[string, RouteTarget, Date, CallStep["kind"], Greeting | undefined]>([
    ["after hours, voicemail", { kind: "voicemail" }, SATURDAY_NY, "voicemail", AFTER],
    ["after hours, a number", { kind: "forward", number: "+13055550999" }, SATURDAY_NY, "dial", AFTER],
    ["after hours, a menu", { kind: "ivr_menu", menuId: "menu_1" }, SATURDAY_NY, "menu", AFTER],
    ["after hours, hang up", { kind: "hangup" }, SATURDAY_NY, "say_goodbye", AFTER],
    ["open: not played", { kind: "voicemail" }, MONDAY_10_NY, "voicemail", undefined],
  ])("%s", (_, afterHoursTarget, now, kind, intro) => {
    const step = routed(table({ afterHoursTarget, afterHoursGreeting: AFTER }), now);
    expect(step.kind).toBe(kind);
    expect((step as { intro?: Greeting }).intro).toEqual(intro);
  });
});

/** The verbs of a TwiML document, in order, with the text of <Say> and <Play>. */
const verbs = (xml: string) =>
  [...xml.matchAll(/<(Say|Play|Record|Dial|Gather|Hangup)\b[^>]*?(?:\/>|>([^<]*))/g)].map((m) =>
    m[2] ? `${m[1]}:${m[2]}` : (m[1] as string),
  );

describe("rendered: <Say> or <Play>, the after-hours greeting first", () => {
  const context = { accountId: "acct_1", numberId: "num_1" };
  it.each<[string, CallStep, string[]]>([
    [
      "said greeting",
      { kind: "voicemail", context, greeting: SAY, extensionId: null },
      [
        `Say:${SAY.kind === "say" ? SAY.text : ""}`,
        "Record",
        "Say:We did not receive a message. Goodbye.",
        "Hangup",
      ],
    ],
    [
      "played greeting",
      { kind: "voicemail", context, greeting: PLAY, extensionId: null },
      [
        `Play:${PLAY.kind === "play" ? PLAY.url : ""}`,
        "Record",
        "Say:We did not receive a message. Goodbye.",
        "Hangup",
      ],
    ],
    [
      "after hours, then voicemail",
      { kind: "voicemail", context, greeting: SAY, extensionId: null, intro: AFTER },
      [
        `Play:${AFTER.kind === "play" ? AFTER.url : ""}`,
        `Say:${SAY.kind === "say" ? SAY.text : ""}`,
        "Record",
        "Say:We did not receive a message. Goodbye.",
        "Hangup",
      ],
    ],
    [
      "after hours, then a forward",
      {
        kind: "dial",
        context,
        numbers: ["+13055550999"],
        timeoutSeconds: 20,
        followUp: { kind: "number" },
        intro: AFTER,
      },
      [`Play:${AFTER.kind === "play" ? AFTER.url : ""}`, "Dial"],
    ],
    [
      "after hours, then a menu",
      {
        kind: "menu",
        context,
        menu,
        position: { menuId: "menu_1", invalidCount: 0, timeoutCount: 0 },
        preface: null,
        intro: AFTER,
      },
      [`Play:${AFTER.kind === "play" ? AFTER.url : ""}`, "Gather", "Say:Welcome."],
    ],
  ])("%s", (_, step, expected) => {
    expect(verbs(renderStep(step, options))).toEqual(expected);
  });

  it("says the greeting in its voice and language", () => {
    const xml = renderStep({ kind: "voicemail", context, greeting: SAY, extensionId: null }, options);
    expect(xml).toContain('<Say voice="Polly.Joanna">Leave us a message.</Say>');
  });

  it("a menu with and without the after-hours greeting renders apart (the TwiML cache keys it)", () => {
    const step: CallStep = {
      kind: "menu",
      context,
      menu,
      position: { menuId: "menu_1", invalidCount: 0, timeoutCount: 0 },
      preface: null,
    };
    expect(renderStep(step, options)).not.toContain("<Play>");
    expect(renderStep({ ...step, intro: AFTER }, options)).toContain("<Play>");
    expect(renderStep(step, options)).not.toContain("<Play>");
  });
});
