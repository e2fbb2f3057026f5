import { newId, schema } from "@poundline/db";
import type { callStatuses, extensionDialStatuses } from "@poundline/db/enums";
import type { TestApp } from "../../src/testing";

export interface CallRow {
  at: string;
  direction?: "inbound" | "outbound";
  status?: (typeof callStatuses)[number];
  seconds?: number;
  from?: string;
  to?: string;
  extensionId?: string;
  extensionDialStatus?: (typeof extensionDialStatuses)[number];
}

/** Call logs straight into the database, as the status webhook would have left them. */
export async function insertCalls(t: TestApp, accountId: string, calls: CallRow[]): Promise<void> {
  if (calls.length === 0) return;
  await t.db.db.insert(schema.callLogs).values(
    calls.map((call) => ({
      id: newId("call"),
      accountId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      direction: call.direction ?? "inbound",
      fromNumber: call.from ?? "+12125550100",
      toNumber: call.to ?? "+15555550100",
      callStartTime: new Date(call.at),
      durationSeconds: call.seconds ?? 0,
      callStatus: call.status ?? "completed",
      extensionId: call.extensionId ?? null,
      extensionDialStatus: call.extensionDialStatus ?? null,
    })),
  );
}

/** A number of the account with its routing in the time zone. */
export async function insertNumberInTimeZone(t: TestApp, accountId: string, timeZone: string, e164: string) {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164 });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId, timeZone });
  return id;
}

export async function insertExtension(t: TestApp, accountId: string, extensionNumber: number, name: string) {
  const id = newId("extension");
  await t.db.db.insert(schema.extensions).values({ id, accountId, extensionNumber, name });
  return id;
}
