import { newId, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { destinationRefusal } from "@poundline/domain/destination-policy";
import { loadDestinationPolicy } from "@poundline/modules/destinations/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { createTrialUser, topUp } from "./helpers";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An account's number, a verified number, a pending one, and another account's verified number. */
async function numbersOf(accountId: string, own: string) {
  await t.db.db.insert(schema.phoneNumbers).values({ id: newId("number"), accountId, e164: own });
  await t.db.db.insert(schema.verifiedNumbers).values([
    { id: newId("verifiedNumber"), accountId, e164: "+14045550151", verifiedAt: new Date() },
    { id: newId("verifiedNumber"), accountId, e164: "+14045550152" },
  ]);
  const stranger = await createUser(t);
  await t.db.db.insert(schema.verifiedNumbers).values({
    id: newId("verifiedNumber"),
    accountId: stranger.accountId,
    e164: "+14045550153",
    verifiedAt: new Date(),
  });
}

describe("the destination policy of an unpaid trial", () => {
  it("reaches its verified numbers and its own numbers, nothing else", async () => {
    const { user } = await createTrialUser(t);
    const own = "+14075550154";
    await numbersOf(user.accountId, own);
    const policy = await loadDestinationPolicy(t.db.db, user.accountId);
    expect([...(policy.trialDialable ?? [])].sort()).toEqual([own, "+14045550151"].sort());
    expect(destinationRefusal("+14045550151", policy)).toBeNull();
    expect(destinationRefusal(own, policy)).toBeNull();
    for (const refused of ["+14045550152", "+14045550153", "+13125550100"])
      expect(destinationRefusal(refused, policy)?.code, refused).toBe("trial");
  });

  it.each([
    ["once it tops up its wallet", (accountId: string) => topUp(t, accountId)],
    ["once it subscribes", (accountId: string) => subscribe(t, accountId, "Starter")],
  ])("is lifted %s", async (_case, pay) => {
    const { user } = await createTrialUser(t);
    expect((await loadDestinationPolicy(t.db.db, user.accountId)).trialDialable).not.toBeNull();
    await pay(user.accountId);
    const policy = await loadDestinationPolicy(t.db.db, user.accountId);
    expect(policy.trialDialable).toBeNull();
    expect(destinationRefusal("+13125550100", policy)).toBeNull();
  });

  it("never applies to an account that had no trial", async () => {
    const user = await createUser(t);
    expect((await loadDestinationPolicy(t.db.db, user.accountId)).trialDialable).toBeNull();
  });
});

describe("the routing tables of an unpaid trial", () => {
  it("forward only to its verified and own numbers, and a verification opens a forward at once", async () => {
    const ids = await insertRoutingConfig(t.db.db, {
      accounts: [
        { key: "trial", trialEndsAt: "2099-01-01T00:00:00Z", status: "trialing" },
        { key: "paid", trialEndsAt: "2099-01-01T00:00:00Z", status: "trialing", subscribed: true },
      ],
      numbers: [
        { key: "trial-main", account: "trial", e164: "+14075550161" },
        { key: "paid-main", account: "paid", e164: "+14075550162" },
      ],
      extensions: [
        {
          key: "trial-ext",
          account: "trial",
          number: 101,
          name: "Sam",
          forwardingNumbers: ["+14045550171", "+14045550172", "+14075550161"],
        },
        {
          key: "paid-ext",
          account: "paid",
          number: 101,
          name: "Kim",
          forwardingNumbers: ["+14045550171", "+14045550172"],
        },
      ],
    });
    const trial = ids.get("trial") as string;
    await t.db.db.insert(schema.verifiedNumbers).values({
      id: newId("verifiedNumber"),
      accountId: trial,
      e164: "+14045550171",
      verifiedAt: new Date(),
    });
    await t.app.deps.routing.changed();
    const forwards = (account: string, extension: string) =>
      t.app.deps.routing
        .current()
        .accounts.get(ids.get(account) as string)
        ?.extensions.get(ids.get(extension) as string)?.forwardingNumbers;
    expect(forwards("trial", "trial-ext")).toEqual(["+14045550171", "+14075550161"]);
    expect(forwards("paid", "paid-ext")).toEqual(["+14045550171", "+14045550172"]);

    await t.db.db.insert(schema.verifiedNumbers).values({
      id: newId("verifiedNumber"),
      accountId: trial,
      e164: "+14045550172",
      verifiedAt: new Date(),
    });
    await t.app.deps.routing.changed();
    expect(forwards("trial", "trial-ext")).toEqual(["+14045550171", "+14045550172", "+14075550161"]);
  });
});
