import { teamMessages } from "@poundline/contracts/team/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { inviteAndGetToken, membershipOf, send } from "./helpers";

let t: TestApp;
let owner: TestUser;
let asOwner: SignedIn;
let asStranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  await subscribe(t, owner.accountId, "Professional");
  asOwner = await signIn(t, owner);
  asStranger = await signIn(t, await createUser(t));
});
afterAll(() => t.close());

describe("another account's team", () => {
  it("is not found: its members cannot be changed or removed", async () => {
    const member = await createMember(t, owner.accountId, "member");
    const change = await send(t, asStranger, "PATCH", `/api/team/members/${member.id}`, { role: "admin" });
    expect(change.statusCode).toBe(404);
    const remove = await send(t, asStranger, "DELETE", `/api/team/members/${member.id}`);
    expect(remove.statusCode).toBe(404);
    expect(await membershipOf(t, owner.accountId, member.id)).toEqual({ role: "member" });
  });

  it("is not found: its invitations cannot be resent or revoked", async () => {
    const { invitation, token } = await inviteAndGetToken(t, asOwner, "guarded@example.com");
    expect(
      (await send(t, asStranger, "POST", `/api/team/invitations/${invitation.id}/resend`)).statusCode,
    ).toBe(404);
    expect((await send(t, asStranger, "DELETE", `/api/team/invitations/${invitation.id}`)).statusCode).toBe(
      404,
    );
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).json().status).toBe("open");
  });

  it("cannot be joined by transferring the ownership to an outsider", async () => {
    const outsider = await createUser(t);
    const res = await send(t, asOwner, "POST", "/api/team/ownership", {
      userId: outsider.id,
      password: owner.password,
    });
    expect([res.statusCode, res.json().error.message]).toEqual([404, teamMessages.memberNotFound]);
    expect(await membershipOf(t, owner.accountId, outsider.id)).toBeNull();
  });
});

describe("a member", () => {
  it("cannot promote themselves or another member", async () => {
    const member = await createMember(t, owner.accountId, "member");
    const asMember = await signIn(t, member);
    const res = await send(t, asMember, "PATCH", `/api/team/members/${member.id}`, { role: "admin" });
    expect(res.statusCode).toBe(403);
    expect(await membershipOf(t, owner.accountId, member.id)).toEqual({ role: "member" });
  });

  it("an admin cannot change their own role", async () => {
    const admin = await createMember(t, owner.accountId, "admin");
    const res = await send(t, await signIn(t, admin), "PATCH", `/api/team/members/${admin.id}`, {
      role: "viewer",
    });
    expect([res.statusCode, res.json().error.message]).toEqual([409, teamMessages.notYourself]);
  });
});
