import { describe, expect, it } from "vitest";
import { defaultBusinessHours } from "../src/business-hours";
import { type CallStep, continueAfterQueue, huntPlan, routeIncomingCall } from "../src/call-flow";
import type { CallerLocation } from "../src/location";
import type { MemberRoute } from "../src/members";
import { compileRoutingTable, type NumberRoute, type RoutingSnapshot } from "../src/routing-table";
import {
  callerLegStatusUrl,
  memberUrls,
  readHuntTarget,
  readMemberCall,
  renderCallbackDial,
  renderHold,
  renderLeave,
  renderMemberAnswer,
  renderStep,
  type TwimlOptions,
} from "../src/twiml";

const HOLD = "https://cdn.example.com/hold.mp3";
const ALL = Number.POSITIVE_INFINITY;
const options: TwimlOptions = { baseUrl: "https://api.example.com", carrierTranscription: false };
// 15:00 UTC on a Monday is 10:00 in New York: open.
const everyDay: NumberRoute["businessHours"] = defaultBusinessHours;

function table(overrides: Partial<NumberRoute> = {}, extensions = ["a", "b", "c"]) {
  const route: NumberRoute = {
    numberId: "num_1",
    accountId: "acct_1",
    e164: "+13055550100",
    tollFree: false,
    timeZone: "America/New_York",
    businessHours: everyDay,
    openTarget: { kind: "ring_group", members: extensions },
    afterHoursTarget: { kind: "voicemail" },
    ringStrategy: "sequential",
    ringTimeoutSeconds: 20,
    holdMusicUrl: HOLD,
    voicemailEnabled: true,
    voicemailGreeting: null,
    ...overrides,
  };
  const snapshot: RoutingSnapshot = {
    accounts: [
      {
        id: "acct_1",
        companyName: "Demo Law Group",
        gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents: 100 },
      },
    ],
    numbers: [route],
    sharedNumbers: [],
    menus: [],
    extensions: [
      {
        id: "a",
        accountId: "acct_1",
        extensionNumber: 1,
        name: "A",
        voicemailEnabled: true,
        forwardingNumbers: ["+1A"],
      },
      {
        id: "b",
        accountId: "acct_1",
        extensionNumber: 2,
        name: "B",
        voicemailEnabled: true,
        forwardingNumbers: ["+1B", "+1B2"],
      },
      {
        id: "c",
        accountId: "acct_1",
        extensionNumber: 3,
        name: "C",
        voicemailEnabled: true,
        forwardingNumbers: ["+1C"],
      },
      {
        id: "mute",
        accountId: "acct_1",
        extensionNumber: 4,
        name: "M",
        voicemailEnabled: true,
        forwardingNumbers: [],
      },
    ],
  };
  return compileRoutingTable(snapshot, new Date("2026-11-23T15:00:00Z"));
}

const context = { accountId: "acct_1", numberId: "num_1" };
const MONDAY_OPEN = new Date("2026-11-23T15:00:00Z");
const route = (t: ReturnType<typeof table>) =>
  routeIncomingCall(
    t,
    { to: "+13055550100", from: "+13055551234" },
    { country: "US", regions: ["FL"], areaCode: "305" } as CallerLocation,
    new Date("2026-11-23T15:00:00Z"),
  ).step;

describe("a ring group target", () => {
  it("queues the caller with the number's hold music instead of dialling", () => {
    expect(route(table())).toEqual({
      kind: "queue",
      context,
      target: "open",
      holdMusicUrl: HOLD,
    });
  });

  it("round-robin queues the same way: the turn is taken when the hunt starts", () => {
    expect(route(table({ ringStrategy: "round-robin" }))).toEqual(route(table()));
  });

  it.each([
    ["no member has a number: voicemail", ["mute"], true, "voicemail"],
    ["nobody to ring and no voicemail: goodbye", ["mute"], false, "say_goodbye"],
  ] as const)("%s", (_n, members, voicemailEnabled, kind) => {
    expect(route(table({ voicemailEnabled }, [...members])).kind).toBe(kind);
  });

  it("forwards and extensions still dial", () => {
    expect(route(table({ openTarget: { kind: "forward", number: "+1F" } })).kind).toBe("dial");
    expect(route(table({ openTarget: { kind: "extension", extensionId: "a" } })).kind).toBe("dial");
  });
});

