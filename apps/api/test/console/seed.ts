import { newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";

const DAY = 24 * 3600_000;

/** A number of the account's, for caller IDs: with an E911 address unless told otherwise. */
export async function addNumber(
  t: TestApp,
  accountId: string,
  e164: string,
  options: { e911?: boolean } = {},
) {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164, friendlyName: "Main line" });
  if (options.e911 ?? true) await addEmergencyAddress(t, accountId, id);
  return id;
}

/** An E911 address for a number, as if registered with the carrier. */
export async function addEmergencyAddress(t: TestApp, accountId: string, phoneNumberId: string) {
  await t.db.db.insert(schema.emergencyAddresses).values({
    phoneNumberId,
    accountId,
    carrierSid: `AD${crypto.randomUUID().replaceAll("-", "")}`,
    customerName: "Test Co",
    street: "100 Main Street",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
  });
}

/** A call log `daysAgo` days before `now`. */
export async function addCall(
  t: TestApp,
  accountId: string,
  now: Date,
  daysAgo: number,
  fields: Partial<typeof schema.callLogs.$inferInsert> = {},
) {
  const id = newId("call");
  await t.db.db.insert(schema.callLogs).values({
    id,
    accountId,
    callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
    direction: "inbound",
    fromNumber: "+13055550111",
    toNumber: "+13055550100",
    callStatus: "completed",
    callStartTime: new Date(now.getTime() - daysAgo * DAY),
    ...fields,
  });
  return id;
}

export async function addVoicemail(t: TestApp, accountId: string, status: "unread" | "read" = "unread") {
  const id = newId("voicemail");
  const sid = crypto.randomUUID().replaceAll("-", "");
  await t.db.db.insert(schema.voicemails).values({
    id,
    accountId,
    callSid: `CA${sid}`,
    recordingSid: `RE${sid}`,
    recordingUrl: "https://example.com/r.wav",
    fromNumber: "+13055550111",
    toNumber: "+13055550100",
    durationSeconds: 12,
    transcription: "Please call me back",
    status,
  });
  return id;
}

export async function addMessage(
  t: TestApp,
  accountId: string,
  fields: Partial<typeof schema.messages.$inferInsert> = {},
) {
  const id = newId("message");
  await t.db.db.insert(schema.messages).values({
    id,
    accountId,
    messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
    direction: "inbound",
    fromNumber: "+13055550111",
    toNumber: "+13055550100",
    body: "Hello there",
    status: "received",
    ...fields,
  });
  return id;
}

/** A ticket of the user's with a support reply (unread unless told). */
export async function addTicketReply(t: TestApp, accountId: string, userId: string, read = false) {
  const ticketId = newId("ticket");
  await t.db.db
    .insert(schema.supportTickets)
    .values({ id: ticketId, accountId, userId, subject: "Help", description: "Please" });
  await t.db.db.insert(schema.supportTicketReplies).values({
    id: newId("reply"),
    ticketId,
    message: "We are on it",
    isAdminReply: true,
    readAt: read ? new Date() : null,
  });
}

/** The account's prepaid wallet holding `cents` (created, or set). */
export async function fundWallet(t: TestApp, accountId: string, cents: number) {
  await t.db.db
    .insert(schema.wallets)
    .values({ id: newId("wallet"), accountId, balanceCents: cents })
    .onConflictDoUpdate({ target: schema.wallets.accountId, set: { balanceCents: cents } });
}

/** A caller in a number's ring group line (a ring hunt), joined `secondsAgo` before now. */
export async function addWaitingCaller(
  t: TestApp,
  accountId: string,
  phoneNumberId: string,
  callSid: string,
  options: { state?: "waiting" | "hunting" | "bridged"; callbackNumber?: string; secondsAgo?: number } = {},
) {
  await t.db.db.insert(schema.ringHunts).values({
    id: `hunt_${callSid.toLowerCase()}`,
    accountId,
    phoneNumberId,
    callerCallSid: callSid,
    callerNumber: "+13055551234",
    target: "open",
    state: options.state ?? "waiting",
    callbackNumber: options.callbackNumber ?? null,
    createdAt: new Date(Date.now() - (options.secondsAgo ?? 0) * 1000),
  });
}
