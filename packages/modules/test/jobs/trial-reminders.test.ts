import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import { createOutboxWriter, type OutboxWriter } from "@poundline/platform/outbox";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateDatesPassed, queueTrialReminders } from "../../src/billing/jobs/index";
import { billingRound } from "../../src/housekeeping/housekeeping";
import { sendTrialReminder } from "../../src/notifications/trial-reminder";

const DAY = 86_400_000;
const { accounts, accountMemberships, emailOutbox, jobOutbox, subscriptions, trialReminders, users } = schema;

let handle: DatabaseHandle;
let outbox: OutboxWriter;
let wakes = 0;

async function trialAccount(trialEndsAt: Date, options: { subscribed?: boolean } = {}) {
  const accountId = newId("account");
  const ownerId = newId("user");
  await handle.db
    .insert(accounts)
    .values({ id: accountId, companyName: "Trial Co", status: "trialing", trialEndsAt });
  await handle.db.insert(users).values({ id: ownerId, email: `${ownerId}@example.com`, firstName: "Tess" });
  await handle.db.insert(accountMemberships).values({ accountId, userId: ownerId, role: "owner" });
  if (options.subscribed)
    await handle.db.insert(subscriptions).values({
      id: newId("subscription"),
      accountId,
      serviceName: "Poundline Phone System",
      planName: "Starter",
      monthlyFeeCents: 2499,
    });
  return accountId;
}

const jobsOf = async (accountId: string) =>
  (await handle.db.select().from(jobOutbox).where(eq(jobOutbox.jobName, "trial-reminder")))
    .filter((job) => (job.payload as { accountId: string }).accountId === accountId)
    .map((job) => (job.payload as { kind: string }).kind)
    .sort();

beforeAll(async () => {
  handle = await createTestDatabase();
  outbox = createOutboxWriter({
    db: handle.db,
    wake: () => {
      wakes += 1;
    },
  });
});
afterAll(() => handle.close());

describe("trial reminders", () => {
  it("7 days before, then 1 day before: each queued once however often housekeeping runs", async () => {
    const start = new Date("2026-11-01T12:00:00Z");
    const accountId = await trialAccount(new Date(start.getTime() + 10 * DAY));
    const at = (days: number) => new Date(start.getTime() + days * DAY);

    expect(await queueTrialReminders(handle.db, outbox, at(2))).toBe(0); // 8 days left
    await queueTrialReminders(handle.db, outbox, at(3)); // 7 days left
    await Promise.all([1, 2, 3].map(() => queueTrialReminders(handle.db, outbox, at(3.5))));
    expect(await jobsOf(accountId)).toEqual(["7_days"]);
    await queueTrialReminders(handle.db, outbox, at(9)); // 1 day left
    await queueTrialReminders(handle.db, outbox, at(9.5));
    expect(await jobsOf(accountId)).toEqual(["1_day", "7_days"]);
    await queueTrialReminders(handle.db, outbox, at(11)); // ended: nothing more
    expect(await jobsOf(accountId)).toEqual(["1_day", "7_days"]);
    expect(wakes).toBeGreaterThan(0);
  });

  it("a trial found within its last day gets the 1-day reminder only; a subscribed account gets none", async () => {
    const now = new Date("2026-11-10T12:00:00Z");
    const late = await trialAccount(new Date(now.getTime() + 0.5 * DAY));
    const subscribed = await trialAccount(new Date(now.getTime() + 3 * DAY), { subscribed: true });
    await queueTrialReminders(handle.db, outbox, now);
    expect(await jobsOf(late)).toEqual(["1_day"]);
    const rows = await handle.db.select().from(trialReminders).where(eq(trialReminders.accountId, late));
    expect(rows.map((r) => r.kind).sort()).toEqual(["1_day", "7_days"]);
    expect(await jobsOf(subscribed)).toEqual([]);
  });

  it("the job e-mails the owner once, whatever the number of runs", async () => {
    const trialEndsAt = new Date("2026-12-01T12:00:00Z");
    const accountId = await trialAccount(trialEndsAt);
    const log = pino({ level: "silent" });
    const ports = {
      db: handle.db,
      log,
      clock: () => new Date("2026-11-24T12:00:00Z"),
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: "https://app.poundline.test",
    };
    await sendTrialReminder(ports, { accountId, kind: "7_days" });
    await sendTrialReminder(ports, { accountId, kind: "7_days" });
    const mails = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, "trial_reminder"));
    const mine = mails.filter(
      (m) => m.toAddress.startsWith("usr_") && m.textBody.includes(trialEndsAt.toUTCString()),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]?.subject).toBe("Your Poundline free trial ends in 7 days");
    expect(mine[0]?.textBody).toContain("https://app.poundline.test/dashboard/billing");
  });
});

describe("the gate's dates", () => {
  it("a trial ending between two housekeeping rounds recompiles routing, once", async () => {
    const end = new Date("2026-11-15T08:30:00Z");
    await trialAccount(end);
    const hour = 3600_000;
    expect(
      await gateDatesPassed(handle.db, new Date(end.getTime() - 2 * hour), new Date(end.getTime() - hour)),
    ).toBe(false);
    expect(
      await gateDatesPassed(handle.db, new Date(end.getTime() - hour), new Date(end.getTime() + 1)),
    ).toBe(true);
    expect(
      await gateDatesPassed(handle.db, new Date(end.getTime() + 1), new Date(end.getTime() + hour)),
    ).toBe(false);

    let recompiles = 0;
    const gateChanged = async () => {
      recompiles += 1;
    };
    const round = billingRound({ outbox, gateChanged }, handle.db);
    await round(new Date(end.getTime() - hour), new Date(end.getTime() + hour));
    await round(new Date(end.getTime() + hour), new Date(end.getTime() + 2 * hour));
    expect(recompiles).toBe(1);
  });

  it("a month starting between two rounds recompiles routing (the recording hours start again)", async () => {
    const first = new Date("2026-12-01T00:00:00Z");
    const hour = 3600_000;
    expect(await gateDatesPassed(handle.db, new Date(first.getTime() - hour), first)).toBe(true);
    expect(await gateDatesPassed(handle.db, first, new Date(first.getTime() + hour))).toBe(false);
  });
});
