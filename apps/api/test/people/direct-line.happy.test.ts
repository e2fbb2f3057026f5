import { newId, schema } from "@poundline/db";
import { MISSED_CALL_TEMPLATE, notifyMissedCall } from "@poundline/modules/jobs";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../fixtures";
import { addNumber, type PhoneTeam, teamWithPhones } from "./helpers";

/** A member's direct number, through the carrier simulator: it rings them, its messages and misses are theirs. */

const MAIN = "+13055550190";
const DIRECT = "+13055550191";
const ANA = "+13055550192";
const BEN = "+13055550193";
// Monday 2026-11-23 10:00 in New York.
const now = new Date("2026-11-23T15:00:00Z");
let team: PhoneTeam;
let directId: string;

beforeAll(async () => {
  team = await teamWithPhones(now, { ana: ANA, ben: BEN });
  await addNumber(team.t, team.owner.accountId, MAIN);
  directId = await addNumber(team.t, team.owner.accountId, DIRECT);
  // Numbers written straight into the database: the simulator answers them after a reload.
  await team.t.app.deps.routing.changed();
});
afterAll(() => team.t.close());

const inject = (method: "PUT" | "DELETE", url: string, headers: SignedIn["headers"], payload?: object) =>
  team.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function callDirect(script: { recordSeconds?: number } = {}) {
  team.sim.reset();
  const transcript = await team.sim.placeCall({
    from: "+13055551234",
    to: DIRECT,
    dial: { [ANA]: { outcome: "answer", talkSeconds: 20 } },
    ...script,
  });
  await team.sim.idle();
  return transcript;
}

const rung = (transcript: Awaited<ReturnType<typeof callDirect>>) =>
  transcript.dials.flatMap((dial) => dial.legs.map((leg) => leg.target));

/** An unanswered inbound call's log, as the status callback leaves it. */
async function missedCallTo(toNumber: string): Promise<string> {
  const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
  await team.t.db.db.insert(schema.callLogs).values({
    id: newId("call"),
    accountId: team.owner.accountId,
    callSid,
    direction: "inbound",
    fromNumber: "+13125550199",
    toNumber,
    callStartTime: now,
    callStatus: "no-answer",
  });
  const ports = { db: team.t.db.db, log: team.t.app.log, clock: () => now, mailer: team.t.app.deps.mailer };
  expect(
    await notifyMissedCall({ ...ports, publicBaseUrl: team.t.config.PUBLIC_BASE_URL }, { callSid }),
  ).toBe("done");
  return callSid;
}

async function toldOf(toNumber: string) {
  const everyone = [team.owner, team.ana, team.ben];
  const mails = await team.t.db.db
    .select({ to: schema.emailOutbox.toAddress })
    .from(schema.emailOutbox)
    .where(
      and(
        eq(schema.emailOutbox.template, MISSED_CALL_TEMPLATE),
        like(schema.emailOutbox.textBody, `%To: ${toNumber}%`),
        inArray(
          schema.emailOutbox.toAddress,
          everyone.map((u) => u.email),
        ),
      ),
    );
  const bell = await team.t.db.db
    .select({ userId: schema.memberNotifications.userId })
    .from(schema.memberNotifications)
    .where(
      and(
        eq(schema.memberNotifications.kind, "missed_call"),
        eq(schema.memberNotifications.body, `To ${toNumber}.`),
      ),
    );
  const name = (id: string) => everyone.find((u) => u.id === id || u.email === id)?.email;
  return { mails: mails.map((m) => m.to).sort(), bell: bell.map((b) => name(b.userId)).sort() };
}

describe("a member's direct number", () => {
  it("rings its member once the owner gives it to them, and their availability decides", async () => {
    expect(rung(await callDirect())).toEqual([]);

    const given = await inject("PUT", `/api/people/${team.ana.id}/direct-line`, team.ownerIn.headers, {
      directNumberId: directId,
      extensionId: null,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(rung(await callDirect())).toEqual([ANA]);

    const dnd = await inject("PUT", "/api/people/me/availability", team.anaIn.headers, {
      availability: "do_not_disturb",
    });
    expect(dnd.statusCode).toBe(200);
    const transcript = await callDirect({ recordSeconds: 6 });
    expect(rung(transcript)).toEqual([]);
    expect(transcript.spoken.join(" ")).toContain("is not available. Please leave a message after the tone.");
    const [voicemail] = await team.t.db.db
      .select({ assigneeId: schema.voicemails.assigneeId })
      .from(schema.voicemails)
      .where(eq(schema.voicemails.callSid, transcript.callSid));
    expect(voicemail?.assigneeId).toBe(team.ana.id);

    const back = await inject("PUT", "/api/people/me/availability", team.anaIn.headers, {
      availability: "available",
    });
    expect(back.statusCode).toBe(200);
  });

  it("a missed call on it reaches its member alone; one on the main number reaches everyone", async () => {
    await missedCallTo(DIRECT);
    expect(await toldOf(DIRECT)).toEqual({ mails: [team.ana.email], bell: [team.ana.email] });
    await missedCallTo(MAIN);
    const everyone = [team.owner.email, team.ana.email, team.ben.email].sort();
    expect(await toldOf(MAIN)).toEqual({ mails: everyone, bell: everyone });
  });

  it("stays the account's when its member is removed, and stops ringing them at once", async () => {
    expect(rung(await callDirect())).toEqual([ANA]);
    const removed = await inject("DELETE", `/api/team/members/${team.ana.id}`, team.ownerIn.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(rung(await callDirect())).toEqual([]);
    const [number] = await team.t.db.db
      .select({ accountId: schema.phoneNumbers.accountId })
      .from(schema.phoneNumbers)
      .where(eq(schema.phoneNumbers.id, directId));
    expect(number?.accountId).toBe(team.owner.accountId);
  });
});
