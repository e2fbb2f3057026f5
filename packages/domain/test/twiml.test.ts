import { describe, expect, it } from "vitest";
import type { CallStep } from "../src/call-flow";
import type { IvrMenu } from "../src/ivr";
import {
  dialDestinations,
  dialRecording,
  MAX_DIAL_DESTINATIONS,
  readChannelOne,
  renderHold,
  renderMemberAnswer,
  renderRoomJoin,
  renderStep,
  roomRecording,
  type TwimlOptions,
  twimlText,
  voicePaths,
} from "../src/twiml";

const options: TwimlOptions = { baseUrl: "https://example.test", carrierTranscription: false };
const context = { accountId: "acct_1", numberId: "num_1" };
const parties = { from: "+13055551234", to: "+13055550100", callSid: "CA123" };

const menu = (greeting: Partial<IvrMenu>): IvrMenu => ({
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
  ...greeting,
});

const menuStep = (m: IvrMenu, preface: string | null = null): CallStep => ({
  kind: "menu",
  context,
  menu: m,
  position: { menuId: m.id, invalidCount: 0, timeoutCount: 0 },
  preface,
});

const dialStep = (numbers: string[], record?: boolean): CallStep => ({
  kind: "dial",
  context,
  numbers,
  timeoutSeconds: 20,
  followUp: { kind: "extension", extensionId: "ext_1" },
  ...(record ? { record } : {}),
});

/** The text of every element with this name, in document order. */
const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, "g"))].map((m) => m[1]);

// Every character XML 1.0 forbids, one C1 control, DEL, a non-character and a lone surrogate.
const CONTROL = "\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0085\ufffe\ud800";

describe("twimlText", () => {
  it.each([
    ["plain text", "Acme Law", "Acme Law"],
    ["a bell", "Acme\u0007Law", "Acme Law"],
    ["a NUL", "Acme\u0000Law", "Acme Law"],
    ["escape and DEL", "\u001b[1mAcme\u007f", "[1mAcme"],
    ["a C1 control", "Acme\u0085Law", "Acme Law"],
    ["line breaks and tabs", "Welcome\r\n\tto Acme.", "Welcome to Acme."],
    ["a lone high surrogate", "Acme\ud800Law", "Acme Law"],
    ["a lone low surrogate", "Acme\udc00Law", "Acme Law"],
    ["U+FFFE and U+FFFF", "Acme\ufffe\uffffLaw", "Acme Law"],
    ["an emoji (a surrogate pair) stays", "Acme 😀", "Acme 😀"],
    ["accents stay", "Café Québec", "Café Québec"],
    ["XML markup stays text (the builder escapes it)", "<Hangup/> & co", "<Hangup/> & co"],
    ["only controls", CONTROL, ""],
    ["only spaces", "   ", ""],
    ["null", null, ""],
    ["undefined", undefined, ""],
  ])("%s", (_name, input, expected) => {
    expect(twimlText(input)).toBe(expected);
  });
});

describe("stored text with control characters never breaks the TwiML", () => {
  it.each<[string, () => string, string]>([
    [
      "a menu greeting",
      () => renderStep(menuStep(menu({ greetingTts: `Welcome${CONTROL}home.` })), options),
      "Say",
    ],
    [
      "a menu's recorded greeting URL",
      () =>
        renderStep(
          menuStep(
            menu({ greetingType: "recording", greetingRecordingUrl: `https://a.test/g.mp3${CONTROL}` }),
          ),
          options,
        ),
      "Play",
    ],
    ["a menu preface", () => renderStep(menuStep(menu({}), `Option${CONTROL}one.`), options), "Say"],
    [
      "a voicemail greeting",
      () =>
        renderStep(
          {
            kind: "voicemail",
            context,
            greeting: { kind: "say", text: `Leave${CONTROL}a message.` },
            extensionId: null,
          },
          options,
          parties,
        ),
      "Say",
    ],
    ["a goodbye", () => renderStep({ kind: "say_goodbye", message: `Bye${CONTROL}now.` }, options), "Say"],
    ["a company name in the whisper", () => renderMemberAnswer(`Acme${CONTROL}Law`, "CA123"), "Say"],
    ["a hold music URL", () => renderHold(`https://a.test/m.mp3${CONTROL}`), "Play"],
    ["a forwarding number", () => renderStep(dialStep([`+1305555${CONTROL}0101`]), options), "Number"],
  ])("%s", (_name, render, element) => {
    const xml = render();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response>/);
    const [text] = texts(xml, element);
    expect(text).toBeDefined();
    expect(twimlText(text)).toBe(text);
  });
});

