/** Round-robin turns live in the database: API instances behind a load balancer share them. */
import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import type { CarrierClient } from "@poundline/platform/carrier/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost } from "./carrier";

const GROUP_NUMBER = "+13055550200";
/** A number whose group is one seat (the first member). */
const SOLO_NUMBER = "+13055550300";
const CALLER = "+13055551234";
const MEMBERS = ["+13055550101", "+13055550102", "+13055550103"];
const clock = () => new Date("2026-11-23T15:00:00Z");

let t: TestApp;
let second: App;
/** The numbers each instance's carrier client was asked to call, in order. */
let rung: string[] = [];
const carrierClient: CarrierClient = {
  sendMessage: () => Promise.reject(new Error("not used")),
  fetchMessage: () => Promise.reject(new Error("not used")),
  createCall: async (input) => {
    rung.push(input.to);
    return { sid: `CA${String(rung.length).padStart(32, "0")}`, status: "queued" };
  },
  updateCall: async () => {},
};

beforeAll(async () => {
  t = await createTestApp({ clock, carrierClient });
  await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", companyName: "Demo Law Group", status: "active", walletCents: 5000 }],
    extensions: MEMBERS.map((number, i) => ({
      key: `m${i}`,
      account: "law",
      number: 101 + i,
      name: `Member ${i + 1}`,
      forwardingNumbers: [number],
    })),
    numbers: [
      {
        key: "group",
        account: "law",
        e164: GROUP_NUMBER,
        routing: { open: { type: "ring_group", members: ["m0", "m1", "m2"] }, ringStrategy: "round-robin" },
      },
      {
        key: "solo",
        account: "law",
        e164: SOLO_NUMBER,
        routing: { open: { type: "ring_group", members: ["m0"] } },
      },
    ],
  });
  await t.app.deps.routing.reload();
  // A second API instance on the same database, as behind a load balancer; it loads the
  // routing tables when it starts.
  second = await buildApp({ config: t.config, db: t.db, redis: null, clock, carrierClient });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});
beforeEach(async () => {
  rung = [];
  await t.db.db.delete(schema.ringHunts);
  await t.db.db.delete(schema.ringTurns);
});

const callerOf = (n: number, to = GROUP_NUMBER) => ({
  AccountSid: "AC",
  CallSid: `CA${String(n).padStart(32, "f")}`,
  From: CALLER,
  To: to,
});

/** An incoming call answered by `instance`: the path of its queue's wait URL (or its action's). */
async function waitPathOf(instance: App, caller: Record<string, string>, attribute = "waitUrl") {
  const incoming = await carrierPost({ app: instance }, "/twilio/voice", caller);
  const found = new RegExp(`${attribute}="([^"]+)"`).exec(incoming.body)?.[1]?.replaceAll("&amp;", "&") ?? "";
  return found.slice(instance.deps.carrier.webhookBaseUrl.length);
}

describe("round robin across API instances", () => {
  it("hunts started on either instance take the next turn, one after the other", async () => {
    const firstRung: string[] = [];
    for (let n = 0; n < 6; n++) {
      // The load balancer sends each call, and its hold requests, to alternate instances.
      const instance = n % 2 === 0 ? t.app : second;
      rung = [];
      await carrierPost({ app: instance }, await waitPathOf(instance, callerOf(n)), callerOf(n));
      firstRung.push(rung[0] ?? "");
      // The caller hangs up: the next one is first in line, and rung for at their own turn.
      const left = await waitPathOf(instance, callerOf(n), "action");
      await carrierPost({ app: instance }, left, { ...callerOf(n), QueueResult: "hangup" });
    }
    expect(firstRung).toEqual([...MEMBERS, ...MEMBERS]);
    const [turns] = await t.db.db.select().from(schema.ringTurns);
    expect(turns).toMatchObject({ target: "open", nextTurn: 6 });
    const hunts = await t.db.db.select().from(schema.ringHunts);
    expect(hunts.map((h) => h.rotation).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("the wait URL requested again, on both instances at once, takes one turn and rings once", async () => {
    const caller = callerOf(9);
    const waitPath = await waitPathOf(t.app, caller);
    const answers = await Promise.all(
      [t.app, second, t.app, second].map((app) => carrierPost({ app }, waitPath, caller)),
    );
    expect(answers.every((a) => a.body.includes("<Play>"))).toBe(true);
    expect(rung).toEqual([MEMBERS[0]]);
    const [turns] = await t.db.db.select().from(schema.ringTurns);
    expect(turns?.nextTurn).toBe(1);
  });

  it("two callers' waits offered on both instances at once: the one free seat is rung for one of them", async () => {
    // Each caller's call and wait rounds on an instance of its own.
    const lines = [
      { app: t.app, caller: callerOf(10, SOLO_NUMBER) },
      { app: second, caller: callerOf(11, SOLO_NUMBER) },
    ];
    const paths = await Promise.all(lines.map(({ app, caller }) => waitPathOf(app, caller)));
    for (let round = 0; round < 3; round++)
      await Promise.all(lines.map(({ app, caller }, i) => carrierPost({ app }, paths[i] ?? "", caller)));
    expect(rung).toEqual([MEMBERS[0]]);
    const hunting = await t.db.db.select().from(schema.ringHunts);
    expect(hunting.filter((h) => h.state === "hunting")).toHaveLength(1);
  });
});
