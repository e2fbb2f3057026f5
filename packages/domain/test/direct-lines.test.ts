import { describe, expect, it } from "vitest";
import { defaultBusinessHours } from "../src/business-hours";
import { type CallStep, continueAfterDial, continueAfterGather, routeIncomingCall } from "../src/call-flow";
import type { IvrMenu } from "../src/ivr";
import type { MemberRoute } from "../src/members";
import { compileRoutingTable, type NumberRoute, type RoutingSnapshot } from "../src/routing-table";

/** A member's own line: their direct number, and the extension that is theirs. */

const MONDAY_10_NY = new Date("2026-11-23T15:00:00Z");
const SATURDAY_NY = new Date("2026-11-28T15:00:00Z");

const number = (numberId: string, e164: string, over: Partial<NumberRoute> = {}): NumberRoute => ({
  numberId,
  accountId: "acct_1",
  e164,
  tollFree: false,
  timeZone: "America/New_York",
  businessHours: defaultBusinessHours,
  openTarget: { kind: "forward", number: "+13055550999" },
  afterHoursTarget: { kind: "hangup" },
  ringStrategy: "simultaneous",
  ringTimeoutSeconds: 25,
  holdMusicUrl: "",
  voicemailEnabled: true,
  voicemailGreeting: null,
  ...over,
});

const member = (over: Partial<MemberRoute>): MemberRoute => ({
  userId: "usr_ana",
  accountId: "acct_1",
  name: "Ana Diaz",
  availability: "available",
  timeZone: "America/New_York",
  workingHours: defaultBusinessHours,
  forwardingNumbers: ["+13055550201"],
  ...over,
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
  options: [{ keyPress: "1", action: "extension", destination: "ext_desk" }],
};

function table(members: MemberRoute[], extensionNumbers: string[] = []) {
  const snapshot: RoutingSnapshot = {
    accounts: [
      {
        id: "acct_1",
        companyName: "Demo Law Group",
        gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents: null },
      },
    ],
    numbers: [number("num_main", "+13055550100"), number("num_ana", "+13055550150")],
    sharedNumbers: [],
    menus: [{ ...menu, accountId: "acct_1" }],
    extensions: [
      {
        id: "ext_desk",
        accountId: "acct_1",
        extensionNumber: 101,
        name: "Front desk",
        voicemailEnabled: true,
        forwardingNumbers: extensionNumbers,
      },
    ],
    members,
  };
  return compileRoutingTable(snapshot, MONDAY_10_NY);
}

const call = (to: string) => ({ callSid: "CA1", from: "+13055551234", to });
const stepOf = (t: ReturnType<typeof table>, to: string, now: Date): CallStep =>
  routeIncomingCall(t, call(to), { kind: "unknown" } as never, now).step;

describe("a member's direct number rings them, by their availability and hours, not the number's routing", () => {
  it.each<[string, MemberRoute[], Date, Partial<CallStep> & { numbers?: string[] }]>([
    [
      "available, at work: their phone, the number's ring time",
      [member({ directNumberId: "num_ana" })],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550201"], timeoutSeconds: 25 },
    ],
    [
      "do not disturb: their voicemail, named",
      [member({ directNumberId: "num_ana", availability: "do_not_disturb" })],
      MONDAY_10_NY,
      {
        kind: "voicemail",
        greeting: { kind: "say", text: "Ana Diaz is not available. Please leave a message after the tone." },
      },
    ],
    [
      "outside their own hours (Saturday): voicemail, though the number's after-hours target hangs up",
      [member({ directNumberId: "num_ana" })],
      SATURDAY_NY,
      { kind: "voicemail" },
    ],
    [
      "no device: voicemail",
      [member({ directNumberId: "num_ana", forwardingNumbers: [] })],
      MONDAY_10_NY,
      { kind: "voicemail" },
    ],
    [
      "not a direct number: the number's own routing",
      [member({ directNumberId: "num_main" })],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550999"] },
    ],
    [
      "another account's member never takes the number",
      [member({ directNumberId: "num_ana", accountId: "acct_2" })],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550999"] },
    ],
  ])("%s", (_case, members, now, want) => {
    expect(stepOf(table(members), "+13055550150", now)).toMatchObject(want);
  });

  it("an unanswered ring ends in the number's voicemail for them", () => {
    const t = table([member({ directNumberId: "num_ana" })]);
    const step = continueAfterDial(
      t,
      { accountId: "acct_1", numberId: "num_ana" },
      { kind: "number" },
      "no-answer",
      MONDAY_10_NY,
    );
    expect(step).toMatchObject({
      kind: "voicemail",
      greeting: { kind: "say", text: expect.stringContaining("Ana Diaz") },
    });
  });
});

describe("an extension that is a member's rings its own numbers and the member's devices while they can be rung", () => {
  const press = (t: ReturnType<typeof table>, now: Date) =>
    continueAfterGather(
      t,
      { accountId: "acct_1", numberId: "num_main" },
      { menuId: "menu_1", invalidCount: 0, timeoutCount: 0 },
      "1",
      now,
    );
  it.each<[string, MemberRoute[], string[], Date, Partial<CallStep> & { numbers?: string[] }]>([
    [
      "no member: its own numbers",
      [],
      ["+13055550101"],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550101"] },
    ],
    [
      "its member, available: both, each once",
      [member({ extensionId: "ext_desk", forwardingNumbers: ["+13055550201", "+13055550101"] })],
      ["+13055550101"],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550101", "+13055550201"] },
    ],
    [
      "its member away: its own numbers only",
      [member({ extensionId: "ext_desk", availability: "away" })],
      ["+13055550101"],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550101"] },
    ],
    [
      "no numbers of its own, member at work: the member",
      [member({ extensionId: "ext_desk" })],
      [],
      MONDAY_10_NY,
      { kind: "dial", numbers: ["+13055550201"] },
    ],
    [
      "no numbers of its own, member off work: the extension's voicemail",
      [member({ extensionId: "ext_desk" })],
      [],
      SATURDAY_NY,
      { kind: "voicemail", extensionId: "ext_desk" },
    ],
  ])("%s", (_case, members, own, now, want) => {
    expect(press(table(members, own), now)).toMatchObject(want);
  });

  it("is the operator when only its member has a phone", () => {
    expect(table([member({ extensionId: "ext_desk" })], []).accounts.get("acct_1")?.operatorExtensionId).toBe(
      "ext_desk",
    );
    expect(table([], []).accounts.get("acct_1")?.operatorExtensionId).toBeNull();
  });
});
