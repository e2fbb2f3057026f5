import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInProcessBus, createRedisBus, type EventBus } from "../src/events/bus";
import { createLiveEvents, eventJson, type LiveEvent } from "../src/events/live";

const redisUrl = process.env.TEST_REDIS_URL;
const log = { warn: () => {} };
const ringing = (callSid: string): LiveEvent => ({
  type: "call.updated",
  callSid,
  status: "ringing",
  from: "+13055551234",
  to: "+13055550100",
  direction: "inbound",
});

function busCases(): [string, () => { bus: EventBus; close(): Promise<void> }][] {
  const cases: [string, () => { bus: EventBus; close(): Promise<void> }][] = [
    ["in process", () => ({ bus: createInProcessBus(), close: async () => {} })],
  ];
  if (redisUrl)
    cases.push([
      "Redis",
      () => {
        const redis = new Redis(redisUrl);
        return { bus: createRedisBus(redis, log), close: async () => void (await redis.quit()) };
      },
    ]);
  return cases;
}

describe.each(busCases())("the %s bus", (_label, make) => {
  let made: ReturnType<typeof make>;
  const suffix = Math.random().toString(36).slice(2);
  beforeAll(() => {
    made = make();
  });
  afterAll(async () => {
    await made.bus.close();
    await made.close();
  });

  it("delivers the messages of one publishMany each on its channel, in order", async () => {
    const got: [string, unknown][] = [];
    const a = `test:a:${suffix}`;
    const b = `test:b:${suffix}`;
    made.bus.subscribe(a, (m) => got.push([a, m]));
    made.bus.subscribe(b, (m) => got.push([b, m]));
    await made.bus.ready();
    await made.bus.publishMany([
      [a, { n: 1 }],
      [b, { n: 2 }],
      [a, { n: 3 }],
    ]);
    await made.bus.publishMany([[b, { n: 4 }]]);
    await made.bus.publishMany([]);
    await expect.poll(() => got.length).toBe(4);
    expect(got).toEqual([
      [a, { n: 1 }],
      [b, { n: 2 }],
      [a, { n: 3 }],
      [b, { n: 4 }],
    ]);
  });

  it("sends the live events posted together, a few milliseconds later", async () => {
    const live = createLiveEvents(made.bus);
    const account = `acct_${suffix}`;
    const got: unknown[] = [];
    live.subscribe(account, (event) => got.push(event.type === "call.updated" ? event.callSid : event.type));
    await made.bus.ready();
    let batches = 0;
    const publishMany = made.bus.publishMany.bind(made.bus);
    made.bus.publishMany = (messages) => {
      batches += 1;
      return publishMany(messages);
    };
    live.post(account, ringing("CA1"), log);
    live.post(account, ringing("CA2"), log);
    expect(batches).toBe(0);
    await expect.poll(() => got).toEqual(["CA1", "CA2"]);
    expect(batches).toBe(1);
  });
});

describe("posted live events that cannot be published", () => {
  it.each([
    ["rejects", () => Promise.reject(new Error("Connection is closed."))],
    [
      "throws at once",
      () => {
        throw new Error("Stream isn't writeable");
      },
    ],
  ])("are logged on the request's log when the publish %s", async (_label, publishMany) => {
    const bus = { ...createInProcessBus(), publishMany } as EventBus;
    const live = createLiveEvents(bus);
    const warned: object[] = [];
    live.post("acct_1", ringing("CA1"), { warn: (obj) => warned.push(obj) });
    await expect.poll(() => warned).toMatchObject([{ accountId: "acct_1", type: "call.updated" }]);
  });
});

describe("a live event's JSON", () => {
  const at = "2026-11-24T22:30:00.123Z";
  it.each<[string, object]>([
    ["a ringing call", ringing("CA1")],
    [
      "quotes, backslashes and controls",
      { type: "message.received", body: 'a "b" \\ c\n\t\u0000\u001f\u007f\u0085' },
    ],
    ["unicode, a pair and lone surrogates", { type: "message.received", body: "été 📞 \ud800 x\udc00" }],
    [
      "numbers, booleans and null",
      {
        type: "voicemail.updated",
        n: 12,
        f: 1.5,
        neg: -0,
        big: 1e21,
        inf: Number.POSITIVE_INFINITY,
        nan: Number.NaN,
        stored: true,
        no: false,
        transcription: null,
      },
    ],
    ["an absent field", { type: "voicemail.updated", transcription: undefined, stored: false }],
    ["a nested value", { type: "x", nested: { a: [1, "b"] } }],
    ["a field of its own named at", { type: "x", at: "earlier", after: 1 }],
    ["an odd name", { type: "x", 'we"ird\\': 1 }],
  ])("%s is written as JSON.stringify writes it", (_label, event) => {
    expect(eventJson(event as LiveEvent, at)).toBe(JSON.stringify({ ...event, at }));
  });
});
