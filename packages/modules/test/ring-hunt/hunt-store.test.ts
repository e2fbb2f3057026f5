import type { DatabaseHandle } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { createTestDatabase } from "@poundline/db/testing";
import { type HuntState, newHunt } from "@poundline/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HuntStore } from "../../src/ring-hunt/hunt";
import { createHuntStore } from "../../src/ring-hunt/hunt-store";

const AT = new Date("2026-11-23T15:00:00Z");

/** The waiting hunt `read` offered `seats`. */
const offered = (read: HuntState, seats: string[]): HuntState => ({
  ...read,
  phase: "hunting",
  ringing: 1,
  seats,
  triedSeats: seats,
});

describe("claiming a line's seats", () => {
  let handle: DatabaseHandle;
  let store: HuntStore;
  let context: { accountId: string; numberId: string };
  beforeAll(async () => {
    handle = await createTestDatabase();
    const ids = await insertRoutingConfig(handle.db, {
      accounts: [{ key: "law", companyName: "Demo Law Group", status: "active", walletCents: 5000 }],
      numbers: [
        { key: "main", account: "law", e164: "+13055550100", routing: { open: { type: "voicemail" } } },
      ],
    });
    context = { accountId: ids.get("law") ?? "", numberId: ids.get("main") ?? "" };
    store = createHuntStore(handle.db);
  });
  afterAll(() => handle.close());

  const join = async (callerCallSid: string) => {
    const { numberId } = context;
    await store.start({ context, numberId, target: "open", callerCallSid, callerNumber: null });
    return (await store.load(callerCallSid)) ?? newHunt("open");
  };

  it("two offers of one seat at once: one is saved, the other finds it taken", async () => {
    // Several pairs, each on a seat of its own: on PostgreSQL the claims race on two connections.
    for (let pair = 0; pair < 10; pair++) {
      const [a, b] = [await join(`CA-claim-a${pair}`), await join(`CA-claim-b${pair}`)];
      const seat = `seat-${pair}`;
      const results = await Promise.all([
        store.claim(`CA-claim-a${pair}`, context.numberId, a, offered(a, [seat]), AT),
        store.claim(`CA-claim-b${pair}`, context.numberId, b, offered(b, [seat]), AT),
      ]);
      expect(results.sort()).toEqual(["saved", "taken"]);
    }
  });

  it("another seat is free to claim; a hunt moved meanwhile is not saved over", async () => {
    const c = await join("CA-claim-c");
    expect(await store.claim("CA-claim-c", context.numberId, c, offered(c, ["seat-c1"]), AT)).toBe("saved");
    expect(await store.claim("CA-claim-c", context.numberId, c, offered(c, ["seat-c2"]), AT)).toBe("moved");
  });
});
