import { numberMessages } from "@poundline/contracts/numbers/schemas";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import { addNumber } from "./seed";

let t: TestApp;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

describe("GET /api/console/search bad input", () => {
  it.each([
    ["too short", "?q=a", "Enter at least 2 characters."],
    ["missing", "", "Enter something to search for."],
    ["a control character", "?q=ab%00cd", "Must not contain control characters."],
  ])("%s: 400 with the field's message", async (_name, query, message) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/console/search${query}`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().error.fields)).toContain(message);
  });
});

describe("POST /api/calls/click-to-call bad input", () => {
  it.each([
    ["an empty body", {}, "body.myPhone"],
    ["not a number", { myPhone: "call me", to: "+14045550199" }, "Enter a valid phone number."],
    ["destination missing", { myPhone: "+13055550142" }, "to"],
    [
      "a number too long",
      { myPhone: "+1".padEnd(40, "5"), to: "+14045550199" },
      "Enter a valid phone number.",
    ],
  ])("%s: 400 with field messages", async (_name, payload, expected) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(expected);
  });

  it("an account without a number: 400 saying so", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calls/click-to-call",
      headers: session.headers,
      payload: { myPhone: "+13055550142", to: "+14045550199" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields["body.callerId"]).toEqual([
      "This account has no phone number to call from.",
    ]);
  });

  it("a number without an E911 address: 400 saying so, nothing placed", async () => {
    const other = await createUser(t);
    const otherSession = await signIn(t, other);
    const numberId = await addNumber(t, other.accountId, "+13055550177", { e911: false });
    for (const payload of [{}, { callerId: numberId }]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/calls/click-to-call",
        headers: otherSession.headers,
        payload: { myPhone: "+13055550142", to: "+14045550199", ...payload },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields["body.callerId"]).toEqual([numberMessages.noE911]);
    }
    const logs = await t.db.db
      .select()
      .from(schema.callLogs)
      .where(eq(schema.callLogs.accountId, other.accountId));
    expect(logs).toEqual([]);
  });
});
