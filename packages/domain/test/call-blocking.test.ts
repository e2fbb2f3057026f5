import { describe, expect, it } from "vitest";
import {
  type BlockingRules,
  blockDecision,
  callerVerification,
  compileBlocking,
  DEFAULT_BLOCKING_RULES,
  isWithheldCaller,
  onBlockList,
} from "../src/call-blocking";

const list = compileBlocking(DEFAULT_BLOCKING_RULES, [
  { kind: "number", value: "+13055550199" },
  { kind: "prefix", value: "+1900" },
  { kind: "prefix", value: "+44" },
]);

describe("onBlockList", () => {
  it.each([
    ["+13055550199", true],
    ["+13055550198", false],
    ["+19005551234", true],
    ["+1900", true],
    ["+190", false],
    ["+447700900123", true],
    ["+4", false],
    ["+33123456789", false],
    ["Anonymous", false],
  ])("%s -> %s", (from, blocked) => {
    expect(onBlockList(list, from)).toBe(blocked);
  });
});

describe("isWithheldCaller", () => {
  it.each([
    ["Anonymous", true],
    ["anonymous", true],
    ["Restricted", true],
    ["+266696687", true],
    ["", true],
    ["+13055550100", false],
    ["client:frontdesk", false],
  ])("%s -> %s", (from, withheld) => {
    expect(isWithheldCaller(from)).toBe(withheld);
  });
});

describe("callerVerification (StirVerstat)", () => {
  it.each([
    ["TN-Validation-Passed-A", "passed"],
    ["TN-Validation-Passed-B", "passed"],
    ["TN-Validation-Passed-C", "passed"],
    ["TN-Validation-Failed-A", "failed"],
    ["TN-Validation-Failed-C", "failed"],
    ["TN-Validation-Failed", "failed"],
    ["No-TN-Validation", "failed"],
    [undefined, "unknown"],
    [null, "unknown"],
    ["", "unknown"],
    ["something-else", "unknown"],
  ] as const)("%s -> %s", (value, verdict) => {
    expect(callerVerification(value)).toBe(verdict);
  });
});

const rules = (overrides: Partial<BlockingRules>) =>
  compileBlocking({ ...DEFAULT_BLOCKING_RULES, ...overrides }, [{ kind: "prefix", value: "+1900" }]);

describe("blockDecision", () => {
  it.each([
    { name: "no blocking compiled", blocking: undefined, from: "+19005550100", expected: null },
    { name: "an ordinary caller", blocking: rules({}), from: "+13055550100", expected: null },
    {
      name: "a listed prefix, rejected",
      blocking: rules({}),
      from: "+19005550100",
      expected: { rule: "list", action: "reject" },
    },
    {
      name: "a listed prefix, to voicemail",
      blocking: rules({ list: "voicemail" }),
      from: "+19005550100",
      expected: { rule: "list", action: "voicemail" },
    },
    { name: "withheld, allowed by default", blocking: rules({}), from: "Anonymous", expected: null },
    {
      name: "withheld, screened",
      blocking: rules({ withheld: "screen" }),
      from: "Anonymous",
      expected: { rule: "withheld", action: "screen" },
    },
    {
      name: "unverified, allowed by default",
      blocking: rules({}),
      from: "+13055550100",
      stir: "TN-Validation-Failed-A",
      expected: null,
    },
    {
      name: "unverified, rejected",
      blocking: rules({ unverified: "reject" }),
      from: "+13055550100",
      stir: "No-TN-Validation",
      expected: { rule: "unverified", action: "reject" },
    },
    {
      name: "verified, let through",
      blocking: rules({ unverified: "reject" }),
      from: "+13055550100",
      stir: "TN-Validation-Passed-A",
      expected: null,
    },
    {
      name: "listed and unverified: the list wins",
      blocking: rules({ unverified: "screen" }),
      from: "+19005550100",
      stir: "TN-Validation-Failed-B",
      expected: { rule: "list", action: "reject" },
    },
  ])("$name", ({ blocking, from, stir, expected }) => {
    expect(blockDecision(blocking, { from, stirVerstat: stir ?? null })).toEqual(expected);
  });
});
