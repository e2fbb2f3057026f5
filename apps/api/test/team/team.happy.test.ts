import { permissionsOf } from "@poundline/contracts/auth/permissions";
import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { sessionCookieOf, sessionsOf } from "../auth/helpers";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { inviteAndGetToken, membershipOf, registration, send, tokenMailedTo } from "./helpers";

let t: TestApp;
let owner: TestUser;
let asOwner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { companyName: "Harbour Dental" });
  await subscribe(t, owner.accountId, "Professional");
  asOwner = await signIn(t, owner);
});
afterAll(() => t.close());

const sessionOf = async (as: SignedIn) => (await send(t, as, "GET", "/api/auth/session")).json();

describe("inviting", () => {
  it("mails a link whose page names the account, the role and who invited", async () => {
    const { invitation, token } = await inviteAndGetToken(t, asOwner, "New.Hire@Example.com", "viewer");
    expect(invitation).toMatchObject({ email: "new.hire@example.com", role: "viewer", expired: false });
    const listed = (await send(t, asOwner, "GET", "/api/team/invitations")).json().items;
    expect(listed.map((i: { email: string }) => i.email)).toContain("new.hire@example.com");

    const preview = await send(t, null, "GET", `/api/invitations/${token}`);
    expect(preview.json()).toEqual({
      companyName: "Harbour Dental",
      email: "new.hire@example.com",
      role: "viewer",
      invitedBy: `${owner.firstName} ${owner.lastName}`,
      status: "open",
      existingUser: false,
    });
  });

  it("registers someone new on the invited address, signed in and working in the account", async () => {
    const { token } = await inviteAndGetToken(t, asOwner, "fresh@example.com");
    const res = await send(t, null, "POST", `/api/invitations/${token}/register`, registration);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().account).toMatchObject({ id: owner.accountId, role: "member" });
    const [user] = await t.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, "fresh@example.com"));
    expect(user?.emailConfirmedAt).not.toBeNull();
    expect(await membershipOf(t, owner.accountId, user?.id ?? "")).toEqual({ role: "member" });
    const cookie = sessionCookieOf(res) ?? "";
    const again = { cookie, headers: { cookie, origin: "http://localhost:3000" } };
    expect((await sessionOf(again)).account.id).toBe(owner.accountId);
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).json().status).toBe("accepted");
  });

  it("lets an existing user of another account accept, then switch between the two", async () => {
    const other = await createUser(t, { companyName: "Other Co" });
    const asOther = await signIn(t, other);
    const { token } = await inviteAndGetToken(t, asOwner, other.email, "admin");
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).json().existingUser).toBe(true);

    const accepted = await send(t, asOther, "POST", `/api/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ accountId: owner.accountId, companyName: "Harbour Dental" });
    expect((await sessionOf(asOther)).account).toMatchObject({ id: owner.accountId, role: "admin" });

    const mine = (await send(t, asOther, "GET", "/api/accounts")).json().items;
    expect(mine).toEqual([
      { id: other.accountId, companyName: "Other Co", role: "owner", current: false },
      { id: owner.accountId, companyName: "Harbour Dental", role: "admin", current: true },
    ]);
    const switched = await send(t, asOther, "PUT", "/api/accounts/current", { accountId: other.accountId });
    expect(switched.statusCode).toBe(200);
    expect((await sessionOf(asOther)).account).toMatchObject({ id: other.accountId, role: "owner" });
  });

  it("resends with a new link: the old one stops working", async () => {
    const { invitation, token } = await inviteAndGetToken(t, asOwner, "resend@example.com");
    const res = await send(t, asOwner, "POST", `/api/team/invitations/${invitation.id}/resend`);
    expect(res.statusCode).toBe(200);
    const newToken = await tokenMailedTo(t, "resend@example.com");
    expect(newToken).not.toBe(token);
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).statusCode).toBe(404);
    expect((await send(t, null, "GET", `/api/invitations/${newToken}`)).json().status).toBe("open");
  });

  it("revokes: the link says so and the invitation leaves the list", async () => {
    const { invitation, token } = await inviteAndGetToken(t, asOwner, "revoked@example.com");
    expect((await send(t, asOwner, "DELETE", `/api/team/invitations/${invitation.id}`)).statusCode).toBe(204);
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).json().status).toBe("revoked");
    const listed = (await send(t, asOwner, "GET", "/api/team/invitations")).json().items;
    expect(listed.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
  });
});

describe("members", () => {
  it("lists the members and the seats the plan sells", async () => {
    const res = (await send(t, asOwner, "GET", "/api/team/members")).json();
    expect(res.seats).toMatchObject({ plan: "Professional", limit: 15, used: res.items.length });
    expect(res.items[0]).toMatchObject({ id: owner.id, role: "owner", isYou: true });
  });

  it("changes a role: the member's session allows what the new role does", async () => {
    const member = await createMember(t, owner.accountId, "member");
    const asMember = await signIn(t, member);
    const res = await send(t, asOwner, "PATCH", `/api/team/members/${member.id}`, { role: "viewer" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await membershipOf(t, owner.accountId, member.id)).toEqual({ role: "viewer" });
    expect((await sessionOf(asMember)).account.permissions).toEqual(permissionsOf("viewer"));
  });

  it("removes a member: their sessions in this account end, those in their own account stay", async () => {
    const colleague = await createUser(t);
    const inOwn = await signIn(t, colleague);
    const { token } = await inviteAndGetToken(t, asOwner, colleague.email);
    const inHarbour = await signIn(t, colleague);
    await send(t, inHarbour, "POST", `/api/invitations/${token}/accept`);
    const res = await send(t, asOwner, "DELETE", `/api/team/members/${colleague.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await membershipOf(t, owner.accountId, colleague.id)).toBeNull();
    expect((await sessionOf(inHarbour)).user).toBeNull();
    expect((await sessionOf(inOwn)).account.id).toBe(colleague.accountId);
    expect(await sessionsOf(t, colleague.id)).toHaveLength(1);
  });

  it("transfers the ownership with the password: the former owner stays as an admin", async () => {
    const boss = await createUser(t);
    await subscribe(t, boss.accountId, "Starter");
    const heir = await createMember(t, boss.accountId, "member");
    const res = await send(t, await signIn(t, boss), "POST", "/api/team/ownership", {
      userId: heir.id,
      password: boss.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await membershipOf(t, boss.accountId, heir.id)).toEqual({ role: "owner" });
    expect(await membershipOf(t, boss.accountId, boss.id)).toEqual({ role: "admin" });
  });

  it("on the trial, which includes one admin, the former owner stays as a member", async () => {
    const boss = await createUser(t);
    const heir = await createMember(t, boss.accountId, "member");
    const res = await send(t, await signIn(t, boss), "POST", "/api/team/ownership", {
      userId: heir.id,
      password: boss.password,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await membershipOf(t, boss.accountId, heir.id)).toEqual({ role: "owner" });
    expect(await membershipOf(t, boss.accountId, boss.id)).toEqual({ role: "member" });
  });
});