describe("huntPlan", () => {
  const seatsOf = (keys: string) =>
    keys.split("").map((key) => ({ key, numbers: { a: ["+1A"], b: ["+1B", "+1B2"], c: ["+1C"] }[key] }));
  it.each([
    ["simultaneous: every seat, all rung at one offer", "simultaneous", 0, "abc", ALL],
    ["sequential: the group's order, a seat per offer", "sequential", 0, "abc", 1],
    ["round-robin: from the turn's member", "round-robin", 1, "bca", 1],
  ] as const)("%s", (_n, ringStrategy, rotation, seats, perOffer) => {
    expect(huntPlan(table({ ringStrategy }), context, "open", rotation, MONDAY_OPEN)).toEqual({
      seats: seatsOf(seats),
      perOffer,
      timeoutSeconds: 20,
      from: "+13055550100",
      companyName: "Demo Law Group",
      holdMusicUrl: HOLD,
    });
  });

  it("is null once the target is no longer a ring group", () => {
    expect(huntPlan(table({ openTarget: { kind: "voicemail" } }), context, "open", 0, MONDAY_OPEN)).toBe(
      null,
    );
  });
});

describe("huntPlan with members of the account", () => {
  const person = (
    userId: string,
    availability: MemberRoute["availability"],
    timeZone = "America/New_York",
  ) => ({
    userId,
    accountId: "acct_1",
    name: userId,
    availability,
    timeZone,
    workingHours: defaultBusinessHours,
    forwardingNumbers: [`+1${userId}`],
  });
  const withPeople = (people: MemberRoute[]) => {
    const t = table({ openTarget: { kind: "ring_group", members: ["ana", "b", "ben", "cat"] } });
    for (const p of people) t.accounts.get("acct_1")?.members.set(p.userId, p);
    return t;
  };

  const numbersOf = (plan: ReturnType<typeof huntPlan>) => plan?.seats.map((seat) => seat.numbers);

  it.each([
    [
      "every one available",
      ["available", "available", "available"],
      [["+1ana"], ["+1B", "+1B2"], ["+1ben"], ["+1cat"]],
    ],
    [
      "do not disturb and away are skipped",
      ["do_not_disturb", "available", "away"],
      [["+1B", "+1B2"], ["+1ben"]],
    ],
    ["nobody available: only the extension", ["away", "do_not_disturb", "away"], [["+1B", "+1B2"]]],
  ] as const)("%s", (_n, [ana, ben, cat], seats) => {
    const t = withPeople([person("ana", ana), person("ben", ben), person("cat", cat)]);
    expect(numbersOf(huntPlan(t, context, "open", 0, MONDAY_OPEN))).toEqual(seats);
  });

  it("skips a member outside their own hours in their zone, and rings them once at work", () => {
    const t = withPeople([person("ana", "available", "Asia/Tokyo")]);
    expect(numbersOf(huntPlan(t, context, "open", 0, MONDAY_OPEN))).toEqual([["+1B", "+1B2"]]);
    // Tuesday 10:00 in Tokyo.
    const tokyoMorning = new Date("2026-11-24T01:00:00Z");
    expect(numbersOf(huntPlan(t, context, "open", 0, tokyoMorning))).toEqual([["+1ana"], ["+1B", "+1B2"]]);
  });

  it("reads each member's availability once per plan", () => {
    const reads: string[] = [];
    const t = withPeople([person("ana", "available"), person("ben", "available"), person("cat", "away")]);
    for (const member of t.accounts.get("acct_1")?.members.values() ?? []) {
      const { availability } = member;
      Object.defineProperty(member, "availability", {
        get: () => {
          reads.push(member.userId);
          return availability;
        },
      });
    }
    huntPlan(t, context, "open", 0, MONDAY_OPEN);
    expect(reads.sort()).toEqual(["ana", "ben", "cat"]);
  });

  it("makes each member one seat, an extension of theirs the same seat, an extension of nobody its own", () => {
    const t = withPeople([person("ana", "available"), person("ben", "available"), person("cat", "away")]);
    const account = t.accounts.get("acct_1");
    const b = account?.extensions.get("b");
    if (b) b.memberId = "ben";
    // ben's seat rings his extension's phones and his own; cat is away: no seat.
    expect(huntPlan(t, context, "open", 0, MONDAY_OPEN)?.seats).toEqual([
      { key: "ana", numbers: ["+1ana"] },
      { key: "ben", numbers: ["+1B", "+1B2", "+1ben"] },
    ]);
    if (b) b.memberId = null;
    expect(huntPlan(t, context, "open", 0, MONDAY_OPEN)?.seats.map((s) => s.key)).toEqual([
      "ana",
      "b",
      "ben",
    ]);
  });

  it("falls back to the number's voicemail when nobody in the group can be rung", () => {
    const t = table({ openTarget: { kind: "ring_group", members: ["ana"] } });
    t.accounts.get("acct_1")?.members.set("ana", person("ana", "do_not_disturb"));
    expect(route(t)).toMatchObject({ kind: "voicemail" });
  });
});

