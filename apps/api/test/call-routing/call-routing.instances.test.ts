import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { addExtension, addNumber, eventually, routingBody } from "./helpers";

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const LINE = "+13055550150";
const now = () => new Date("2026-11-23T15:00:00Z"); // Monday 10:00 in New York

/** Two API instances behind one load balancer: PostgreSQL shared, routing changes announced through Redis. */
describe.skipIf(!redisUrl || !databaseUrl)("call routing across API instances", () => {
  let t: TestApp;
  let second: App;

  beforeAll(async () => {
    t = await createTestApp({ clock: now });
    second = await buildApp({ config: t.config, db: t.db, redis: new Redis(redisUrl as string), clock: now });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.redis?.quit();
    await t?.close();
  });

  it("a change saved on one instance routes the next call on the other", async () => {
    const user = await createUser(t);
    const session = await signIn(t, user);
    const numberId = await addNumber(t, user.accountId, LINE);
    const desk = await addExtension(t, user.accountId, 101, ["+13055550101"]);
    const sales = await addExtension(t, user.accountId, 102, ["+13055550102"]);
    // The rows were written behind the API's back: both instances compile them once.
    await t.app.deps.routing.reload();
    await second.deps.routing.reload();
    const sim = second.deps.simulator;
    if (!sim) throw new Error("the second instance answers on its embedded simulator");

    const save = async (extensionId: string) => {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/call-routing/${numberId}`,
        headers: session.headers,
        payload: routingBody({ businessHoursDestination: { type: "extension", target: extensionId } }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const routedTo = (extensionId: string) => () => {
      const route = second.deps.routing.current().numbersById.get(numberId);
      return route?.openTarget.kind === "extension" && route.openTarget.extensionId === extensionId;
    };
    const callOnSecond = async () => {
      sim.reset();
      const transcript = await sim.placeCall({ from: "+13055551234", to: LINE });
      await sim.idle();
      return transcript.dials.map((d) => d.legs.map((l) => l.target));
    };

    await save(desk);
    await eventually(routedTo(desk));
    expect(await callOnSecond()).toEqual([["+13055550101"]]);

    // Saved on the first instance only: the second hears of it through Redis and recompiles.
    await save(sales);
    await eventually(routedTo(sales));
    expect(await callOnSecond()).toEqual([["+13055550102"]]);
  });
});
