import { createInProcessBus } from "@poundline/platform/events/bus";
import { createLiveEvents } from "@poundline/platform/events/live";
import { describe, expect, it } from "vitest";
import { createLiveHub, type LiveSocket } from "../../src/live/hub";

function socket() {
  const frames: string[] = [];
  return { frames, readyState: 1, send: (data: string) => frames.push(data) } satisfies LiveSocket & {
    frames: string[];
  };
}

describe("live hub", () => {
  it("shares one bus subscription per account among its sockets, dropped with the last one", async () => {
    const bus = createInProcessBus();
    let subscriptions = 0;
    const live = createLiveEvents(bus);
    const counted = {
      subscribe: (accountId: string, handler: Parameters<typeof live.subscribe>[1]) => {
        subscriptions += 1;
        const off = live.subscribe(accountId, handler);
        return () => {
          subscriptions -= 1;
          off();
        };
      },
    };
    const hub = createLiveHub(counted);
    const sockets = Array.from({ length: 2000 }, socket);
    const leaves = sockets.map((s) => hub.join("acct_a", s));
    const other = socket();
    const leaveOther = hub.join("acct_b", other);
    expect(subscriptions).toBe(2);
    expect(hub.stats()).toEqual({ accounts: 2, sockets: 2001 });

    await live.publish("acct_a", { type: "message.status", messageSid: "SM1", status: "sent" });
    expect(sockets.every((s) => s.frames.length === 1)).toBe(true);
    expect(other.frames).toEqual([]);

    for (const leave of leaves) leave();
    expect(subscriptions).toBe(1);
    leaveOther();
    expect(subscriptions).toBe(0);
    expect(hub.stats()).toEqual({ accounts: 0, sockets: 0 });
  });
});
