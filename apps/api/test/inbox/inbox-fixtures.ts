import { newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn, type TestUser } from "../fixtures";
import { addNumber, addText } from "../messages/conversation-fixtures";

/** An account of three (owner Olive, members Mia and Max), one number, a conversation, a voicemail and a call. */
export interface Team {
  owner: TestUser;
  mia: TestUser;
  max: TestUser;
  sessions: { owner: SignedIn; mia: SignedIn; max: SignedIn };
  numberId: string;
  ourNumber: string;
  peerNumber: string;
  voicemailId: string;
  callId: string;
}

export async function createTeam(t: TestApp, ourNumber: string): Promise<Team> {
  const owner = await createUser(t, { firstName: "Olive", lastName: "Owner" });
  const mia = await createMember(t, owner.accountId, "member", { firstName: "Mia", lastName: "Moss" });
  const max = await createMember(t, owner.accountId, "member", { firstName: "Max", lastName: "Mint" });
  const numberId = await addNumber(t, owner.accountId, ourNumber);
  const peerNumber = "+15557770101";
  await addText(t, {
    accountId: owner.accountId,
    ourNumber,
    peerNumber,
    direction: "inbound",
    body: "Is the shop open on Sunday?",
    at: new Date("2025-03-01T12:00:00Z"),
  });
  const voicemailId = newId("voicemail");
  await t.db.db.insert(schema.voicemails).values({
    id: voicemailId,
    accountId: owner.accountId,
    callSid: `CA${voicemailId.slice(3)}`,
    recordingSid: `RE${voicemailId.slice(3)}`,
    recordingUrl: "https://api.twilio.com/Recordings/RE1",
    fromNumber: peerNumber,
    toNumber: ourNumber,
    createdAt: new Date("2025-03-01T13:00:00Z"),
  });
  const callId = newId("call");
  await t.db.db.insert(schema.callLogs).values({
    id: callId,
    accountId: owner.accountId,
    callSid: `CA${callId.slice(5)}`,
    direction: "inbound",
    fromNumber: peerNumber,
    toNumber: ourNumber,
    callStatus: "completed",
  });
  const sessions = { owner: await signIn(t, owner), mia: await signIn(t, mia), max: await signIn(t, max) };
  return { owner, mia, max, sessions, numberId, ourNumber, peerNumber, voicemailId, callId };
}

/** The bell entries of a member, as the database holds them. */
export async function bellOf(t: TestApp, userId: string) {
  const { eq } = await import("drizzle-orm");
  return t.db.db
    .select()
    .from(schema.memberNotifications)
    .where(eq(schema.memberNotifications.userId, userId));
}
