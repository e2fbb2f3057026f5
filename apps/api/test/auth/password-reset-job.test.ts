import { authMessages } from "@poundline/contracts/auth/schemas";
import { schema } from "@poundline/db";
import { MAX_RESET_EMAILS_PER_HOUR, mailPasswordReset } from "@poundline/modules/auth/password-reset";
import { hashToken } from "@poundline/modules/auth/sessions";
import type { Mailer } from "@poundline/platform/mailer";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN, type TestApp } from "../../src/testing";
import { createUser } from "../fixtures";
import { createTestAppWithJobs, forgotPassword, jobsSettled, lastEmail, linkIn, post } from "./helpers";

const { emailOutbox, emailTokens, jobOutbox } = schema;

let t: TestApp;
beforeAll(async () => {
  t = await createTestAppWithJobs();
});
afterAll(() => t.close());

const mailsTo = (to: string) => t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const resetTokensOf = (userId: string) =>
  t.db.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "reset_password")));

describe("the notifications/password-reset job", () => {
  it("runs in the in-process driver: mails a link to a known address and nothing to an unknown one", async () => {
    const user = await createUser(t);
    expect((await forgotPassword(t, user.email)).json()).toEqual({ message: authMessages.resetRequested });
    expect((await forgotPassword(t, "nobody@example.com")).json()).toEqual({
      message: authMessages.resetRequested,
    });

    const mail = await lastEmail(t, user.email, "reset_password");
    const token = linkIn(mail.textBody, `${TEST_ORIGIN}/reset-password?token=`).searchParams.get("token");
    const [stored] = await resetTokensOf(user.id);
    expect(stored?.tokenHash).toBe(hashToken(token ?? ""));
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
    // Both requests' jobs ran to the end.
    const jobs = await t.db.db.select().from(jobOutbox).where(eq(jobOutbox.jobName, "password-reset"));
    expect(jobs.map((job) => job.settledAt)).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it(`mails at most ${MAX_RESET_EMAILS_PER_HOUR} links an hour, even to concurrent requests`, async () => {
    const user = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(t, "/api/auth/forgot-password", { email: user.email })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    await jobsSettled(t);
    expect(await mailsTo(user.email)).toHaveLength(MAX_RESET_EMAILS_PER_HOUR);
    expect(await resetTokensOf(user.id)).toHaveLength(MAX_RESET_EMAILS_PER_HOUR);
  });

  it("mails once however often one request's job runs", async () => {
    const user = await createUser(t);
    const ports = {
      db: t.db.db,
      log: t.app.log,
      clock: () => new Date(),
      mailer: t.app.deps.mailer,
      config: t.config,
    };
    expect(await mailPasswordReset(ports, { email: user.email }, "password-reset:job_twice")).toBe("done");
    expect(await mailPasswordReset(ports, { email: user.email }, "password-reset:job_twice")).toBe("skipped");
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("leaves no link behind when the delivery fails, so its retry sends one", async () => {
    const user = await createUser(t);
    let failures = 1;
    const flaky: Mailer = {
      async send(email) {
        if (failures-- > 0) throw new Error("SMTP down");
        return t.app.deps.mailer.send(email);
      },
    };
    const ports = { db: t.db.db, log: t.app.log, clock: () => new Date(), mailer: flaky, config: t.config };
    const job = "password-reset:job_flaky";
    await expect(mailPasswordReset(ports, { email: user.email }, job)).rejects.toThrow("SMTP down");
    expect(await resetTokensOf(user.id)).toHaveLength(0);
    expect(await mailPasswordReset(ports, { email: user.email }, job)).toBe("done");
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await resetTokensOf(user.id)).toHaveLength(1);
  });
});
