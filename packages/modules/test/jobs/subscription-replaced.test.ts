import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendSubscriptionReplaced } from "../../src/notifications/subscription-replaced";

const { accounts, accountMemberships, emailOutbox, subscriptions, users } = schema;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

function portsOf(db: DatabaseHandle["db"]) {
  const log = pino({ level: "silent" });
  return {
    db,
    log,
    clock: () => new Date("2026-11-26T12:00:00Z"),
    mailer: createMailer({ db, log, from: "Poundline <no-reply@poundline.test>" }),
    publicBaseUrl: "https://app.poundline.test",
  };
}

async function subscription(accountId: string, planName: string, status: "active" | "canceled") {
  const id = newId("subscription");
  await handle.db.insert(subscriptions).values({
    id,
    accountId,
    serviceName: "Poundline Phone System",
    planName,
    status,
    monthlyFeeCents: 2499,
    stripeSubscriptionId: `sub_${id}`,
  });
  return id;
}

describe("sendSubscriptionReplaced", () => {
  it("mails each owner once, naming the plan kept and the one cancelled, however often the job runs", async () => {
    const accountId = newId("account");
    const ownerId = newId("user");
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Two Tabs Co" });
    await handle.db.insert(users).values({ id: ownerId, email: `${ownerId}@example.com`, firstName: "Ola" });
    await handle.db.insert(accountMemberships).values({ accountId, userId: ownerId, role: "owner" });
    const cancelledSubscriptionId = await subscription(accountId, "Starter", "canceled");
    const keptSubscriptionId = await subscription(accountId, "Professional", "active");
    const payload = { accountId, cancelledSubscriptionId, keptSubscriptionId };
    expect(await sendSubscriptionReplaced(portsOf(handle.db), payload)).toBe("done");
    expect(await sendSubscriptionReplaced(portsOf(handle.db), payload)).toBe("done");
    const mails = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `${ownerId}@example.com`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("A second subscription was cancelled");
    expect(mails[0]?.textBody).toContain("the newest one (Professional) stays and the older one (Starter)");
  });

  it("skips subscriptions that are not the account's", async () => {
    const other = newId("account");
    await handle.db.insert(accounts).values({ id: other, companyName: "Other Co" });
    const cancelledSubscriptionId = await subscription(other, "Starter", "canceled");
    const keptSubscriptionId = await subscription(other, "Professional", "active");
    const payload = { accountId: newId("account"), cancelledSubscriptionId, keptSubscriptionId };
    expect(await sendSubscriptionReplaced(portsOf(handle.db), payload)).toBe("skipped");
  });
});
