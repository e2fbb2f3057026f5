import type { schema } from "@poundline/db";
import { diffSnapshots } from "@poundline/modules/ivr/diff";
import { describe, expect, it } from "vitest";

type Menu = schema.IvrSnapshotMenu;
const menu = (id: string, over: Partial<Menu> = {}): Menu => ({
  id,
  name: id,
  description: null,
  greetingType: "tts",
  greetingTts: "Hello.",
  greetingRecordingUrl: null,
  greetingVoice: "man",
  greetingLanguage: "en-US",
  timeoutSeconds: 10,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options: [],
  ...over,
});
const names: Record<string, string> = { ext_1: "101 Front Desk", ext_2: "102 Sales", sales: "menu “Sales”" };
const nameOf = (id: string) => names[id];

describe("diffSnapshots", () => {
  it.each([
    ["identical menus", [menu("main")], [menu("main")], []],
    [
      "an added menu, with its keys",
      [],
      [
        menu("sales", {
          name: "Sales",
          options: [{ keyPress: "1", action: "hangup", destination: null, description: null }],
        }),
      ],
      ["Menu “Sales” added", "Key 1 added: hang up"],
    ],
    ["a removed menu", [menu("sales", { name: "Sales" })], [], ["Menu “Sales” removed"]],
    [
      "a number field",
      [menu("main")],
      [menu("main", { timeoutSeconds: 15 })],
      ["Timeout (seconds) changed from 10 to 15"],
    ],
    [
      "a destination, by name",
      [menu("main")],
      [menu("main", { timeoutAction: "ivr_menu", timeoutActionDestination: "sales" })],
      [
        "Timeout action changed from repeat the menu to go to another menu",
        "Timeout destination changed from (none) to menu “Sales”",
      ],
    ],
    [
      "the voice",
      [menu("main")],
      [menu("main", { greetingVoice: "Polly.Joanna" })],
      ["Voice changed from man to Polly.Joanna"],
    ],
    [
      "a key's destination",
      [
        menu("main", {
          options: [{ keyPress: "2", action: "extension", destination: "ext_1", description: null }],
        }),
      ],
      [
        menu("main", {
          options: [{ keyPress: "2", action: "extension", destination: "ext_2", description: null }],
        }),
      ],
      ["Key 2 changed: ring extension 101 Front Desk → ring extension 102 Sales"],
    ],
    [
      "a key's description only",
      [
        menu("main", {
          options: [{ keyPress: "#", action: "repeat", destination: null, description: "Again" }],
        }),
      ],
      [
        menu("main", {
          options: [{ keyPress: "#", action: "repeat", destination: null, description: "Repeat" }],
        }),
      ],
      ["Key # changed: description “Again” → “Repeat”"],
    ],
    [
      "a removed key",
      [
        menu("main", {
          options: [
            { keyPress: "4", action: "play_message", destination: "We are open 9 to 5.", description: null },
          ],
        }),
      ],
      [menu("main")],
      ["Key 4 removed (play the message “We are open 9 to 5.”)"],
    ],
    [
      "a key to another menu, by the menu's name",
      [menu("main")],
      [
        menu("main", {
          options: [{ keyPress: "1", action: "ivr_menu", destination: "sales", description: null }],
        }),
      ],
      ["Key 1 added: go to menu “Sales”"],
    ],
    [
      "each action in words, never its stored name",
      [menu("main")],
      [
        menu("main", {
          options: [
            { keyPress: "1", action: "voicemail", destination: "ext_1", description: null },
            { keyPress: "2", action: "voicemail", destination: null, description: null },
            { keyPress: "3", action: "operator", destination: null, description: null },
            { keyPress: "4", action: "repeat", destination: null, description: null },
            { keyPress: "5", action: "extension", destination: "ext_gone", description: null },
          ],
        }),
      ],
      [
        "Key 1 added: voicemail of extension 101 Front Desk",
        "Key 2 added: voicemail",
        "Key 3 added: transfer to the operator",
        "Key 4 added: repeat the menu",
        "Key 5 added: ring extension (deleted)",
      ],
    ],
    [
      "the greeting type",
      [menu("main")],
      [menu("main", { greetingType: "recording" })],
      ["Greeting type changed from text to speech to recording"],
    ],
    [
      "a long greeting, shortened",
      [menu("main")],
      [menu("main", { greetingTts: "x".repeat(100) })],
      [`Greeting text changed from “Hello.” to “${"x".repeat(57)}...”`],
    ],
  ] as const)("%s", (_name, from, to, summary) => {
    const diff = diffSnapshots({ menus: [...from] as Menu[] }, { menus: [...to] as Menu[] }, nameOf);
    expect(diff.menus.flatMap((m) => m.summary)).toEqual(summary);
    expect(diff.identical).toBe(summary.length === 0);
  });

  it("lists menus in the target's order, removed ones last", () => {
    const diff = diffSnapshots(
      { menus: [menu("a"), menu("gone")] },
      { menus: [menu("new"), menu("a", { name: "A2" })] },
      nameOf,
    );
    expect(diff.menus.map((m) => [m.menuId, m.change])).toEqual([
      ["new", "added"],
      ["a", "changed"],
      ["gone", "removed"],
    ]);
  });
});
