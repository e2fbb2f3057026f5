import {
  compileRoutingTable,
  defaultBusinessHours,
  type NumberRoute,
  type RoutingSnapshot,
  type RoutingTable,
} from "@poundline/telephony";
import { describe, expect, it } from "vitest";
import { createRingHunt, type HuntCalls, type HuntStore, stillRinging } from "../../src/ring-hunt/hunt";

const HOLD = "https://cdn.example.com/hold.mp3";
const context = { accountId: "acct_1", numberId: "num_1" };
const NOW = new Date("2026-11-23T15:00:00Z");

function table(
  ringStrategy: NumberRoute["ringStrategy"] = "sequential",
  walletBalanceCents = 100,
): RoutingTable {
  const route: NumberRoute = {
    numberId: "num_1",
    accountId: "acct_1",
    e164: "+13055550100",
    tollFree: false,
    timeZone: "America/New_York",
    businessHours: defaultBusinessHours,
    openTarget: { kind: "ring_group", extensionIds: ["a", "b"] },
    afterHoursTarget: { kind: "voicemail" },
    ringStrategy,
    ringTimeoutSeconds: 20,
    holdMusicUrl: HOLD,
    voicemailEnabled: true,
    voicemailGreeting: null,
  };
  const extension = (id: string, n: number, number: string) => ({
    id,
    accountId: "acct_1",
    extensionNumber: n,
    name: id,
    voicemailEnabled: true,
    forwardingNumbers: [number],
  });
  const snapshot: RoutingSnapshot = {
    accounts: [
      {
        id: "acct_1",
        companyName: "Demo Law Group",
        gate: { status: "active", trialEndsAt: null, hasActiveSubscription: true, walletBalanceCents },
      },
    ],
    numbers: [route],
    sharedNumbers: [],
    menus: [],
    extensions: [extension("a", 1, "+13055550001"), extension("b", 2, "+13055550002")],
  };
  return compileRoutingTable(snapshot, NOW);
}

interface FakeHunt extends HuntCalls {
  state: string;
  attempt: number;
  ringing: number;
  rotation: number;
  target: string;
}

/** ring_hunts and ring_turns in memory, with the same conditions as the statements. */
function fakeStore(options: { accountGone?: boolean } = {}) {
  const hunts = new Map<string, FakeHunt>();
  let nextTurn = 0;
  const store: HuntStore = {
    async start({ callerCallSid, target }) {
      if (options.accountGone) return { kind: "account_gone" };
      if (hunts.has(callerCallSid)) return { kind: "running" };
      hunts.set(callerCallSid, {
        state: "hunting",
        attempt: 0,
        ringing: 0,
        rotation: 0,
        target,
        memberCallSids: [],
        endedCallSids: [],
      });
      return { kind: "started", turn: nextTurn++ };
    },
    async begin(sid, rotation, ringing) {
      const hunt = hunts.get(sid);
      if (hunt) Object.assign(hunt, { rotation, ringing });
    },
    async addMemberCall(sid, member) {
      const hunt = hunts.get(sid);
      hunt?.memberCallSids.push(member);
      return hunt?.state ?? null;
    },
    async memberEnded(sid, attempt, member) {
      const hunt = hunts.get(sid);
      if (hunt?.state !== "hunting" || hunt.attempt !== attempt || hunt.ringing <= 0) return null;
      if (hunt.endedCallSids.includes(member)) return null;
      hunt.ringing -= 1;
      hunt.endedCallSids.push(member);
      return { ringing: hunt.ringing, target: hunt.target, rotation: hunt.rotation };
    },
    async nextAttempt(sid, from, to, ringing) {
      const hunt = hunts.get(sid);
      if (hunt?.state !== "hunting" || hunt.attempt !== from || hunt.ringing !== 0) return false;
      Object.assign(hunt, { attempt: to, ringing });
      return true;
    },
    async exhaust(sid, attempt) {
      const hunt = hunts.get(sid);
      if (hunt && hunt.state === "hunting" && hunt.attempt === attempt && hunt.ringing === 0)
        hunt.state = "exhausted";
    },
    async bridge(sid) {
      const hunt = hunts.get(sid);
      if (hunt?.state !== "hunting") return null;
      hunt.state = "bridged";
      return { memberCallSids: [...hunt.memberCallSids], endedCallSids: [...hunt.endedCallSids] };
    },
    async abandon(sid) {
      const hunt = hunts.get(sid);
      if (hunt?.state !== "hunting") return null;
      hunt.state = "exhausted";
      return { memberCallSids: [...hunt.memberCallSids], endedCallSids: [...hunt.endedCallSids] };
    },
    async stateOf(sid) {
      return hunts.get(sid)?.state ?? null;
    },
  };
  return { store, hunts };
}

