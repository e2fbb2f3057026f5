import { TRANSFER_MESSAGES } from "@poundline/contracts/calls/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transferTeam } from "./transfer-team";

/** Transfers refused: a destination the account may not call, a call that has ended, bad input. */

const { team, answeredInBrowser, transfer } = transferTeam();

describe("a transfer refused", () => {
  it("a destination the account may not call, on the field; the call goes on", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await transfer(team.ownerIn, parent, { kind: "number", number: "+19005550100" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["body.target.number"]);
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).dials).toHaveLength(1);
    phone.close();
  });

  it("a target that is not the account's", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await transfer(team.ownerIn, parent, { kind: "extension", extensionId: "ext_nothere" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ "body.target": [TRANSFER_MESSAGES.target] });
    phone.send({ type: "hangup", callSid: leg });
    await call;
    phone.close();
  });

  it("a call that has ended (409)", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    phone.send({ type: "hangup", callSid: leg });
    await call;
    await expect
      .poll(
        async () =>
          (await team.t.db.db.select().from(schema.callLogs).where(eq(schema.callLogs.callSid, parent)))
            .length,
      )
      .toBe(1);
    const res = await transfer(team.ownerIn, parent, { kind: "member", userId: team.amy.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(TRANSFER_MESSAGES.ended);
    phone.close();
  });

  it.each([
    ["a call sid of another shape", "call_123", { kind: "member", userId: "x" }, "params.callSid"],
    ["an unknown kind of target", `CA${"0".repeat(32)}`, { kind: "planet" }, "body.target.kind"],
  ])("bad input: %s", async (_name, sid, target, field) => {
    const res = await transfer(team.ownerIn, sid, target);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });
});
