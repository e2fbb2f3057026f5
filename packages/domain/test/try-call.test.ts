import { describe, expect, it } from "vitest";
import {
  startTryCall,
  TRY_LIMITS,
  type TryCallEvent,
  type TryCallState,
  type TryCallStepResult,
  triesBeyondLimit,
  tryCallStep,
} from "../src/try-call";

const owner = { accountId: "acct_a", sessionId: "sess_1" };
const T0 = 1_000_000;

const started = startTryCall({
  id: "try_1",
  token: "try.token",
  owner,
  target: "draft",
  versionId: null,
  startMenuId: "ivr_main",
  at: T0,
});
const atMenu: TryCallState = { ...(started.state as TryCallState), heardCount: 2 };
const atEnd: TryCallState = { ...atMenu, keys: ["1"], ended: true, node: { kind: "voicemail" } };
const fullOfKeys: TryCallState = {
  ...atMenu,
  keys: Array.from({ length: TRY_LIMITS.maxKeys - 1 }, () => "1"),
};

describe("starting a try-it call", () => {
  it("waits at its first menu, forgotten after the TTL, and places the call with no key", () => {
    expect(started).toEqual({
      state: {
        id: "try_1",
        token: "try.token",
        owner,
        target: "draft",
        versionId: null,
        startMenuId: "ivr_main",
        keys: [],
        heardCount: 0,
        node: { kind: "menu", menuId: "ivr_main" },
        ended: false,
        expiresAt: T0 + TRY_LIMITS.ttlMs,
      },
      commands: [{ kind: "replay", keys: [] }],
    });
  });
});

describe("a try-it call's steps", () => {
  const cases: [string, TryCallState | null, TryCallEvent, TryCallStepResult][] = [
    [
      "a press replays with every key so far",
      atMenu,
      { kind: "press", keys: ["2", ""], by: owner, at: T0 + 1 },
      { state: { ...atMenu, keys: ["2", ""] }, commands: [{ kind: "replay", keys: ["2", ""] }] },
    ],
    [
      "a press on no call is refused",
      null,
      { kind: "press", keys: ["1"], by: owner, at: T0 },
      { state: null, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
    [
      "another session's press finds nothing",
      atMenu,
      { kind: "press", keys: ["1"], by: { ...owner, sessionId: "sess_2" }, at: T0 },
      { state: atMenu, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
    [
      "another account's press finds nothing",
      atMenu,
      { kind: "press", keys: ["1"], by: { ...owner, accountId: "acct_b" }, at: T0 },
      { state: atMenu, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
    [
      "a press after the TTL finds nothing",
      atMenu,
      { kind: "press", keys: ["1"], by: owner, at: T0 + TRY_LIMITS.ttlMs },
      { state: atMenu, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
    [
      "a press on an ended call is refused",
      atEnd,
      { kind: "press", keys: ["1"], by: owner, at: T0 },
      { state: atEnd, commands: [{ kind: "refuse", reason: "ended" }] },
    ],
    [
      "the last key allowed is pressed",
      fullOfKeys,
      { kind: "press", keys: ["3"], by: owner, at: T0 },
      {
        state: { ...fullOfKeys, keys: [...fullOfKeys.keys, "3"] },
        commands: [{ kind: "replay", keys: [...fullOfKeys.keys, "3"] }],
      },
    ],
    [
      "a key beyond the limit is refused",
      fullOfKeys,
      { kind: "press", keys: ["3", "4"], by: owner, at: T0 },
      { state: fullOfKeys, commands: [{ kind: "refuse", reason: "too_many_keys" }] },
    ],
    [
      "a replay at the next menu shows what came after the last step",
      { ...atMenu, keys: ["2"] },
      { kind: "replayed", verbCount: 5, node: { kind: "menu", menuId: "ivr_sales" }, ended: false },
      {
        state: { ...atMenu, keys: ["2"], heardCount: 5, node: { kind: "menu", menuId: "ivr_sales" } },
        commands: [{ kind: "report", from: 2 }],
      },
    ],
    [
      "a replay that reached voicemail ends the call",
      { ...atMenu, keys: ["9"] },
      { kind: "replayed", verbCount: 4, node: { kind: "voicemail" }, ended: true },
      {
        state: { ...atMenu, keys: ["9"], heardCount: 4, node: { kind: "voicemail" }, ended: true },
        commands: [{ kind: "report", from: 2 }],
      },
    ],
    [
      "a replay of a call hung up meanwhile changes nothing",
      null,
      { kind: "replayed", verbCount: 4, node: { kind: "hangup" }, ended: true },
      { state: null, commands: [] },
    ],
    [
      "the owner hangs up: the call is forgotten",
      atMenu,
      { kind: "hang_up", by: owner, at: T0 },
      { state: null, commands: [{ kind: "forget" }] },
    ],
    [
      "an ended call is hung up too",
      atEnd,
      { kind: "hang_up", by: owner, at: T0 },
      { state: null, commands: [{ kind: "forget" }] },
    ],
    [
      "another account cannot hang up",
      atMenu,
      { kind: "hang_up", by: { ...owner, accountId: "acct_b" }, at: T0 },
      { state: atMenu, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
    [
      "nothing to hang up after the TTL",
      atMenu,
      { kind: "hang_up", by: owner, at: T0 + TRY_LIMITS.ttlMs + 1 },
      { state: atMenu, commands: [{ kind: "refuse", reason: "not_found" }] },
    ],
  ];

  it.each(cases)("%s", (_name, state, event, expected) => {
    expect(tryCallStep(state, event)).toEqual(expected);
  });
});

describe("a few try-it calls per session", () => {
  it.each([
    [[], []],
    [["a", "b", "c"], []],
    [["a", "b", "c", "d"], []],
    [["a", "b", "c", "d", "e"], ["a"]],
    [
      ["a", "b", "c", "d", "e", "f"],
      ["a", "b"],
    ],
  ])("of %j, one more starts once %j are hung up", (open, dropped) => {
    expect(TRY_LIMITS.perSession).toBe(5);
    expect(triesBeyondLimit(open)).toEqual(dropped);
  });
});