describe("no empty <Say/>", () => {
  it.each<[string, () => string]>([
    ["an empty menu greeting", () => renderStep(menuStep(menu({ greetingTts: "" })), options)],
    ["a whitespace menu greeting", () => renderStep(menuStep(menu({ greetingTts: " \t\n " })), options)],
    ["a missing menu greeting", () => renderStep(menuStep(menu({ greetingTts: null })), options)],
    [
      "a recorded greeting without its URL",
      () => renderStep(menuStep(menu({ greetingType: "recording", greetingTts: "" })), options),
    ],
    ["an empty preface", () => renderStep(menuStep(menu({ greetingTts: "" }), "  "), options)],
    [
      "an empty voicemail greeting",
      () =>
        renderStep(
          { kind: "voicemail", context, greeting: { kind: "say", text: "" }, extensionId: null },
          options,
          parties,
        ),
    ],
    [
      "a voicemail greeting of control characters",
      () =>
        renderStep(
          { kind: "voicemail", context, greeting: { kind: "say", text: CONTROL }, extensionId: null },
          options,
          parties,
        ),
    ],
    ["an empty goodbye", () => renderStep({ kind: "say_goodbye", message: " " }, options)],
    ["a blank company name", () => renderMemberAnswer(" \u0007 ", "CA123")],
  ])("%s", (_name, render) => {
    const xml = render();
    expect(xml).not.toMatch(/<Say\b[^>]*\/>|<Say\b[^>]*>\s*<\/Say>/);
  });

  it("a recorded greeting without its URL falls back to the spoken one", () => {
    const xml = renderStep(menuStep(menu({ greetingType: "recording", greetingTts: "Hello." })), options);
    expect(texts(xml, "Say")).toEqual(["Hello."]);
    expect(xml).not.toContain("<Play");
  });

  it("the voicemail still records after an empty greeting", () => {
    const xml = renderStep(
      { kind: "voicemail", context, greeting: { kind: "say", text: "" }, extensionId: null },
      options,
      parties,
    );
    expect(xml).toMatch(/<Response><Record /);
  });
});