/** The carrier: calls placed get sids CA-m1, CA-m2…; numbers in `refuse` are refused. */
function fakeCarrier(refuse: string[] = []) {
  const placed: { to: string; from: string; timeout?: number; timeLimit?: number }[] = [];
  const canceled: string[] = [];
  return {
    placed,
    canceled,
    client: {
      async createCall(input: { to: string; from: string; timeout?: number; timeLimit?: number }) {
        if (refuse.includes(input.to)) throw new Error("refused");
        placed.push({ to: input.to, from: input.from, timeout: input.timeout, timeLimit: input.timeLimit });
        return { sid: `CA-m${placed.length}`, status: "queued" };
      },
      async updateCall(sid: string) {
        canceled.push(sid);
      },
    },
  };
}

function setUp(
  options: {
    refuse?: string[];
    accountGone?: boolean;
    strategy?: NumberRoute["ringStrategy"];
    walletBalanceCents?: number;
  } = {},
) {
  const store = fakeStore(options);
  const carrier = fakeCarrier(options.refuse);
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => warnings.push(msg) };
  const routing = table(options.strategy, options.walletBalanceCents);
  const hunt = createRingHunt({
    hunts: store.store,
    carrier: carrier.client as never,
    routing: () => routing,
    clock: () => NOW,
    twiml: { baseUrl: "https://api.example.com", carrierTranscription: false },
  });
  const hold = () => hunt.hold({ context, callSid: "CA-caller", target: "open" }, log);
  const ended = (attempt: number, sid: string, status: "no-answer" | "busy" | "completed" = "no-answer") =>
    hunt.memberCallProgress({ context, member: { queue: "CA-caller", attempt }, callSid: sid, status }, log);
  return { hunt, store, carrier, warnings, log, hold, ended };
}

