import {
  compileRoutingTable,
  defaultBusinessHours,
  type HuntPhase,
  type HuntState,
  type NumberRoute,
  type RoutingSnapshot,
  type RoutingTable,
} from "@poundline/domain";
import {
  createRingHunt,
  type HuntCalls,
  type HuntStore,
  stillRinging,
} from "@poundline/modules/ring-hunt/hunt";
import { describe, expect, it } from "vitest";

const HOLD = "https://cdn.example.com/hold.mp3";
const context = { accountId: "acct_1", numberId: "num_1" };
const NOW = new Date("2026-11-23T15:00:00Z");

function table(
  ringStrategy: NumberRoute["ringStrategy"] = "sequential",
  walletBalanceCents = 100,
  members = ["a", "b"],
): RoutingTable {
  const route: NumberRoute = {
    numberId: "num_1",
    accountId: "acct_1",
    e164: "+13055550100",
    tollFree: false,
    timeZone: "America/New_York",
    businessHours: defaultBusinessHours,
    openTarget: { kind: "ring_group", members },
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
    // a rings +13055550001, b +13055550002, and so on.
    extensions: members.map((id, i) => extension(id, i + 1, `+1305555000${i + 1}`)),
  };
  return compileRoutingTable(snapshot, NOW);
}

interface FakeHunt extends HuntCalls {
  state: string;
  attempt: number;
  ringing: number;
  rotation: number;
  target: string;
  callbackNumber: string | null;
  seats: string[];
  triedSeats: string[];
  accountId: string;
  queueTime: number;
  announcedAt: number;
}

const IN_LINE = ["waiting", "hunting"];

/** Points where a test pauses the store, to interleave two instances' work. */
interface StoreHooks {
  afterLineRead?: () => Promise<void>;
  beforeSave?: (sid: string, next: HuntState) => Promise<void>;
}

