import type { CarrierSim } from "@poundline/carrier-sim";
import { schema } from "@poundline/db";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber } from "../console/seed";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { fundWallet, openSoftphone } from "../softphone/helpers";

/**
 * An owner who rings in the browser (their direct number +13055550100), Amy with a phone (her direct
 * number +13055550101), Ben who rings in the browser too, and a stranger of another account, on the
 * embedded simulator; set up once per test file.
 */
export function transferTeam() {
  const team = {} as {
    t: TestApp;
    sim: CarrierSim;
    owner: TestUser;
    ownerIn: SignedIn;
    amy: TestUser;
    amyIn: SignedIn;
    ben: TestUser;
    benIn: SignedIn;
    strangerIn: SignedIn;
  };
  beforeAll(async () => {
    const t = await createTestApp({ config: { LOG_LEVEL: "error" } });
    if (!t.app.deps.simulator) throw new Error("the embedded simulator is the carrier");
    const owner = await createUser(t);
    const amy = await createMember(t, owner.accountId, "member", { firstName: "Amy" });
    const ben = await createMember(t, owner.accountId, "member", { firstName: "Ben" });
    const numberId = await addNumber(t, owner.accountId, "+13055550100");
    const amysNumberId = await addNumber(t, owner.accountId, "+13055550101");
    await fundWallet(t, owner.accountId);
    await t.db.db.insert(schema.memberSettings).values([
      { accountId: owner.accountId, userId: owner.id, ringBrowser: true, directNumberId: numberId },
      {
        accountId: owner.accountId,
        userId: amy.id,
        forwardingPhone: "+13055550203",
        directNumberId: amysNumberId,
      },
      { accountId: owner.accountId, userId: ben.id, ringBrowser: true },
    ]);
    await t.app.deps.routing.changed();
    Object.assign(team, {
      t,
      sim: t.app.deps.simulator,
      owner,
      ownerIn: await signIn(t, owner),
      amy,
      amyIn: await signIn(t, amy),
      ben,
      benIn: await signIn(t, ben),
      strangerIn: await signIn(t, await createUser(t)),
    });
  });
  afterAll(() => team.t.close());

  /** A caller rings the owner's browser, which answers: the caller's call and the device. */
  async function answeredInBrowser() {
    const phone = await openSoftphone(team.t, team.sim, team.ownerIn);
    const call = team.sim.placeCall({
      from: "+13055551234",
      to: "+13055550100",
      dial: { "+13055550203": { outcome: "answer" } },
    });
    const incoming = await phone.next("incoming");
    phone.send({ type: "accept", callSid: incoming.parameters.CallSid });
    await phone.next("accepted");
    return {
      phone,
      call,
      parent: incoming.customParameters.ParentCallSid ?? "",
      leg: incoming.parameters.CallSid,
    };
  }

  let callers = 0;

  /** A caller rings Amy's direct number and her phone answers, staying on until moved or hung up. */
  async function answeredOnPhone() {
    const from = `+1305555${String(2000 + ++callers)}`;
    const call = team.sim.placeCall({
      from,
      to: "+13055550101",
      dial: { "+13055550203": { outcome: "answer", ringSeconds: 0, staysOn: true } },
    });
    const connected = () => {
      const parent = team.sim.calls().find((c) => c.from === from && c.direction === "inbound");
      const leg = team.sim.calls().find((c) => parent && c.parentCallSid === parent.sid);
      return parent && leg?.status === "in-progress" ? { parent: parent.sid, leg: leg.sid } : null;
    };
    await expect.poll(connected).not.toBeNull();
    return { call, from, ...(connected() ?? { parent: "", leg: "" }) };
  }

  const transfer = (who: SignedIn, callSid: string, target: object) =>
    team.t.app.inject({
      method: "POST",
      url: `/api/calls/${callSid}/transfer`,
      headers: who.headers,
      payload: { target },
    });

  return { team, answeredInBrowser, answeredOnPhone, transfer };
}