describe("the ring hunt", () => {
  it("the first hold starts the hunt and rings the first member; later holds ring nobody", async () => {
    const { hold, carrier, store } = setUp();
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD });
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD });
    // 100 ¢ pays 33 minutes of the caller's leg (1 ¢) and the member's (2 ¢): the carrier ends it then.
    expect(carrier.placed).toEqual([
      { to: "+13055550001", from: "+13055550100", timeout: 20, timeLimit: 1980 },
    ]);
    expect(store.hunts.get("CA-caller")).toMatchObject({ state: "hunting", attempt: 0, ringing: 1 });
  });

  it("an unanswered member moves the hunt to the next; the last one leaves the caller to voicemail", async () => {
    const { hold, ended, carrier, store } = setUp();
    await hold();
    await ended(0, "CA-m1");
    await ended(0, "CA-m1"); // repeated callback: nothing more
    expect(carrier.placed.map((c) => c.to)).toEqual(["+13055550001", "+13055550002"]);
    await ended(1, "CA-m2", "busy");
    expect(store.hunts.get("CA-caller")?.state).toBe("exhausted");
    expect(await hold()).toEqual({ kind: "leave" });
  });

  it("a member the wallet cannot pay a first minute for is not called: it counts as a call that failed", async () => {
    const { hold, carrier, warnings, store } = setUp({ walletBalanceCents: 2 });
    // Nobody can be called: the hunt is over and the caller goes on to the number's voicemail.
    expect(await hold()).toEqual({ kind: "leave" });
    expect(store.hunts.get("CA-caller")?.state).toBe("exhausted");
    expect(carrier.placed).toEqual([]);
    expect(warnings).toContain("ring group member not called: the wallet cannot pay its first minute");
  });

  it("a completed member call changes nothing", async () => {
    const { hold, ended, carrier, store } = setUp();
    await hold();
    await ended(0, "CA-m1", "completed");
    expect(carrier.placed).toHaveLength(1);
    expect(store.hunts.get("CA-caller")).toMatchObject({ state: "hunting", ringing: 1 });
  });

  it("a call the carrier refuses counts as a member call that failed", async () => {
    const { hold, carrier, warnings } = setUp({ refuse: ["+13055550001"] });
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD });
    expect(carrier.placed.map((c) => c.to)).toEqual(["+13055550002"]);
    expect(warnings).toEqual(["ring group member call refused by the carrier"]);
  });

  it("nobody reachable at all: the caller leaves the queue at once", async () => {
    const { hold, carrier } = setUp({ refuse: ["+13055550001", "+13055550002"] });
    expect(await hold()).toEqual({ kind: "leave" });
    expect(carrier.placed).toEqual([]);
  });

  it("the first member to answer takes the caller; the phones still ringing are canceled; a later one is thanked off", async () => {
    const { hunt, hold, carrier, log } = setUp({ strategy: "simultaneous" });
    await hold();
    expect(carrier.placed).toHaveLength(2);
    const member = { queue: "CA-caller", attempt: 0 };
    expect(await hunt.memberAnswered({ context, member, callSid: "CA-m2" }, log)).toEqual({
      kind: "bridge",
      companyName: "Demo Law Group",
      queue: "CA-caller",
      record: false,
    });
    expect(carrier.canceled).toEqual(["CA-m1"]);
    expect(await hunt.memberAnswered({ context, member, callSid: "CA-m1" }, log)).toEqual({ kind: "end" });
  });

  it("the caller leaving unbridged stops the phones and goes on to the number's routing", async () => {
    const { hunt, hold, carrier, store, log } = setUp();
    await hold();
    const step = await hunt.callerLeft({ context, callSid: "CA-caller", result: "hangup" }, log);
    expect(carrier.canceled).toEqual(["CA-m1"]);
    expect(store.hunts.get("CA-caller")?.state).toBe("exhausted");
    expect(step.kind).toBeDefined();
    // Once over, a member's end changes nothing.
    expect(await hunt.callerLeft({ context, callSid: "CA-caller", result: "hangup" }, log)).toEqual(step);
    expect(carrier.canceled).toEqual(["CA-m1"]);
  });

  it("a bridged caller leaving cancels nothing", async () => {
    const { hunt, hold, carrier, log } = setUp();
    await hold();
    await hunt.callerLeft({ context, callSid: "CA-caller", result: "bridged" }, log);
    expect(carrier.canceled).toEqual([]);
  });

  it("a hold for an account deleted meanwhile leaves the queue, with a warning", async () => {
    const { hold, carrier, warnings } = setUp({ accountGone: true });
    expect(await hold()).toEqual({ kind: "leave" });
    expect(carrier.placed).toEqual([]);
    expect(warnings).toEqual(["hold for an account that no longer exists"]);
  });

  it.each([
    ["no context", { context: null, callSid: "CA-caller" }],
    ["no number in the context", { context: { accountId: "acct_1", numberId: null }, callSid: "CA-caller" }],
    ["no CallSid", { context, callSid: undefined }],
  ])("a hold with %s leaves the queue", async (_, input) => {
    const { hunt, carrier, log } = setUp();
    expect(await hunt.hold({ ...input, target: "open" }, log)).toEqual({ kind: "leave" });
    expect(carrier.placed).toEqual([]);
  });
});

describe("stillRinging", () => {
  it("leaves out the calls that ended and the one that answered", () => {
    const calls = { memberCallSids: ["m1", "m2", "m3"], endedCallSids: ["m1"] };
    expect(stillRinging(calls, "m3")).toEqual(["m2"]);
    expect(stillRinging(calls)).toEqual(["m2", "m3"]);
  });
});
