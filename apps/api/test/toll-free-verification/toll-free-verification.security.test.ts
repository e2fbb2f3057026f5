import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";
import { buyTollFree, payingAccount, profileBody, verificationUrl } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
let member: SignedIn;
let number: { id: string; e164: string };

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  await payingAccount(t, user.accountId);
  owner = await signIn(t, user);
  member = await signIn(t, await createMember(t, user.accountId, "member"));
  stranger = await signIn(t, await createUser(t));
  number = await buyTollFree(t, owner);
});
afterAll(() => t.close());

const rows = () =>
  t.db.db
    .select()
    .from(schema.tollFreeVerifications)
    .where(eq(schema.tollFreeVerifications.phoneNumberId, number.id));

describe("who may see and submit a number's verification", () => {
  it.each(["GET", "POST", "PUT"] as const)("%s: anonymous gets 401", async (method) => {
    const res = await t.app.inject({
      method,
      url: verificationUrl(number.id),
      ...(method === "GET" ? {} : { payload: profileBody() }),
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(["GET", "POST", "PUT"] as const)(
    "%s: another account gets 404, as for a missing number",
    async (method) => {
      const res = await t.app.inject({
        method,
        url: verificationUrl(number.id),
        headers: stranger.headers,
        ...(method === "GET" ? {} : { payload: profileBody() }),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe("Phone number not found");
      expect(await rows()).toEqual([]);
    },
  );

  it("a member sees the status but may not submit", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: verificationUrl(number.id), headers: member.headers }))
        .statusCode,
    ).toBe(200);
    const res = await t.app.inject({
      method: "POST",
      url: verificationUrl(number.id),
      headers: member.headers,
      payload: profileBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  it("another account cannot decide this number's verification through the sim's control", async () => {
    const submitted = await t.app.inject({
      method: "POST",
      url: verificationUrl(number.id),
      headers: owner.headers,
      payload: profileBody(),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const [row] = await rows();
    const res = await t.app.inject({
      method: "POST",
      url: `/carrier-sim/sim/tollfree-verifications/${row?.carrierSid}/review`,
      headers: { ...stranger.headers, "content-type": "application/json" },
      payload: { decision: "approve" },
    });
    expect(res.statusCode, res.body).not.toBe(200);
    expect(t.app.deps.simulator?.tollfreeVerifications.get(row?.carrierSid ?? "")?.decision).toBeNull();
  });
});
