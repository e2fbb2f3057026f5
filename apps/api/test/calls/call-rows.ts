import { newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";

export type CallRow = typeof schema.callLogs.$inferInsert;

/** A call log straight into the database (the carrier's webhooks are not what these tests are about). */
export async function insertCall(
  t: TestApp,
  accountId: string,
  fields: Partial<CallRow> & Pick<CallRow, "callStartTime">,
): Promise<string> {
  const id = fields.id ?? newId("call");
  await t.db.db.insert(schema.callLogs).values({
    id,
    accountId,
    callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
    direction: "inbound",
    fromNumber: "+14155550100",
    toNumber: "+18005550199",
    durationSeconds: 60,
    callStatus: "completed",
    ...fields,
  });
  return id;
}
