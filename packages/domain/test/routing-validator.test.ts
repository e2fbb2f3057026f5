import { describe, expect, it } from "vitest";
import { IVR_DEFAULTS, type IvrMenu } from "../src/ivr";
import type { RouteTarget } from "../src/routing-table";
import { introducedErrors, type RoutingConfigView, validateRouting } from "../src/routing-validator";

const menu = (id: string, options: IvrMenu["options"] = [], extra: Partial<IvrMenu> = {}): IvrMenu => ({
  id,
  name: id,
  greetingType: "tts",
  greetingTts: "Hello",
  greetingRecordingUrl: null,
  timeoutSeconds: IVR_DEFAULTS.timeoutSeconds,
  timeoutAction: "repeat",
  timeoutActionDestination: null,
  invalidInputAction: "repeat",
  invalidInputActionDestination: null,
  maxInvalidInputs: 3,
  options,
  ...extra,
});

const ext = (id: string, forwardingNumbers: string[] = ["+13055550101"], voicemailEnabled = true) => ({
  id,
  extensionNumber: 100,
  name: id,
  forwardingNumbers,
  voicemailEnabled,
});

const number = (
  openTarget: RouteTarget,
  afterHoursTarget: RouteTarget = { kind: "voicemail" },
  voicemailEnabled = true,
  holidays: { date: string; target: RouteTarget }[] = [],
) => ({ id: "num_1", e164: "+13055550100", openTarget, afterHoursTarget, holidays, voicemailEnabled });

const config = (over: Partial<RoutingConfigView>): RoutingConfigView => ({
  menus: [],
  extensions: [ext("desk")],
  numbers: [],
  ...over,
});

describe("validateRouting", () => {
  it.each<[string, RoutingConfigView, string[]]>([
    [
      "a clean configuration",
      config({ menus: [menu("main")], numbers: [number({ kind: "ivr_menu", menuId: "main" })] }),
      [],
    ],
    [
      "a number pointing at a missing menu",
      config({ numbers: [number({ kind: "ivr_menu", menuId: "gone" })] }),
      ["error:dangling_destination"],
    ],
    [
      "a number pointing at a missing extension",
      config({ numbers: [number({ kind: "extension", extensionId: "gone" })] }),
      ["error:dangling_destination"],
    ],
    [
      "a ring group with a missing member",
      config({ numbers: [number({ kind: "ring_group", members: ["desk", "gone"] })] }),
      ["error:dangling_destination"],
    ],
    [
      "a ring group naming a member of the account",
      config({
        members: [{ id: "usr_ana", forwardingNumbers: ["+13055550201"] }],
        numbers: [number({ kind: "ring_group", members: ["desk", "usr_ana"] })],
      }),
      [],
    ],
    [
      "a ring group naming someone no longer a member",
      config({ numbers: [number({ kind: "ring_group", members: ["usr_gone"] })] }),
      ["error:dangling_destination"],
    ],
    [
      "a ring group of a member with a phone, voicemail off: reachable",
      config({
        extensions: [ext("desk", [])],
        members: [{ id: "usr_ana", forwardingNumbers: ["+13055550201"] }],
        numbers: [number({ kind: "ring_group", members: ["desk", "usr_ana"] }, { kind: "hangup" }, false)],
      }),
      [],
    ],
    [
      "a ring group of a member without a phone, voicemail off: unroutable",
      config({
        extensions: [ext("desk", [])],
        members: [{ id: "usr_ana", forwardingNumbers: [] }],
        numbers: [number({ kind: "ring_group", members: ["usr_ana"] }, { kind: "hangup" }, false)],
      }),
      ["error:unroutable_number"],
    ],
    [
      "an empty ring group",
      config({ numbers: [number({ kind: "ring_group", members: [] })] }),
      ["error:dangling_destination"],
    ],
    [
      "a holiday to a missing menu",
      config({
        numbers: [
          number({ kind: "voicemail" }, { kind: "voicemail" }, true, [
            { date: "2026-12-25", target: { kind: "ivr_menu", menuId: "gone" } },
          ]),
        ],
      }),
      ["error:dangling_destination"],
    ],
    [
      "a ring group nobody can answer, voicemail off: unroutable",
      config({
        extensions: [ext("desk", [])],
        numbers: [number({ kind: "ring_group", members: ["desk"] }, { kind: "hangup" }, false)],
      }),
      ["error:unroutable_number"],
    ],
    [
      "the same ring group with voicemail on is fine",
      config({
        extensions: [ext("desk", [])],
        numbers: [number({ kind: "ring_group", members: ["desk"] })],
      }),
      [],
    ],
    [
      "an extension without numbers or voicemail, number voicemail off",
      config({
        extensions: [ext("desk", [], false)],
        numbers: [number({ kind: "extension", extensionId: "desk" }, { kind: "hangup" }, false)],
      }),
      ["error:unroutable_number"],
    ],
    [
      "a menu option to a missing extension",
      config({
        menus: [menu("main", [{ keyPress: "1", action: "extension", destination: "gone" }])],
        numbers: [number({ kind: "ivr_menu", menuId: "main" })],
      }),
      ["error:dangling_rule"],
    ],
    [
      "a timeout action to a missing menu",
      config({
        menus: [menu("main", [], { timeoutAction: "ivr_menu", timeoutActionDestination: "gone" })],
        numbers: [number({ kind: "ivr_menu", menuId: "main" })],
      }),
      ["error:dangling_rule"],
    ],
    ["a menu nothing reaches", config({ menus: [menu("orphan")] }), ["warning:unreachable_menu"]],
    ["a menu reached from a geo rule", config({ menus: [menu("geo")], entryMenuIds: ["geo"] }), []],
    [
      "a submenu reached through an option",
      config({
        menus: [menu("main", [{ keyPress: "1", action: "ivr_menu", destination: "sub" }]), menu("sub")],
        numbers: [number({ kind: "ivr_menu", menuId: "main" })],
      }),
      [],
    ],
  ])("%s", (_name, input, expected) => {
    expect(validateRouting(input).map((i) => `${i.severity}:${i.code}`)).toEqual(expected);
  });

  it("a save is refused only for the errors it introduces", () => {
    const before = validateRouting(config({ numbers: [number({ kind: "ivr_menu", menuId: "gone" })] }));
    const same = validateRouting(config({ numbers: [number({ kind: "ivr_menu", menuId: "gone" })] }));
    expect(introducedErrors(before, same)).toEqual([]);
    const worse = validateRouting(
      config({
        numbers: [number({ kind: "ivr_menu", menuId: "gone" }, { kind: "extension", extensionId: "x" })],
      }),
    );
    expect(introducedErrors(before, worse).map((i) => i.message)).toEqual([
      "+13055550100: the after hours destination points at an extension that does not exist.",
    ]);
  });
});
