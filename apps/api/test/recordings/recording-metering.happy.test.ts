import { newId, schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { type SignedIn, signIn } from "../fixtures";
import { OPEN, recordedLine } from "./call-recording-fixtures";

const { callRecordings } = schema;

let t: TestApp;
let owner: SignedIn;
let accountId: string;
let otherAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: () => OPEN });
  const ids = await insertRoutingConfig(t.db.db, recordedLine("metered"));
  const other = await insertRoutingConfig(t.db.db, recordedLine("other", "+13055550177"));
  accountId = ids.get("metered") ?? "";
  otherAccountId = other.get("other") ?? "";
  owner = await signIn(t, { id: ids.get("metered-owner") ?? "" });
});
afterAll(() => t.close());

async function recording(
  account: string,
  durationSeconds: number,
  createdAt: Date,
  status: "pending" | "stored" | "failed" = "pending",
) {
  const sid = `RE${crypto.randomUUID().replaceAll("-", "")}`;
  await t.db.db.insert(callRecordings).values({
    id: newId("callRecording"),
    accountId: account,
    callSid: `CA${"2".repeat(32)}`,
    recordingSid: sid,
    recordingUrl: `https://carrier.test/Recordings/${sid}`,
    durationSeconds,
    status,
    createdAt,
    ...(status === "stored" ? { storageKey: `k/${sid}`, storedAt: createdAt } : {}),
  });
}

describe("the billing page's recording hours this month", () => {
  it("sum the account's recordings received this month, not last month's, another account's or a lost one", async () => {
    await recording(accountId, 5400, new Date("2026-11-02T10:00:00Z"), "stored");
    await recording(accountId, 1800, new Date("2026-11-23T14:00:00Z"));
    await recording(accountId, 7200, new Date("2026-10-31T23:59:00Z"), "stored");
    await recording(accountId, 3600, new Date("2026-11-20T09:00:00Z"), "failed");
    await recording(otherAccountId, 3600, new Date("2026-11-20T09:00:00Z"), "stored");

    const res = await t.app.inject({ method: "GET", url: "/api/billing/plan", headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: "Professional",
      limits: { recordingHoursPerMonth: 100 },
      used: { recordingHoursThisMonth: 2, recordingWarning: null, recordingNotice: null },
    });
  });
});