describe("continueAfterQueue", () => {
  it.each<[string, boolean, CallStep["kind"]]>([
    ["bridged", true, "end"],
    ["hangup", true, "end"],
    ["leave", true, "voicemail"],
    ["leave", false, "say_goodbye"],
    ["system-error", true, "voicemail"],
  ])("%s (voicemail %s) → %s", (result, voicemailEnabled, kind) => {
    expect(continueAfterQueue(table({ voicemailEnabled }), context, result).kind).toBe(kind);
  });
});

describe("queue TwiML", () => {
  it("enqueues the caller by CallSid with the wait and action URLs", () => {
    const xml = renderStep(route(table({ ringStrategy: "round-robin" })), options, {
      from: "+13055551234",
      to: "+13055550100",
      callSid: "CA1",
    });
    expect(xml).toContain(
      '<Enqueue waitUrl="https://api.example.com/twilio/voice/hold?a=acct_1&amp;n=num_1&amp;w=open" waitUrlMethod="POST" action="https://api.example.com/twilio/voice/queue-result?a=acct_1&amp;n=num_1" method="POST">CA1</Enqueue>',
    );
  });

  it.each([
    ["hold music", renderHold(HOLD), `<Play>${HOLD}</Play>`],
    ["leave", renderLeave(), "<Leave/>"],
    [
      "member whisper",
      renderMemberAnswer("Demo Law Group", "CA1"),
      "<Say>Call for Demo Law Group.</Say><Dial><Queue>CA1</Queue></Dial>",
    ],
  ])("%s", (_n, xml, expected) => expect(xml).toContain(expected));

  it.each([
    [{ w: "after" }, "after"],
    [{ w: "x", r: "2" }, "open"],
  ])("reads the hunt's target %j", (query, expected) => expect(readHuntTarget(query)).toEqual(expected));

  it.each([
    [
      { q: "CA1", k: "2" },
      { queue: "CA1", attempt: 2 },
    ],
    [
      { q: "CA1", k: "0", s: "usr_ana" },
      { queue: "CA1", attempt: 0, seat: "usr_ana" },
    ],
    [{ k: "2" }, null],
  ])("reads the member call %j", (query, expected) => expect(readMemberCall(query)).toEqual(expected));

  it("carries the member call's seat in both its URLs", () => {
    const urls = memberUrls(options, context, { queue: "CA1", attempt: 1, seat: "usr_ana" });
    expect(urls.url).toContain("q=CA1&k=1&s=usr_ana");
    expect(urls.statusCallback).toContain("q=CA1&k=1&s=usr_ana");
  });

  it("a callback's dial reports its leg as one of the caller's call", () => {
    const statusCallback = callerLegStatusUrl(options, context, "CA1");
    expect(statusCallback).toBe("https://api.example.com/twilio/voice/forward-status?a=acct_1&n=num_1&p=CA1");
    const xml = renderCallbackDial("Demo Law Group", {
      number: "+13055557777",
      callerId: "+13055550100",
      statusCallback,
    });
    expect(xml).toContain(
      `<Number statusCallback="${statusCallback.replaceAll("&", "&amp;")}" statusCallbackMethod="POST">+13055557777</Number>`,
    );
  });
});