describe("<Dial> destinations", () => {
  const numbers = (count: number) =>
    Array.from({ length: count }, (_, i) => `+1305555${String(i).padStart(4, "0")}`);

  it.each([
    ["one number", numbers(1), 1],
    ["ten numbers", numbers(MAX_DIAL_DESTINATIONS), 10],
    ["eleven numbers", numbers(11), 10],
    ["twenty-five numbers", numbers(25), 10],
  ])("%s ring at most ten at once, the first ones given", (_name, given, count) => {
    const xml = renderStep(dialStep(given), options);
    expect(xml.match(/<Dial /g)).toHaveLength(1);
    expect(texts(xml, "Number")).toEqual(given.slice(0, count));
  });

  it.each([
    ["a SIP address", "Sip", "sip:alice@example.com", "sip:alice@example.com"],
    [
      "a SIP address with a transport",
      "Sip",
      "sip:bob@example.com;transport=tls",
      "sip:bob@example.com;transport=tls",
    ],
    ["a secure SIP address", "Sip", "sips:carol@example.com", "sips:carol@example.com"],
    ["a scheme in capitals", "Sip", "SIP:dave@example.com", "SIP:dave@example.com"],
    // A client's name is its <Identity> (the <Client> carries its parameters beside it).
    ["a client", "Identity", "client:alice", "alice"],
    ["a client with spaces", "Identity", "  client: alice ", "alice"],
    ["a number", "Number", "+13055550101", "+13055550101"],
  ])("%s is a <%s>", (_name, noun, target, text) => {
    const xml = renderStep(dialStep([target]), options);
    expect(texts(xml, noun)).toEqual([text]);
    const element = noun === "Identity" ? "Client" : noun;
    for (const other of ["Number", "Sip", "Client"].filter((n) => n !== element))
      expect(xml).not.toContain(`<${other}`);
  });

  it("a client is rung with the caller's call as a parameter, and reports its leg's answer and end with the parties", () => {
    const xml = renderStep(dialStep(["client:alice"]), options, {
      from: "+13055551234",
      to: "+13055550100",
      callSid: "CA1",
    });
    expect(xml).toMatch(
      /<Client statusCallback="[^"]+\/twilio\/voice\/forward-status\?[^"]*" statusCallbackMethod="POST" statusCallbackEvent="answered completed">/,
    );
    const status = new URL((xml.match(/statusCallback="([^"]+)"/)?.[1] ?? "").replaceAll("&amp;", "&"));
    expect(Object.fromEntries(status.searchParams)).toMatchObject({ fr: "+13055551234", to: "+13055550100" });
    expect(xml).toContain('<Identity>alice</Identity><Parameter name="ParentCallSid" value="CA1"/></Client>');
  });

  it("a leg of another call (a browser's callee, transferred) reports its legs without the parties", () => {
    const xml = renderStep(dialStep(["+13055550203"]), options, {
      from: "+13055550778",
      to: "+13055550100",
      callSid: "CA2",
      leg: true,
    });
    const status = new URL((xml.match(/statusCallback="([^"]+)"/)?.[1] ?? "").replaceAll("&amp;", "&"));
    expect(status.searchParams.has("fr")).toBe(false);
    expect(status.searchParams.has("to")).toBe(false);
  });

  it("mixes nouns in the order given", () => {
    expect(dialDestinations(["+13055550101", "sip:a@example.com", "client:b", "+13055550102"])).toEqual([
      { noun: "Number", number: "+13055550101" },
      { noun: "Sip", address: "sip:a@example.com" },
      { noun: "Client", identity: "b" },
      { noun: "Number", number: "+13055550102" },
    ]);
  });

  it("counts SIP and client destinations toward the ten", () => {
    const given = [...numbers(8), "sip:a@example.com", "client:b", "client:c", "+13055559999"];
    expect(dialDestinations(given)).toHaveLength(10);
    expect(dialDestinations(given).at(-1)).toEqual({ noun: "Client", identity: "b" });
  });

  it("drops blanks and repeats before counting", () => {
    const given = ["", " ", "\u0007", "client:", ...numbers(3), ...numbers(3), ...numbers(12).slice(3)];
    expect(dialDestinations(given).map((d) => (d.noun === "Number" ? d.number : ""))).toEqual(numbers(10));
  });

  it("with nothing to ring goes on as after an unanswered dial", () => {
    const xml = renderStep(dialStep(["", "\u0007"]), options);
    expect(xml).not.toContain("<Dial");
    expect(xml).toMatch(/<Redirect method="POST">https:\/\/example\.test\/twilio\/voice\/dial\?[^<]*f=e/);
  });
});

describe("the hold and member documents", () => {
  it("a hold URL of nothing is a pause, not an empty <Play>", () => {
    expect(renderHold(" \u0007 ")).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Pause length="10"/></Response>',
    );
  });

  it("a member answer without a queue name hangs up", () => {
    expect(renderMemberAnswer("Acme", "\u0000")).toContain("<Hangup/>");
  });
});

describe("recorded calls", () => {
  /** The `<Dial>` element's attributes, the URLs' `&amp;` read back. */
  const dialAttributes = (xml: string) =>
    Object.fromEntries(
      [...(xml.match(/<Dial ([^>]*)>/)?.[1] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
        m[1],
        (m[2] ?? "").replaceAll("&amp;", "&"),
      ]),
    );

  it("a recorded <Dial> asks for the recording's completion at the call-recording callback, with the call's context", () => {
    const xml = renderStep(dialStep(["+13055550101"], true), options, parties);
    const dial = dialAttributes(xml);
    expect(dial).toMatchObject({
      record: "record-from-answer-dual",
      recordingStatusCallbackMethod: "POST",
      recordingStatusCallbackEvent: "completed",
    });
    const callback = new URL(dial.recordingStatusCallback ?? "");
    expect(callback.origin + callback.pathname).toBe("https://example.test/twilio/voice/call-recording");
    expect(Object.fromEntries(callback.searchParams)).toEqual({ a: "acct_1", n: "num_1" });
  });

  it("a <Dial> that does not record asks for no recording callback", () => {
    const xml = renderStep(dialStep(["+13055550101"]), options, parties);
    expect(xml).not.toContain("record");
  });

  it("a member's <Dial><Queue> records for the waiting caller's call (p), the member on the first channel (c1=t)", () => {
    const xml = renderMemberAnswer("Acme", "CA123", dialRecording(options, context, "CA123"));
    const dial = dialAttributes(xml);
    expect(dial.record).toBe("record-from-answer-dual");
    expect(dial.recordingStatusCallbackEvent).toBe("completed");
    const callback = new URL(dial.recordingStatusCallback ?? "");
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      a: "acct_1",
      n: "num_1",
      p: "CA123",
      c1: "t",
    });
    expect(readChannelOne(Object.fromEntries(callback.searchParams))).toBe("team");
    expect(texts(xml, "Queue")).toEqual(["CA123"]);
  });

  it("a recorded call's room records from its start, for the caller's call (p)", () => {
    const xml = renderRoomJoin(
      options,
      "acct_1",
      "room_CA9",
      "caller",
      roomRecording(options, context, "CA9"),
    );
    const conference = xml.match(/<Conference ([^>]*)>/)?.[1] ?? "";
    expect(conference).toContain('record="record-from-start"');
    const callback = new URL(
      conference.match(/recordingStatusCallback="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? "",
    );
    expect(callback.pathname).toBe(voicePaths.callRecording);
    expect(Object.fromEntries(callback.searchParams)).toEqual({ a: "acct_1", n: "num_1", p: "CA9" });
    expect(readChannelOne(Object.fromEntries(callback.searchParams))).toBe("other");
    expect(renderRoomJoin(options, "acct_1", "room_CA9", "member")).not.toContain("record");
  });

  it("a member's <Dial><Queue> without recording has no record attributes", () => {
    expect(renderMemberAnswer("Acme", "CA123")).toContain("<Dial><Queue>CA123</Queue></Dial>");
  });
});
