import { describe, expect, it } from "vitest";
import { IVR_MESSAGES, type IvrMenu, type IvrPosition, nextIvrStep, validateIvr } from "../src/ivr";

const menu = (id: string, overrides: Partial<IvrMenu> = {}): IvrMenu => ({
  id,
  name: id,
  greetingType: "tts",
  greetingTts: `Welcome to ${id}`,
  greetingRecordingUrl: null,
  timeoutSeconds: 10,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options: [],
  ...overrides,
});

const main = menu("main", {
  options: [
    { keyPress: "1", action: "ivr_menu", destination: "sales" },
    { keyPress: "2", action: "extension", destination: "101" },
    { keyPress: "3", action: "voicemail", destination: "101" },
    { keyPress: "0", action: "operator", destination: null },
    { keyPress: "9", action: "hangup", destination: null },
    { keyPress: "*", action: "repeat", destination: null },
    { keyPress: "#", action: "play_message", destination: "We are open nine to five." },
  ],
});
const sales = menu("sales", {
  timeoutAction: "ivr_menu",
  timeoutActionDestination: "main",
  invalidInputAction: "operator",
  maxInvalidInputs: 1,
  options: [{ keyPress: "1", action: "ivr_menu", destination: "main" }],
});
const menus = new Map([main, sales].map((m) => [m.id, m]));
const at = (menuId: string, invalidCount = 0, timeoutCount = 0): IvrPosition => ({
  menuId,
  invalidCount,
  timeoutCount,
});

describe("nextIvrStep", () => {
  it.each([
    ["1 opens a sub-menu", at("main"), "1", { kind: "menu", position: at("sales"), preface: null }],
    ["2 rings an extension", at("main"), "2", { kind: "extension", extension: "101" }],
    ["3 goes to voicemail", at("main"), "3", { kind: "voicemail", extension: "101" }],
    ["0 goes to the operator", at("main"), "0", { kind: "operator" }],
    ["9 hangs up", at("main"), "9", { kind: "hangup", message: IVR_MESSAGES.goodbye }],
    ["* repeats", at("main", 1), "*", { kind: "menu", position: at("main", 1), preface: null }],
    [
      "# plays a message and repeats",
      at("main"),
      "#",
      { kind: "menu", position: at("main"), preface: "We are open nine to five." },
    ],
    [
      "an invalid key repeats with a warning",
      at("main"),
      "7",
      { kind: "menu", position: at("main", 1), preface: IVR_MESSAGES.invalid },
    ],
    [
      "the last invalid key ends the call when the action is repeat",
      at("main", 2),
      "7",
      { kind: "hangup", message: IVR_MESSAGES.goodbye },
    ],
    ["invalid input action operator", at("sales"), "5", { kind: "operator" }],
    [
      "timeout repeats with a count",
      at("main"),
      "",
      { kind: "menu", position: at("main", 0, 1), preface: IVR_MESSAGES.noInput },
    ],
    [
      "repeated timeouts end the call",
      at("main", 0, 2),
      "",
      { kind: "hangup", message: IVR_MESSAGES.goodbye },
    ],
    [
      "timeout action to another menu",
      at("sales"),
      "",
      { kind: "menu", position: at("main"), preface: IVR_MESSAGES.noInput },
    ],
    [
      "loops between menus reset the counters",
      at("sales"),
      "1",
      { kind: "menu", position: at("main"), preface: null },
    ],
    ["an unknown menu hangs up", at("gone"), "1", { kind: "hangup", message: IVR_MESSAGES.goodbye }],
  ])("%s", (_n, position, digits, expected) => {
    expect(nextIvrStep(menus, position, digits)).toEqual(expected);
  });
});

describe("validateIvr", () => {
  it("accepts a graph with loops", () => {
    expect(validateIvr(menus, ["main"], new Set(["101"]))).toEqual([]);
  });

  it("reports dangling destinations and unreachable menus", () => {
    const broken = new Map(menus);
    broken.set(
      "orphan",
      menu("orphan", { options: [{ keyPress: "1", action: "ivr_menu", destination: "nowhere" }] }),
    );
    const problems = validateIvr(broken, ["main"], new Set());
    expect(problems.map((p) => p.message)).toEqual([
      "Option 2 goes to a missing extension (101)",
      "Option 1 goes to a missing menu (nowhere)",
      'Menu "orphan" cannot be reached',
    ]);
  });
});