/** ring_hunts and ring_turns in memory, with the same conditions as the statements. */
function fakeStore(options: { accountGone?: boolean; averageAnswerSeconds?: number } = {}) {
  const hunts = new Map<string, FakeHunt>();
  const hooks: StoreHooks = {};
  let nextTurn = 0;
  // The same condition as the statement: saved only over the hunt as it was read.
  const saveOver = (sid: string, read: HuntState, next: HuntState) => {
    const hunt = hunts.get(sid);
    const same =
      hunt?.state === read.phase &&
      hunt.rotation === read.rotation &&
      hunt.attempt === read.attempt &&
      hunt.ringing === read.ringing &&
      hunt.memberCallSids.length === read.memberCallSids.length &&
      hunt.endedCallSids.length === read.endedCallSids.length &&
      hunt.triedSeats.length === read.triedSeats.length &&
      hunt.callbackNumber === read.callbackNumber;
    if (!hunt || !same) return false;
    const { phase, ...rest } = structuredClone(next);
    Object.assign(hunt, { ...rest, state: phase });
    return true;
  };
  const store: HuntStore = {
    async start({ callerCallSid, target, context }) {
      if (options.accountGone) return { kind: "account_gone" };
      if (hunts.has(callerCallSid)) return { kind: "running" };
      hunts.set(callerCallSid, {
        state: "waiting",
        attempt: 0,
        ringing: 0,
        rotation: 0,
        target,
        memberCallSids: [],
        endedCallSids: [],
        callbackNumber: null,
        seats: [],
        triedSeats: [],
        accountId: context.accountId,
        queueTime: 0,
        announcedAt: 0,
      });
      return { kind: "started", turn: nextTurn++ };
    },
    async load(sid) {
      const hunt = hunts.get(sid);
      if (!hunt) return null;
      const { state, target, memberCallSids, endedCallSids, attempt, ringing, rotation, callbackNumber } =
        hunt;
      return structuredClone({
        memberCallSids,
        endedCallSids,
        seats: hunt.seats,
        triedSeats: hunt.triedSeats,
        attempt,
        ringing,
        rotation,
        callbackNumber,
        phase: state as HuntPhase,
        target: target === "after" ? "after" : "open",
      });
    },
    // One number's line: the hunts in the order they joined.
    async line(sid) {
      const hunt = hunts.get(sid);
      if (!hunt) return null;
      const ahead = [...hunts.entries()].findIndex(([key]) => key === sid);
      const before = [...hunts.values()].slice(0, ahead).filter((h) => IN_LINE.includes(h.state));
      const averageAnswerSeconds = options.averageAnswerSeconds ?? null;
      return { position: before.length + 1, announcedAt: hunt.announcedAt, averageAnswerSeconds };
    },
    async noteWait(sid, waited) {
      const hunt = hunts.get(sid);
      if (!hunt) return;
      hunt.queueTime = waited.queueTime;
      if (waited.announcedAt !== undefined) hunt.announcedAt = waited.announcedAt;
    },
    async waitingLines() {
      return [...hunts.values()].some((h) => h.state === "waiting") ? [context.numberId] : [];
    },
    async inLine() {
      const line = [...hunts.entries()]
        .filter(([, h]) => IN_LINE.includes(h.state))
        .map(([callerCallSid, h]) =>
          structuredClone({
            callerCallSid,
            accountId: h.accountId,
            target: h.target as "open" | "after",
            phase: h.state as HuntPhase,
            rotation: h.rotation,
            seats: h.seats,
            triedSeats: h.triedSeats,
            callbackNumber: h.callbackNumber,
          }),
        );
      await hooks.afterLineRead?.();
      return line;
    },
    async save(sid, read, next) {
      await hooks.beforeSave?.(sid, next);
      return saveOver(sid, read, next);
    },
    // The check and the save in one turn of the event loop: as atomic as the locked transaction.
    async claim(sid, _numberId, read, next) {
      await hooks.beforeSave?.(sid, next);
      const rung = [...hunts].some(
        ([other, h]) =>
          other !== sid && h.state === "hunting" && h.seats.some((seat) => next.seats.includes(seat)),
      );
      if (rung) return "taken";
      return saveOver(sid, read, next) ? "saved" : "moved";
    },
  };
  return { store, hunts, hooks };
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
    /** Callers whose call the carrier has ended (their "left" callback lost). */
    gone?: string[];
    /** The group's seats (extensions a and b by default). */
    members?: string[];
    /** The line's recent average wait (none by default). */
    averageAnswerSeconds?: number;
  } = {},
  clock = { now: NOW },
) {
  const store = fakeStore(options);
  const carrier = fakeCarrier(options.refuse);
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => warnings.push(msg) };
  const routing = table(options.strategy, options.walletBalanceCents, options.members);
  /** Presence: the seats on a call, with the calls they are on. */
  const onCall = new Map<string, string>();
  const fetched: string[] = [];
  /** The members' phones rung, as the API's Web Push hears of them. */
  const memberRings: { accountId: string; callSid: string; to: string; line: string }[] = [];
  const hunt = createRingHunt({
    memberRung: (rung) => memberRings.push(rung),
    hunts: store.store,
    carrier: carrier.client as never,
    routing: () => routing,
    clock: () => clock.now,
    twiml: { baseUrl: "https://api.example.com", carrierTranscription: false },
    onCall: async () => new Map([...onCall].map(([seat, callSid]) => [seat, [callSid]])),
    seatCall: async (_account, seat, callSid, joined) => {
      if (joined) onCall.set(seat, callSid);
      else onCall.delete(seat);
    },
    calls: {
      async fetchCall(sid: string) {
        fetched.push(sid);
        const status = options.gone?.includes(sid) ? "completed" : "in-progress";
        return { sid, from: "+1", to: "+1", direction: "inbound", status, parentCallSid: null };
      },
    },
  });
  const hold = (callSid = "CA-caller", queueTime = 0) =>
    hunt.hold({ context, callSid, target: "open", from: "+13055551234", queueTime }, log);
  const ended = (attempt: number, sid: string, status: "no-answer" | "busy" | "completed" = "no-answer") =>
    hunt.memberCallProgress({ context, member: { queue: "CA-caller", attempt }, callSid: sid, status }, log);
  /** The member call `sid` of `queue`'s offer `attempt`, on `seat`, answered. */
  const answered = (queue: string, attempt: number, seat: string, sid: string) =>
    hunt.memberAnswered({ context, member: { queue, attempt, seat }, callSid: sid }, log);
  /** The member call `sid` of `queue`'s offer `attempt`, on `seat`, ended with `status`. */
  const endedFor = (
    queue: string,
    attempt: number,
    seat: string,
    sid: string,
    status: "no-answer" | "completed" = "no-answer",
  ) => hunt.memberCallProgress({ context, member: { queue, attempt, seat }, callSid: sid, status }, log);
  const rung = () => carrier.placed.map((c) => c.to);
  const { hooks } = store;
  return {
    hunt,
    store,
    carrier,
    warnings,
    log,
    hold,
    ended,
    answered,
    endedFor,
    rung,
    onCall,
    fetched,
    hooks,
    memberRings,
  };
}

