import { describe, expect, it } from "vitest";
import type { ActiveCall } from "../../src/api/console";
import { applyCallEvent, ENDED_SHOWN_MS, membersOnCall, panelCalls } from "../../src/modules/live/calls";
import { createLiveConnection } from "../../src/modules/live/connection";
import {
  type LiveFrame,
  RECONNECT_DELAYS_MS,
  reconnectDelay,
  staleKeysOf,
  toastOf,
} from "../../src/modules/live/events";

describe("reconnection delays", () => {
  it("are 1, 2, 5, then 10 s forever", () => {
    expect(RECONNECT_DELAYS_MS).toEqual([1000, 2000, 5000, 10_000]);
    expect([0, 1, 2, 3, 4, 50].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });
});

const at = "2025-01-01T00:00:00.000Z";
const call = (status: string, when = at): Extract<LiveFrame, { type: "call.updated" }> => ({
  type: "call.updated",
  callSid: "CA1",
  status,
  from: "+13055550111",
  to: "+13055550100",
  direction: "inbound",
  at: when,
});

describe("what an event makes stale", () => {
  it.each<[LiveFrame, string[][]]>([
    [call("ringing"), [["calls"], ["dashboard"], ["analytics"], ["unread"], ["people", "presence"]]],
    [
      { type: "message.received", messageSid: "SM1", from: "+1", to: "+2", body: "hi", at },
      [["messages"], ["unread"], ["contacts"], ["inbox", "bell"]],
    ],
    [
      { type: "message.status", messageSid: "SM1", status: "delivered", at },
      [["messages"], ["unread"], ["contacts"]],
    ],
    [
      { type: "voicemail.created", recordingSid: "RE1", from: "+1", durationSeconds: 3, at },
      [["voicemails"], ["unread"], ["dashboard"], ["inbox", "bell"]],
    ],
    [
      { type: "inbox.updated", subject: "voicemail", at },
      [["inbox"], ["messages", "conversations"], ["voicemails"]],
    ],
    [{ type: "notification.created", userId: "usr_1", at }, [["inbox", "bell"]]],
    [{ type: "presence.changed", userId: "usr_1", at }, [["people", "presence"]]],
    [{ type: "queue.changed", at }, [["calls", "waiting"]]],
    [{ type: "hello", at }, []],
  ])("%o", (frame, keys) => {
    expect(staleKeysOf(frame)).toEqual(keys);
  });

  it("toasts incoming calls, texts and voicemails only", () => {
    expect(toastOf(call("ringing"))?.title).toBe("Incoming call");
    expect(toastOf(call("completed"))).toBeNull();
    expect(toastOf({ type: "message.status", messageSid: "SM1", status: "sent", at })).toBeNull();
  });

  it("gives one call one toast: its ringing events share the toast's id", () => {
    // The incoming-call webhook and the carrier's ringing callback both announce the call.
    expect(toastOf(call("ringing"))?.id).toBe(toastOf(call("ringing"))?.id);
    expect(toastOf(call("ringing"))?.id).toMatch(/^call:/);
  });
});

describe("the Active calls panel", () => {
  const server: ActiveCall[] = [
    {
      id: "call_1",
      callSid: "CA0",
      direction: "outbound",
      fromNumber: "+13055550100",
      toNumber: "+14045550199",
      callStatus: "in-progress",
      callStartTime: at,
      answeredAt: at,
      durationSeconds: 0,
      contactName: "Ada",
      answeredOn: null,
    },
  ];

  it("shows the server's calls and those heard of live; an ended call lingers, then goes", () => {
    let live = applyCallEvent(new Map(), call("ringing"));
    live = applyCallEvent(live, { ...call("completed", "2025-01-01T00:00:05.000Z") } as never);
    // An older event arriving late changes nothing.
    live = applyCallEvent(live, call("in-progress", "2025-01-01T00:00:02.000Z") as never);
    const t0 = Date.parse("2025-01-01T00:00:05.000Z");
    const rows = panelCalls(server, live, t0 + 1000);
    expect(rows.map((r) => [r.key, r.status, r.ended])).toEqual([
      ["CA0", "in-progress", false],
      ["CA1", "completed", true],
    ]);
    expect(panelCalls(server, live, t0 + ENDED_SHOWN_MS + 1).map((r) => r.key)).toEqual(["CA0"]);
  });

  it("a call taken on a phone is known as such until it ends (its end does not repeat it)", () => {
    let live = applyCallEvent(new Map(), call("ringing", "2025-01-01T00:00:01.000Z") as never);
    const t0 = Date.parse("2025-01-01T00:00:03.000Z");
    expect(panelCalls([], live, t0)[0]?.onPhone).toBe(false);
    live = applyCallEvent(live, {
      ...call("in-progress", "2025-01-01T00:00:02.000Z"),
      answeredOn: "phone",
    } as never);
    expect(panelCalls([], live, t0)[0]).toMatchObject({ status: "in-progress", onPhone: true });
    live = applyCallEvent(live, call("completed", "2025-01-01T00:00:03.000Z") as never);
    expect(panelCalls([], live, t0)[0]).toMatchObject({ ended: true, onPhone: true });
  });

  it("a call the server lists as answered on a phone keeps its controls when live events follow", () => {
    const onPhone = { ...server[0], callSid: "CA1", direction: "inbound", answeredOn: "phone" } as ActiveCall;
    const t0 = Date.parse(at);
    expect(panelCalls([onPhone], new Map(), t0)[0]).toMatchObject({ key: "CA1", onPhone: true });
    // The call's next event (a softphone's or the carrier's) does not repeat where it was answered.
    const live = applyCallEvent(new Map(), call("in-progress", at) as never);
    expect(panelCalls([onPhone], live, t0)[0]).toMatchObject({ key: "CA1", onPhone: true });
    expect(panelCalls([{ ...onPhone, answeredOn: "browser" }], live, t0)[0]?.onPhone).toBe(false);
  });

  it("a call the server listed as active leaves once its completion is heard", () => {
    const live = applyCallEvent(new Map(), {
      ...call("completed"),
      callSid: "CA0",
      direction: "outbound",
    } as never);
    const rows = panelCalls(server, live, Date.parse(at) + ENDED_SHOWN_MS + 1);
    expect(rows).toEqual([]);
  });
});

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((event?: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
    this.onclose?.();
  }
}

describe("the connection manager", () => {
  it("reconnects after 1, 2, 5, 10 s and asks for a catch-up once back", () => {
    FakeSocket.made = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const frames: unknown[] = [];
    let catchUps = 0;
    const connection = createLiveConnection({
      url: "ws://x/api/live",
      onFrame: (f) => frames.push(f),
      onReconnect: () => catchUps++,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => {},
    });
    connection.start();
    const first = FakeSocket.made[0];
    first?.onopen?.();
    first?.onmessage?.({ data: JSON.stringify(call("ringing")) });
    first?.onmessage?.({ data: "not json" });
    expect(frames).toHaveLength(1);
    expect(catchUps).toBe(0);

    // Dropped, and every attempt fails until the fifth.
    first?.onclose?.();
    for (let i = 0; i < 4; i++) {
      timers.at(-1)?.fn();
      FakeSocket.made.at(-1)?.onclose?.();
    }
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    timers.at(-1)?.fn();
    FakeSocket.made.at(-1)?.onopen?.();
    expect(catchUps).toBe(1);

    // After a success the delays start over.
    FakeSocket.made.at(-1)?.onclose?.();
    expect(timers.at(-1)?.ms).toBe(1000);

    connection.stop();
    const count = timers.length;
    FakeSocket.made.at(-1)?.onclose?.();
    expect(timers.length).toBe(count);
  });

  it("stops on the session-ended close code and says so", () => {
    FakeSocket.made = [];
    const timers: number[] = [];
    let ended = 0;
    const connection = createLiveConnection({
      url: "ws://x/api/live",
      onFrame: () => {},
      onReconnect: () => {},
      onSessionEnded: () => ended++,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      setTimer: (_fn, ms) => timers.push(ms),
      clearTimer: () => {},
    });
    connection.start();
    FakeSocket.made[0]?.onopen?.();
    FakeSocket.made[0]?.onclose?.({ code: 4401 });
    expect(ended).toBe(1);
    expect(timers).toEqual([]);
  });
});

describe("the team on a call", () => {
  it("names the members whose calls include it", () => {
    const members = [
      { name: "Ana", callSids: ["CA1"] },
      { name: "Ben", callSids: [] },
      { name: "Cy", callSids: ["CA2", "CA1"] },
    ];
    expect(membersOnCall(members, "CA1")).toEqual(["Ana", "Cy"]);
    expect(membersOnCall(members, "CA9")).toEqual([]);
  });
});
