import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { and, asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meterStoredRecording } from "../../src/recordings/metering";

const HOUR = 3600;
const { accounts, accountMemberships, callRecordings, jobOutbox, memberNotifications, subscriptions, users } =
  schema;

/**
 * A stored recording measured against the plan (Professional: 100 hours a month): from 80% the
 * owners and admins are told once a month, at the limit again and the routing tables recompile.
 */
describe("meterStoredRecording", () => {
  let handle: DatabaseHandle;
  const accountId = newId("account");
  const people = { owner: newId("user"), admin: newId("user"), member: newId("user") };
  let now = new Date("2026-11-23T15:00:00Z");
  const limitReached: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Metered LLC", status: "active" });
    await handle.db.insert(subscriptions).values({
      id: newId("subscription"),
      accountId,
      serviceName: "Poundline Phone System",
      planName: "Professional",
      monthlyFeeCents: 4999,
    });
    for (const [role, userId] of Object.entries(people)) {
      await handle.db.insert(users).values({ id: userId, email: `${userId}@example.com`, firstName: role });
      await handle.db
        .insert(accountMemberships)
        .values({ accountId, userId, role: role as "owner" | "admin" | "member" });
    }
  });
  afterAll(() => handle.close());

  const meter = () =>
    meterStoredRecording(
      {
        db: handle.db,
        log: pino({ level: "silent" }),
        clock: () => now,
        recordingLimitReached: async (id) => {
          limitReached.push(id);
        },
      },
      accountId,
    );

  async function recorded(seconds: number) {
    const sid = `RE${crypto.randomUUID().replaceAll("-", "")}`;
    await handle.db.insert(callRecordings).values({
      id: newId("callRecording"),
      accountId,
      callSid: `CA${"3".repeat(32)}`,
      recordingSid: sid,
      recordingUrl: `https://carrier.test/Recordings/${sid}`,
      durationSeconds: seconds,
      status: "stored",
      storageKey: `k/${sid}`,
      storedAt: now,
      createdAt: now,
    });
    await meter();
  }

  const bellOf = async (userId: string) =>
    (
      await handle.db
        .select({
          title: memberNotifications.title,
          kind: memberNotifications.kind,
          link: memberNotifications.link,
        })
        .from(memberNotifications)
        .where(and(eq(memberNotifications.userId, userId), eq(memberNotifications.accountId, accountId)))
        .orderBy(asc(memberNotifications.createdAt))
    ).map((n) => n.title);

  it("below 80%: nobody is told, recording goes on", async () => {
    await recorded(79 * HOUR);
    expect(await bellOf(people.owner)).toEqual([]);
    expect(limitReached).toEqual([]);
  });

  it("at 80%: the owner and the admin get one entry each (bell and e-mail), the member none, however often it runs", async () => {
    await recorded(HOUR);
    await recorded(60);
    await meter();
    const notice = "Your Professional plan's call recording is 80% used this month (80 of 100 hours).";
    expect(await bellOf(people.owner)).toEqual([notice]);
    expect(await bellOf(people.admin)).toEqual([notice]);
    expect(await bellOf(people.member)).toEqual([]);
    const emails = await handle.db
      .select()
      .from(jobOutbox)
      .where(eq(jobOutbox.jobName, "member-notification"));
    expect(emails).toHaveLength(2);
    expect(limitReached).toEqual([]);
  });

  it("at the limit: told again, once, and the routing tables recompile", async () => {
    await recorded(20 * HOUR);
    await meter();
    const stopped =
      "Your Professional plan's call recording is all used this month (100 of 100 hours): calls are not recorded until the month ends.";
    expect((await bellOf(people.owner)).at(-1)).toBe(stopped);
    expect(await bellOf(people.admin)).toHaveLength(2);
    expect(await bellOf(people.member)).toEqual([]);
    expect(limitReached).toEqual([accountId, accountId]);
  });

  it("a new month starts from nothing: its 80% is told again", async () => {
    now = new Date("2026-12-03T09:00:00Z");
    await recorded(81 * HOUR);
    expect((await bellOf(people.owner)).at(-1)).toBe(
      "Your Professional plan's call recording is 81% used this month (81 of 100 hours).",
    );
    expect(await bellOf(people.owner)).toHaveLength(3);
  });
});
