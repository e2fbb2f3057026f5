import { teamMessages } from "@poundline/contracts/team/schemas";
import { INVITATION_LIFETIME_MS } from "@poundline/modules/team/invitations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { testClock } from "../auth/helpers";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { subscribe } from "../numbers/helpers";
import { inviteAndGetToken, memberCount, membershipOf, registration, send } from "./helpers";

const clock = testClock();
let t: TestApp;
let owner: TestUser;
let asOwner: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  owner = await createUser(t);
  await subscribe(t, owner.accountId, "Professional");
  asOwner = await signIn(t, owner);
});
afterAll(() => t.close());

const refusal = (res: { statusCode: number; json: () => { error: { message: string } } }) => [
  res.statusCode,
  res.json().error.message,
];

describe("an invitation's link", () => {
  it("expires after 7 days: refused to an existing user and to registration alike", async () => {
    const invitee = await createUser(t);
    const { token } = await inviteAndGetToken(t, asOwner, invitee.email);
    const fresh = await inviteAndGetToken(t, asOwner, "late@example.com");
    clock.advance(INVITATION_LIFETIME_MS + 1000);
    expect((await send(t, null, "GET", `/api/invitations/${token}`)).json().status).toBe("expired");
    const accept = await send(t, await signIn(t, invitee), "POST", `/api/invitations/${token}/accept`);
    expect(refusal(accept)).toEqual([409, teamMessages.linkExpired]);
    const register = await send(t, null, "POST", `/api/invitations/${fresh.token}/register`, registration);
    expect(refusal(register)).toEqual([409, teamMessages.linkExpired]);
    expect(await membershipOf(t, owner.accountId, invitee.id)).toBeNull();
  });

  it("works once: a second acceptance is refused", async () => {
    const invitee = await createUser(t);
    const { token } = await inviteAndGetToken(t, asOwner, invitee.email);
    const asInvitee = await signIn(t, invitee);
    expect((await send(t, asInvitee, "POST", `/api/invitations/${token}/accept`)).statusCode).toBe(200);
    const again = await send(t, asInvitee, "POST", `/api/invitations/${token}/accept`);
    expect(refusal(again)).toEqual([409, teamMessages.linkAccepted]);
    const register = await send(t, null, "POST", `/api/invitations/${token}/register`, registration);
    expect(refusal(register)).toEqual([409, teamMessages.linkAccepted]);
  });

  it("stops working once revoked", async () => {
    const invitee = await createUser(t);
    const { invitation, token } = await inviteAndGetToken(t, asOwner, invitee.email);
    await send(t, asOwner, "DELETE", `/api/team/invitations/${invitation.id}`);
    const accept = await send(t, await signIn(t, invitee), "POST", `/api/invitations/${token}/accept`);
    expect(refusal(accept)).toEqual([409, teamMessages.linkRevoked]);
    expect(await membershipOf(t, owner.accountId, invitee.id)).toBeNull();
  });

  it("is accepted only by the address it was sent to", async () => {
    const { token } = await inviteAndGetToken(t, asOwner, "someone@example.com");
    const stranger = await signIn(t, await createUser(t));
    const res = await send(t, stranger, "POST", `/api/invitations/${token}/accept`);
    expect(refusal(res)).toEqual([403, teamMessages.wrongUser("someone@example.com")]);
  });

  it("does not register an address that has a user: they sign in to accept", async () => {
    const invitee = await createUser(t);
    const { token } = await inviteAndGetToken(t, asOwner, invitee.email);
    const res = await send(t, null, "POST", `/api/invitations/${token}/register`, registration);
    expect(refusal(res)).toEqual([409, teamMessages.emailTaken]);
  });

  it("names nothing with an unknown token", async () => {
    const res = await send(t, null, "GET", `/api/invitations/${"a".repeat(32)}`);
    expect(refusal(res)).toEqual([404, teamMessages.linkInvalid]);
  });

  it("refuses a registration without the fields' messages filled", async () => {
    const { token } = await inviteAndGetToken(t, asOwner, "short@example.com");
    const res = await send(t, null, "POST", `/api/invitations/${token}/register`, {
      ...registration,
      password: "short",
      confirmPassword: "other",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(["body.password", "body.confirmPassword"]);
  });
});

describe("inviting", () => {
  it("counts the seats: the trial's 1 admin and 2 users, in the plan's words", async () => {
    const trial = await createUser(t);
    const asTrial = await signIn(t, trial);
    const admin = await send(t, asTrial, "POST", "/api/team/invitations", {
      email: "a@example.com",
      role: "admin",
    });
    expect(refusal(admin)).toEqual([
      403,
      "Your Free Trial plan includes 1 admin and this account has 1. Upgrade to Starter to lift it.",
    ]);
    await createMember(t, trial.accountId, "member");
    await createMember(t, trial.accountId, "viewer");
    const full = await send(t, asTrial, "POST", "/api/team/invitations", {
      email: "b@example.com",
      role: "member",
    });
    expect(refusal(full)).toEqual([
      403,
      "Your Free Trial plan includes 1 admin and 2 users and this account has 3. Upgrade to Starter to lift it.",
    ]);
  });

  it("refuses a member's address and an address invited already", async () => {
    const member = await createMember(t, owner.accountId, "member");
    const dup = await send(t, asOwner, "POST", "/api/team/invitations", {
      email: member.email,
      role: "member",
    });
    expect(refusal(dup)).toEqual([409, teamMessages.alreadyMember]);
    await inviteAndGetToken(t, asOwner, "twice@example.com");
    const twice = await send(t, asOwner, "POST", "/api/team/invitations", {
      email: "twice@example.com",
      role: "member",
    });
    expect(refusal(twice)).toEqual([409, teamMessages.alreadyInvited]);
  });

  it("refuses a role it does not offer and an address that is none", async () => {
    const res = await send(t, asOwner, "POST", "/api/team/invitations", { email: "nope", role: "owner" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "body.email": [teamMessages.email],
      "body.role": [teamMessages.role],
    });
  });
});

describe("members", () => {
  it("keeps the owner: not removed, not demoted", async () => {
    const admin = await createMember(t, owner.accountId, "admin");
    const asAdmin = await signIn(t, admin);
    const remove = await send(t, asAdmin, "DELETE", `/api/team/members/${owner.id}`);
    expect(refusal(remove)).toEqual([409, teamMessages.ownerStays]);
    const demote = await send(t, asAdmin, "PATCH", `/api/team/members/${owner.id}`, { role: "member" });
    expect(refusal(demote)).toEqual([409, teamMessages.ownerStays]);
    expect(await membershipOf(t, owner.accountId, owner.id)).toEqual({ role: "owner" });
  });

  it("does not transfer the ownership without the right password", async () => {
    const heir = await createMember(t, owner.accountId, "member");
    const before = await memberCount(t, owner.accountId);
    const res = await send(t, asOwner, "POST", "/api/team/ownership", {
      userId: heir.id,
      password: "wrong password",
    });
    expect(refusal(res)).toEqual([400, teamMessages.passwordIncorrect]);
    expect(await membershipOf(t, owner.accountId, owner.id)).toEqual({ role: "owner" });
    expect(await memberCount(t, owner.accountId)).toBe(before);
  });

  it("does not switch a session to an account its user is not in", async () => {
    const stranger = await createUser(t);
    const res = await send(t, await signIn(t, stranger), "PUT", "/api/accounts/current", {
      accountId: owner.accountId,
    });
    expect(refusal(res)).toEqual([404, teamMessages.noSuchAccount]);
  });
});
