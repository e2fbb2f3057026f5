import { describe, expect, it } from "vitest";
import { openSoftphone } from "../softphone/helpers";
import { transferTeam } from "./transfer-team";

/** A cold transfer of a call answered in the browser: the caller is handed to a colleague. */

const { team, answeredInBrowser, transfer } = transferTeam();

describe("a cold transfer", () => {
  it("to a colleague: the browser's leg ends, the colleague's phone takes the caller", async () => {
    const { owner, ownerIn, amy } = team;
    const { phone, call, parent } = await answeredInBrowser();
    const res = await transfer(ownerIn, parent, { kind: "member", userId: amy.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ callSid: parent, target: { kind: "member", userId: amy.id } });
    await phone.next("disconnected");
    const transcript = await call;
    expect(transcript.dials.map((d) => [d.legs.map((l) => l.target), d.dialCallStatus])).toEqual([
      [[`${owner.accountId}_${owner.id}`], "completed"],
      [["+13055550203"], "completed"],
    ]);
    phone.close();
  });

  it("to an outside number the account may call: it is dialled as E.164", async () => {
    const { phone, call, parent } = await answeredInBrowser();
    const res = await transfer(team.ownerIn, parent, { kind: "number", number: "(305) 555-0999" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().target).toEqual({ kind: "number", number: "+13055550999" });
    await phone.next("disconnected");
    expect((await call).dials[1]?.legs.map((l) => l.target)).toEqual(["+13055550999"]);
    phone.close();
  });

  it("of a call placed from the browser: the callee is handed to Amy's phone, the member's call ends", async () => {
    const { ownerIn, amy } = team;
    const phone = await openSoftphone(team.t, team.sim, ownerIn);
    phone.send({ type: "connect", ref: "out-cold", params: { To: "+13055550778" } });
    const own = (await phone.next("ringing")).parameters.CallSid;
    await phone.next("accepted");
    const legOf = (parent: string) => () =>
      team.sim.calls().find((c) => c.parentCallSid === parent && c.status === "in-progress");
    await expect.poll(legOf(own)).toBeDefined();
    const callee = legOf(own)()?.sid ?? "";

    const res = await transfer(ownerIn, own, { kind: "member", userId: amy.id });
    expect(res.statusCode, res.body).toBe(200);
    // The browser's call ends with its Dial; the callee's leg now rings Amy's phone, which answers.
    await phone.next("disconnected");
    await expect.poll(() => legOf(callee)()?.to).toBe("+13055550203");
    team.sim.updateCall(callee, "completed");
    await expect.poll(() => team.sim.call(callee)?.status).toBe("completed");
    // Call history shows one call with both hops: the callee, and Amy's phone the callee was handed to.
    const parties = async () => {
      const res = await team.t.app.inject({ method: "GET", url: "/api/calls", headers: ownerIn.headers });
      const logged = res
        .json()
        .calls.find(
          (c: { direction: string; toNumber: string }) =>
            c.direction === "outbound" && c.toNumber === "+13055550778",
        );
      return logged?.parties.map((p: { number: string; userId: string | null }) => [p.number, p.userId]);
    };
    await expect.poll(parties).toEqual([
      ["+13055550778", null],
      ["+13055550203", amy.id],
    ]);
    phone.close();
  });
});
