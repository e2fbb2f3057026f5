import { type DatabaseHandle, newId, schema } from "@poundline/db";
import { createTestDatabase } from "@poundline/db/testing";
import { createMailer } from "@poundline/platform/mailer";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWalletReversal, walletReversalEmail } from "../../src/notifications/wallet-reversal";

const { accounts, accountMemberships, emailOutbox, ledgerEntries, users, wallets } = schema;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const to = { email: "owner@example.com", firstName: "Ola" };

describe("walletReversalEmail", () => {
  it.each([
    ["top_up_refund", -1500, 3500, "A wallet top-up was refunded", "-$15.00", "$35.00", false],
    [
      "dispute_hold",
      -2000,
      -500,
      "A wallet top-up is disputed: the amount is on hold",
      "-$20.00",
      "-$5.00",
      true,
    ],
    ["dispute_release", 2000, 1500, "A disputed top-up: the hold is released", "$20.00", "$15.00", false],
    ["dispute_loss", -2000, -500, "A disputed top-up: the dispute was lost", "-$20.00", "-$5.00", true],
  ] as const)("%s", (type, amountCents, balanceAfterCents, subject, amount, balance, owes) => {
    const mail = walletReversalEmail(
      to,
      { transactionType: type, description: "What happened", amountCents, balanceAfterCents },
      "https://app.poundline.test",
    );
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(`What happened: ${amount}.`);
    expect(mail.text).toContain(`Your balance is now ${balance}.`);
    expect(mail.text.includes("Your wallet now owes $5.00")).toBe(owes);
    expect(mail.text).toContain("https://app.poundline.test/dashboard/billing");
  });
});

describe("sendWalletReversal", () => {
  it("mails each owner once, however often the job runs", async () => {
    const accountId = newId("account");
    const ownerId = newId("user");
    const walletId = newId("wallet");
    const entryId = newId("transaction");
    await handle.db.insert(accounts).values({ id: accountId, companyName: "Refund Co" });
    await handle.db.insert(users).values({ id: ownerId, email: `${ownerId}@example.com`, firstName: "Ola" });
    await handle.db.insert(accountMemberships).values({ accountId, userId: ownerId, role: "owner" });
    await handle.db.insert(wallets).values({ id: walletId, accountId, balanceCents: -500 });
    await handle.db.insert(ledgerEntries).values({
      id: entryId,
      walletId,
      accountId,
      transactionType: "top_up_refund",
      description: "Top-up refunded to the card ($30.00 of $30.00)",
      amountCents: -3000,
      balanceAfterCents: -500,
      idempotencyKey: `stripe-refund:pi_test:${entryId}`,
      reference: "pi_test",
    });
    const log = pino({ level: "silent" });
    const ports = {
      db: handle.db,
      log,
      clock: () => new Date("2026-11-26T12:00:00Z"),
      mailer: createMailer({ db: handle.db, log, from: "Poundline <no-reply@poundline.test>" }),
      publicBaseUrl: "https://app.poundline.test",
    };
    expect(await sendWalletReversal(ports, { ledgerEntryId: entryId })).toBe("done");
    expect(await sendWalletReversal(ports, { ledgerEntryId: entryId })).toBe("done");
    const mails = await handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `${ownerId}@example.com`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("A wallet top-up was refunded");
    expect(mails[0]?.textBody).toContain("Your wallet now owes $5.00");
  });

  it("skips an entry that is not a refund or dispute", async () => {
    expect(
      await sendWalletReversal(
        {
          db: handle.db,
          log: pino({ level: "silent" }),
          clock: () => new Date(),
          mailer: createMailer({ db: handle.db, log: pino({ level: "silent" }), from: "x <x@x.test>" }),
          publicBaseUrl: "https://app.poundline.test",
        },
        { ledgerEntryId: "txn_missing" },
      ),
    ).toBe("skipped");
  });
});
