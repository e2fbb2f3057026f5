import { newId, schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, createUser, type SignedIn, signIn } from "../fixtures";
import { buyNumber, createPortIn, eventRows, numberRows, portInBody, requestRow, simOf } from "./helpers";

let t: TestApp;
let owner: SignedIn;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t);
  accountId = user.accountId;
  owner = await signIn(t, user);
});
afterAll(() => t.close());

const decide = (sid: string, decision: string) =>
  simOf(t).porting[decision === "reject" ? "reject" : "completeNow"](sid, "Account number does not match");

describe("portability", () => {
  it("answers the carrier's word on each number", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/porting/portability",
      headers: owner.headers,
      payload: { numbers: ["+13055550177", "+18885550123"] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { e164: "+13055550177", portable: true, reason: null },
      { e164: "+18885550123", portable: false, reason: "MANUAL_PORTING_AVAILABLE" },
    ]);
  });
});

describe("a port-in request", () => {
  it("is signed (the letter stored as a PDF), submitted to the carrier, and listed", async () => {
    const created = await createPortIn(t, owner, portInBody(["+13055550101"]));
    expect(created).toMatchObject({ status: "in_review", carrierSid: expect.stringMatching(/^KW/) });
    const carrierRequest = simOf(t).porting.request(created.carrierSid);
    expect(carrierRequest?.numbers.map((n) => n.phoneNumber)).toEqual(["+13055550101"]);
    const row = await requestRow(t, created.id);
    expect(row).toMatchObject({ accountId, status: "in_review", signerName: "Ana Diaz" });
    const letter = await t.app.inject({
      method: "GET",
      url: `/api/porting/${created.id}/letter`,
      headers: owner.headers,
    });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers["content-type"]).toBe("application/pdf");
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const list = await t.app.inject({ method: "GET", url: "/api/porting", headers: owner.headers });
    expect(list.json().requests.map((r: { id: string }) => r.id)).toContain(created.id);
  });

  it("runs to completion through the carrier's webhooks: the number joins the account with the temporary number's routing", async () => {
    const temporary = await buyNumber(t, owner);
    await t.db.db
      .update(schema.numberRouting)
      .set({ ringStrategy: "sequential", businessHoursTargetType: "voicemail" })
      .where(eq(schema.numberRouting.phoneNumberId, temporary.id));
    await t.db.db
      .insert(schema.numberRouting)
      .values({ phoneNumberId: temporary.id, accountId, ringStrategy: "sequential" })
      .onConflictDoNothing();
    // What callers met on the temporary number: automated texts, a greeting, a person's direct line.
    await t.db.db.insert(schema.numberAutomations).values({
      phoneNumberId: temporary.id,
      accountId,
      missedCallEnabled: true,
      missedCallTemplate: "Sorry!",
      afterHoursTemplate: "Closed.",
      firstContactTemplate: "Hi.",
    });
    await t.db.db.insert(schema.greetings).values({
      id: newId("greeting"),
      accountId,
      phoneNumberId: temporary.id,
      slot: "voicemail",
      kind: "tts",
      ttsText: "Leave us a message.",
    });
    const member = await createMember(t, accountId, "member");
    await t.db.db
      .insert(schema.memberSettings)
      .values({ accountId, userId: member.id, directNumberId: temporary.id })
      .onConflictDoUpdate({
        target: [schema.memberSettings.accountId, schema.memberSettings.userId],
        set: { directNumberId: temporary.id },
      });
    const created = await createPortIn(
      t,
      owner,
      portInBody(["+13055550102"], { temporaryNumberId: temporary.id }),
    );
    await decide(created.carrierSid, "complete");

    expect(await requestRow(t, created.id)).toMatchObject({
      status: "completed",
      routingMovedAt: expect.any(Date),
    });
    const [number] = await numberRows(t, created.id);
    expect(number).toMatchObject({ status: "completed", phoneNumberId: expect.stringMatching(/^num_/) });
    const [ported] = await t.db.db
      .select()
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.e164, "+13055550102"));
    expect(ported).toMatchObject({ accountId, carrierSid: expect.stringMatching(/^PN/) });
    const [routing] = await t.db.db
      .select()
      .from(schema.numberRouting)
      .where(eq(schema.numberRouting.phoneNumberId, ported?.id ?? ""));
    expect(routing).toMatchObject({ ringStrategy: "sequential" });
    const temporaryRouting = await t.db.db
      .select()
      .from(schema.numberRouting)
      .where(eq(schema.numberRouting.phoneNumberId, temporary.id));
    expect(temporaryRouting).toEqual([]);
    const portedId = ported?.id ?? "";
    const automations = await t.db.db
      .select()
      .from(schema.numberAutomations)
      .where(eq(schema.numberAutomations.accountId, accountId));
    expect(automations.map((a) => [a.phoneNumberId, a.missedCallTemplate])).toEqual([[portedId, "Sorry!"]]);
    const greetings = await t.db.db
      .select()
      .from(schema.greetings)
      .where(eq(schema.greetings.accountId, accountId));
    expect(greetings.map((g) => [g.phoneNumberId, g.ttsText])).toEqual([[portedId, "Leave us a message."]]);
    const [line] = await t.db.db
      .select({ directNumberId: schema.memberSettings.directNumberId })
      .from(schema.memberSettings)
      .where(eq(schema.memberSettings.userId, member.id));
    expect(line?.directNumberId).toBe(portedId);
    // The carrier now sends the number's calls to us.
    expect(simOf(t).inventory.byNumber("+13055550102")?.voiceUrl).toContain("/twilio/voice");
    expect(t.app.deps.routing.current().byNumber.has("+13055550102")).toBe(true);
    const kinds = (await eventRows(t, created.id)).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "signed",
        "submitted",
        "PortInInProgress",
        "PortInPhoneNumberCompleted",
        "PortInCompleted",
        "routing-moved",
      ]),
    );
    const jobs = await t.db.db
      .select()
      .from(schema.jobOutbox)
      .where(
        and(eq(schema.jobOutbox.queue, "notifications"), eq(schema.jobOutbox.jobName, "port-in-changed")),
      );
    expect(jobs.length).toBeGreaterThanOrEqual(5);
  });

  it("shows a rejection with its reason; a canceled request is canceled at the carrier too", async () => {
    const rejected = await createPortIn(t, owner, portInBody(["+13055550103"]));
    await decide(rejected.carrierSid, "reject");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/porting/${rejected.id}`,
      headers: owner.headers,
    });
    expect(read.json()).toMatchObject({
      status: "action_required",
      numbers: [{ status: "rejected", rejectionReason: "Account number does not match" }],
    });
    const other = await createPortIn(t, owner, portInBody(["+13055550104"]));
    const canceled = await t.app.inject({
      method: "DELETE",
      url: `/api/porting/${other.id}`,
      headers: owner.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await requestRow(t, other.id))?.status).toBe("canceled");
    expect(simOf(t).porting.request(other.carrierSid)?.status).toBe("canceled");
  });
});