describe("the ring hunt", () => {
  it("the first hold starts the hunt and rings the first member; later holds ring nobody", async () => {
    const { hold, carrier, store, memberRings } = setUp();
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD, announce: null });
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD, announce: null });
    // 100 ¢ pays 33 minutes of the caller's leg (1 ¢) and the member's (2 ¢): the carrier ends it then.
    expect(carrier.placed).toEqual([
      { to: "+13055550001", from: "+13055550100", timeout: 20, timeLimit: 1980 },
    ]);
    expect(store.hunts.get("CA-caller")).toMatchObject({ state: "hunting", attempt: 0, ringing: 1 });
    // The member's devices hear of the call placed to them (Web Push), once.
    expect(memberRings).toEqual([
      { accountId: context.accountId, callSid: "CA-m1", to: "+13055550001", line: "+13055550100" },
    ]);
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
    expect(await hold()).toEqual({ kind: "hold", holdMusicUrl: HOLD, announce: null });
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

  it("a wait round asked while the answer is being bridged keeps the caller in the queue, up to the longest wait", async () => {
    const { hold, answered } = setUp();
    await hold();
    await answered("CA-caller", 0, "a", "CA-m1");
    expect(await hold("CA-caller", 20)).toEqual({ kind: "hold", holdMusicUrl: HOLD, announce: null });
    expect(await hold("CA-caller", 600)).toEqual({ kind: "leave" });
  });

  it("the caller leaving unbridged stops the phones and goes on to the number's routing", async () => {
    const { hunt, hold, carrier, store, log } = setUp();
    await hold();
    const step = await hunt.callerLeft(
      { context, callSid: "CA-caller", result: "hangup", queueTime: 0 },
      log,
    );
    expect(carrier.canceled).toEqual(["CA-m1"]);
    expect(store.hunts.get("CA-caller")?.state).toBe("exhausted");
    expect(step.kind).toBeDefined();
    // Once over, a member's end changes nothing.
    expect(
      await hunt.callerLeft({ context, callSid: "CA-caller", result: "hangup", queueTime: 0 }, log),
    ).toEqual(step);
    expect(carrier.canceled).toEqual(["CA-m1"]);
  });

  it("a bridged caller leaving cancels nothing", async () => {
    const { hunt, hold, carrier, log } = setUp();
    await hold();
    await hunt.callerLeft({ context, callSid: "CA-caller", result: "bridged", queueTime: 0 }, log);
    expect(carrier.canceled).toEqual([]);
  });

  it("two callers, two members: each is rung for at once on a member of their own", async () => {
    const { hold, rung, store } = setUp();
    await hold("CA-a");
    const second = await hold("CA-b");
    expect(second).toMatchObject({ kind: "hold", announce: expect.stringContaining("number 2 in line") });
    expect(rung()).toEqual(["+13055550001", "+13055550002"]);
    expect(store.hunts.get("CA-a")).toMatchObject({ state: "hunting", seats: ["a"] });
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "hunting", seats: ["b"] });
  });

  it("a third caller waits while both members talk, and is rung for once one of them hangs up", async () => {
    const { hold, rung, answered, endedFor, onCall } = setUp();
    await hold("CA-a");
    await hold("CA-b");
    await hold("CA-c");
    expect(rung()).toHaveLength(2);
    await answered("CA-a", 0, "a", "CA-m1");
    await answered("CA-b", 0, "b", "CA-m2");
    expect([...onCall.keys()]).toEqual(["a", "b"]);
    // Later rounds of the third caller ring nobody: every member is on a call.
    await hold("CA-c", 30);
    expect(rung()).toHaveLength(2);
    await endedFor("CA-b", 0, "b", "CA-m2", "completed");
    expect(rung()).toEqual(["+13055550001", "+13055550002", "+13055550002"]);
  });

  it("the expected wait counts the group's seats: third in line with two seats waits two average answers", async () => {
    const { hold } = setUp({ averageAnswerSeconds: 45 });
    await hold("CA-a");
    await hold("CA-b");
    expect(await hold("CA-c")).toMatchObject({
      announce: expect.stringContaining("You are number 3 in line. The expected wait is about 2 minutes."),
    });
  });

  it("callers wait in line: without a free member the second is rung for once the first is taken", async () => {
    const { hold, rung, onCall, log, hunt } = setUp();
    // b is on another call: only a can be offered.
    onCall.set("b", "CA-other");
    await hold("CA-a");
    await hold("CA-b");
    expect(rung()).toEqual(["+13055550001"]);
    await hunt.callerLeft({ context, callSid: "CA-a", result: "hangup", queueTime: 0 }, log);
    expect(rung()).toEqual(["+13055550001", "+13055550001"]);
    expect(await hold("CA-b", 30)).toMatchObject({ kind: "hold", announce: null });
    expect(await hold("CA-b", 61)).toMatchObject({ announce: expect.stringContaining("next in line") });
  });

  it("a member who rang out for one caller is offered to the next; every member is tried once per caller", async () => {
    const { hold, rung, endedFor, store } = setUp();
    await hold("CA-a");
    await hold("CA-b");
    // a rang out for the first caller: b is being rung for the second, so the first waits.
    await endedFor("CA-a", 0, "a", "CA-m1");
    expect(store.hunts.get("CA-a")).toMatchObject({ state: "waiting", seats: [], triedSeats: ["a"] });
    expect(rung()).toEqual(["+13055550001", "+13055550002"]);
    // b rang out for the second: the first caller is offered b, the second a.
    await endedFor("CA-b", 0, "b", "CA-m2");
    expect(rung()).toEqual(["+13055550001", "+13055550002", "+13055550002", "+13055550001"]);
    expect(store.hunts.get("CA-a")).toMatchObject({ state: "hunting", attempt: 1, triedSeats: ["a", "b"] });
    // Both tried every member: nobody answered, they go on to voicemail.
    await endedFor("CA-a", 1, "b", "CA-m3");
    await endedFor("CA-b", 1, "a", "CA-m4");
    expect(store.hunts.get("CA-a")?.state).toBe("exhausted");
    expect(store.hunts.get("CA-b")?.state).toBe("exhausted");
  });

  it("simultaneous: one caller rings every member, two callers share them in order", async () => {
    const { hold, rung, store } = setUp({ strategy: "simultaneous" });
    await hold("CA-a");
    expect(rung()).toEqual(["+13055550001", "+13055550002"]);
    await hold("CA-b");
    expect(rung()).toHaveLength(2);
    expect(store.hunts.get("CA-b")?.state).toBe("waiting");
  });

  it("a waiting caller whose call ended without its callback is dropped; the one behind is rung for", async () => {
    const { hold, rung, store, fetched, warnings, endedFor, onCall } = setUp({ gone: ["CA-b"] });
    onCall.set("b", "CA-other");
    await hold("CA-a");
    await hold("CA-b");
    await hold("CA-c");
    // The callers asking are not checked: only those about to be rung for who are not asking (the
    // first waiting caller's rounds also check the calls of the seats on one: b's is in progress).
    expect(fetched).toEqual(["CA-other"]);
    fetched.length = 0;
    await endedFor("CA-a", 0, "a", "CA-m1");
    expect(fetched).toEqual(["CA-b", "CA-c"]);
    expect(store.hunts.get("CA-b")?.state).toBe("exhausted");
    expect(warnings).toContain("waiting caller dropped: their call had ended");
    expect(store.hunts.get("CA-c")).toMatchObject({ state: "hunting", seats: ["a"] });
    expect(rung()).toEqual(["+13055550001", "+13055550001"]);
  });

  it("a member whose call's end was never reported is freed once the carrier says the call ended", async () => {
    const { hold, rung, answered, onCall, fetched } = setUp({ gone: ["CA-a"] });
    await hold("CA-a");
    await answered("CA-a", 0, "a", "CA-m1");
    onCall.set("b", "CA-other");
    // a talked to the first caller, whose call has ended; its completion never came. Nobody is
    // free for the next caller: the calls of the seats on one are read, and a's is over.
    await hold("CA-b");
    expect(fetched).toEqual(["CA-a", "CA-other"]);
    expect(onCall.has("a")).toBe(false);
    expect(rung()).toEqual(["+13055550001", "+13055550001"]);
  });

  it("two instances' offers dealt from different reads of the line ring a seat for one caller only", async () => {
    const { hold, endedFor, rung, onCall, hooks, store } = setUp();
    onCall.set("a", "CA-other");
    await hold("CA-a"); // rung on b: a is on another call
    await hold("CA-b"); // waits
    // At once: a's call ends (one instance) and b rings out for the first caller (another). The
    // first instance reads the line while the first caller is still rung on b, and offers a to
    // the second; the other reads it before that offer is saved, and offers a to the first.
    const firstRead = deferred();
    const secondRead = deferred();
    let reads = 0;
    hooks.afterLineRead = async () => {
      reads++;
      if (reads === 1) firstRead.resolve();
      if (reads === 2) secondRead.resolve();
    };
    hooks.beforeSave = async (sid, next) => {
      if (sid === "CA-a" && next.phase === "waiting") await firstRead.promise;
      if (sid === "CA-b" && next.phase === "hunting") await secondRead.promise;
    };
    await Promise.all([endedFor("CA-other", 0, "a", "CA-x", "completed"), endedFor("CA-a", 0, "b", "CA-m1")]);
    expect(rung()).toEqual(["+13055550002", "+13055550001"]);
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "hunting", seats: ["a"] });
    expect(store.hunts.get("CA-a")).toMatchObject({ state: "waiting", triedSeats: ["b"] });
  });

  it("two callers' first waits at once, one free seat: it is rung for one of them", async () => {
    const { hold, rung, store } = setUp({ members: ["a"] });
    await Promise.all([hold("CA-a"), hold("CA-b")]);
    expect(rung()).toEqual(["+13055550001"]);
    expect([...store.hunts.values()].map((h) => h.state).sort()).toEqual(["hunting", "waiting"]);
  });

  it("a busy seat's call is read at most once a minute, whatever the wait rounds", async () => {
    const clock = { now: NOW };
    const { hold, onCall, fetched } = setUp({ members: ["a"] }, clock);
    onCall.set("a", "CA-other");
    await hold("CA-a");
    await hold("CA-a", 10);
    expect(fetched).toEqual(["CA-other"]);
    clock.now = new Date(NOW.getTime() + 60_000);
    await hold("CA-a", 60);
    expect(fetched).toEqual(["CA-other", "CA-other"]);
  });

  it("a wait round reads at most 5 busy seats' calls", async () => {
    const members = ["a", "b", "c", "d", "e", "f", "g"];
    const { hold, onCall, fetched } = setUp({ members });
    for (const seat of members) onCall.set(seat, `CA-on-${seat}`);
    await hold("CA-a");
    expect(fetched).toEqual(["CA-on-a", "CA-on-b", "CA-on-c", "CA-on-d", "CA-on-e"]);
    // The next round reads those not read yet.
    await hold("CA-a", 10);
    expect(fetched.slice(5)).toEqual(["CA-on-f", "CA-on-g"]);
  });

  it("the callback key leaves the queue keeping the place; the member who answers rings the number typed", async () => {
    const { hunt, hold, carrier, store, log, onCall } = setUp();
    onCall.set("b", "CA-other");
    await hold("CA-a");
    await hold("CA-b");
    expect(await hunt.keyPressed({ callSid: "CA-b", digits: "1", from: "+13055551234" })).toEqual({
      leave: true,
    });
    expect(await hunt.callerLeft({ context, callSid: "CA-b", result: "leave", queueTime: 0 }, log)).toEqual({
      kind: "callback",
    });
    const typed = { context, callSid: "CA-b", from: "+13055551234" };
    expect(await hunt.callbackTyped({ ...typed, digits: "3055557777" }, log)).toEqual({
      kind: "booked",
      number: "+13055557777",
    });
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "waiting", callbackNumber: "+13055557777" });
    // The first caller hangs up: the callback is next, and its member call goes out.
    await hunt.callerLeft({ context, callSid: "CA-a", result: "hangup", queueTime: 0 }, log);
    expect(carrier.placed).toHaveLength(2);
    const answer = await hunt.memberAnswered(
      { context, member: { queue: "CA-b", attempt: 0, seat: "a" }, callSid: "CA-m2" },
      log,
    );
    expect(answer).toMatchObject({
      kind: "callback",
      number: "+13055557777",
      callerId: "+13055550100",
      queue: "CA-b",
      context,
    });
  });

  it("a line of callbacks alone: a seat freed outside the line (a member available again) rings for the callback", async () => {
    const { hunt, hold, rung, store, log, onCall } = setUp({ members: ["a"] });
    onCall.set("a", "CA-elsewhere");
    await hold("CA-b");
    await hunt.keyPressed({ callSid: "CA-b", digits: "1", from: "+13055551234" });
    await hunt.callerLeft({ context, callSid: "CA-b", result: "leave", queueTime: 0 }, log);
    await hunt.callbackTyped({ context, callSid: "CA-b", from: "+13055551234", digits: "3055557777" }, log);
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "waiting", callbackNumber: "+13055557777" });
    expect(rung()).toEqual([]);
    onCall.delete("a");
    await hunt.seatsFreed("acct_1", log);
    expect(rung()).toEqual(["+13055550001"]);
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "hunting", seats: ["a"] });
  });

  it("a line of callbacks alone: the member's call ending rings them for the callback", async () => {
    const { hunt, hold, rung, answered, endedFor, store, log } = setUp({ members: ["a"] });
    await hold("CA-a");
    await hold("CA-b");
    await answered("CA-a", 0, "a", "CA-m1");
    // The second caller leaves a callback and hangs up: no more wait rounds ask for them.
    await hunt.keyPressed({ callSid: "CA-b", digits: "1", from: "+13055551234" });
    await hunt.callerLeft({ context, callSid: "CA-b", result: "leave", queueTime: 0 }, log);
    await hunt.callbackTyped({ context, callSid: "CA-b", digits: "", from: "+13055551234" }, log);
    expect(rung()).toEqual(["+13055550001"]);
    await endedFor("CA-a", 0, "a", "CA-m1", "completed");
    expect(rung()).toEqual(["+13055550001", "+13055550001"]);
    expect(store.hunts.get("CA-b")).toMatchObject({ state: "hunting", seats: ["a"] });
  });

  it("a member who takes the callback while the caller still types rings the caller's own number", async () => {
    const { hunt, hold, log } = setUp();
    await hold("CA-a");
    await hunt.keyPressed({ callSid: "CA-a", digits: "1", from: "+13055551234" });
    await hunt.memberAnswered({ context, member: { queue: "CA-a", attempt: 0 }, callSid: "CA-m1" }, log);
    const typed = { context, callSid: "CA-a", digits: "3055557777", from: "+13055551234" };
    expect(await hunt.callbackTyped(typed, log)).toEqual({ kind: "booked", number: "+13055551234" });
  });

  it("a callback number that cannot be called takes the caller out of the line", async () => {
    const { hunt, hold, store, log } = setUp();
    await hold("CA-a");
    await hunt.keyPressed({ callSid: "CA-a", digits: "1", from: "anonymous" });
    expect(
      await hunt.callbackTyped({ context, callSid: "CA-a", digits: "", from: "anonymous" }, log),
    ).toEqual({
      kind: "unusable",
    });
    expect(store.hunts.get("CA-a")?.state).toBe("exhausted");
  });

  it("past the longest wait the caller leaves the queue for voicemail", async () => {
    const { hold } = setUp();
    await hold("CA-a");
    expect(await hold("CA-a", 600)).toEqual({ kind: "leave" });
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
    expect(await hunt.hold({ ...input, target: "open", from: null, queueTime: 0 }, log)).toEqual({
      kind: "leave",
    });
    expect(carrier.placed).toEqual([]);
  });
});

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("stillRinging", () => {
  it("leaves out the calls that ended and the one that answered", () => {
    const calls = { memberCallSids: ["m1", "m2", "m3"], endedCallSids: ["m1"] };
    expect(stillRinging(calls, "m3")).toEqual(["m2"]);
    expect(stillRinging(calls)).toEqual(["m2", "m3"]);
  });
});
