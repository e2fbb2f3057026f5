import type { IvrMenuView } from "@poundline/contracts/ivr/schemas";
import type { TryView } from "@poundline/modules/ivr/try-calls";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../src/app";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { api, menuBody, routeToMenu } from "./helpers";

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
const LINE = "+13055550193";
const now = () => new Date("2026-11-23T15:00:00Z"); // Monday 10:00 in New York

/** Two API instances behind one load balancer: the try-it calls live in Redis, not in either. */
describe.skipIf(!redisUrl || !databaseUrl)("IVR try it across API instances", () => {
  let t: TestApp;
  let second: App;
  let session: SignedIn;
  let main: IvrMenuView;
  let sales: IvrMenuView;

  const on = async (app: App, method: "POST" | "DELETE", url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, view: (res.body ? res.json() : null) as TryView };
  };
  const said = (view: TryView) => view.heard.flatMap((h) => (h.kind === "say" ? [h.text] : []));
  /** Whether Redis holds the call (the key the store keeps it under). */
  const stored = async (tryId: string) => {
    const redis = t.app.deps.redis as Redis;
    return (await redis.exists(`${t.config.QUEUE_PREFIX}:try:call:${tryId}`)) === 1;
  };

  beforeAll(async () => {
    t = await createTestApp({ clock: now, config: { LOG_LEVEL: "error" } });
    // The same Redis keys as the first instance (its test prefix): one deployment.
    const keyPrefix = (t.app.deps.redis as Redis).options.keyPrefix;
    second = await buildApp({
      config: t.config,
      db: t.db,
      redis: new Redis(redisUrl as string, { keyPrefix }),
      clock: now,
    });
    await second.ready();
    const user = await createUser(t);
    session = await signIn(t, user);
    const numberId = await addNumber(t, user.accountId, LINE);
    sales = await api<IvrMenuView>(
      t,
      session,
      "POST",
      "/api/ivr-menus",
      201,
      menuBody("Sales", "Sales menu."),
    );
    main = await api<IvrMenuView>(
      t,
      session,
      "POST",
      "/api/ivr-menus",
      201,
      menuBody("Main", "Welcome.", [{ keyPress: "1", action: "ivr_menu", destination: sales.id }]),
    );
    await routeToMenu(t, session, numberId, main.id);
    await t.app.deps.routing.reload();
    await second.deps.routing.reload();
  });
  afterAll(async () => {
    await second?.close();
    await second?.deps.redis?.quit();
    await t?.close();
  });

  it("a try started on one instance is walked and hung up on the other", async () => {
    const started = await on(t.app, "POST", "/api/ivr-menus/try", {});
    expect(started.status).toBe(201);
    const { tryId } = started.view;
    expect(said(started.view)).toEqual(["Welcome."]);
    expect(await stored(tryId)).toBe(true);

    // The second instance never saw the start: it reads the call from Redis and replays it.
    const toSales = await on(second, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "1" });
    expect(toSales.status).toBe(200);
    expect(said(toSales.view)).toEqual(["Sales menu."]);
    expect(toSales.view.node).toEqual({ kind: "menu", menuId: sales.id });
    // Back on the first: it goes on from the key the second saved.
    const waited = await on(t.app, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "" });
    expect(said(waited.view)).toEqual(["We did not receive your selection.", "Sales menu."]);

    expect((await on(second, "DELETE", `/api/ivr-menus/try/${tryId}`)).status).toBe(204);
    expect(await stored(tryId)).toBe(false);
    expect((await on(t.app, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "1" })).status).toBe(404);
  });

  it("keys pressed at once on both instances are all kept, each step from the other's", async () => {
    const { tryId } = (await on(t.app, "POST", "/api/ivr-menus/try", {})).view;
    const [first, other] = await Promise.all([
      on(t.app, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "" }),
      on(second, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "" }),
    ]);
    expect([first.status, other.status]).toEqual([200, 200]);
    // Two waits at the main menu, whichever saved first: the next step replays both.
    const third = await on(second, "POST", `/api/ivr-menus/try/${tryId}/keys`, { digits: "1" });
    expect(said(third.view)).toEqual(["Sales menu."]);
    const redis = t.app.deps.redis as Redis;
    const state = JSON.parse(
      (await redis.hget(`${t.config.QUEUE_PREFIX}:try:call:${tryId}`, "state")) ?? "{}",
    );
    expect(state.keys).toEqual(["", "", "1"]);
  });
});
