import { TRANSFER_MESSAGES } from "@poundline/contracts/calls/schemas";
import { describe, expect, it } from "vitest";
import { transferTeam } from "./transfer-team";

/** Another account's call is not found by the transfer, and is not touched. */

const { team, answeredInBrowser, transfer } = transferTeam();

describe("a transfer across accounts", () => {
  it("another account's call is not found (404), and goes on as it was", async () => {
    const { phone, call, parent, leg } = await answeredInBrowser();
    const res = await transfer(team.strangerIn, parent, { kind: "number", number: "+13055550999" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(TRANSFER_MESSAGES.notFound);
    phone.send({ type: "hangup", callSid: leg });
    expect((await call).dials).toHaveLength(1);
    phone.close();
  });
});
