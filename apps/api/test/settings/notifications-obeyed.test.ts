import { newId, schema } from "@poundline/db";
import { MISSED_CALL_TEMPLATE, notifyMissedCall } from "@poundline/modules/jobs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, signIn } from "../fixtures";
import { call } from "./helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the workers obey the preferences saved in settings", () => {
  it("a member who turned missed-call e-mails off gets none; one who kept the default does", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    await t.db.db.insert(schema.accountMemberships).values({ accountId: owner.accountId, userId: member.id });

    const saved = await call(t, "PUT", "/api/settings/notifications", await signIn(t, owner), {
      emailNewVoicemail: true,
      emailMissedCall: false,
      smsNewVoicemail: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const callSid = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    await t.db.db.insert(schema.callLogs).values({
      id: newId("call"),
      accountId: owner.accountId,
      callSid,
      direction: "inbound",
      fromNumber: "+13125550199",
      toNumber: "+14075550100",
      callStartTime: t.app.deps.clock(),
      callStatus: "no-answer",
    });
    const outcome = await notifyMissedCall(
      {
        db: t.db.db,
        log: t.app.log,
        clock: t.app.deps.clock,
        mailer: t.app.deps.mailer,
        publicBaseUrl: t.config.PUBLIC_BASE_URL,
      },
      { callSid },
    );
    expect(outcome).toBe("done");
    const sent = await t.db.db
      .select({ to: schema.emailOutbox.toAddress })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.template, MISSED_CALL_TEMPLATE)));
    expect(sent.map((m) => m.to)).toEqual([member.email]);
  });
});
