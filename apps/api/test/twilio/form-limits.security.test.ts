import { schema } from "@poundline/db";
import { insertRoutingConfig } from "@poundline/db/fixtures";
import { voicePaths } from "@poundline/domain";
import { MAX_FORM_FIELDS } from "@poundline/modules/carrier/carrier-params";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { smsPaths } from "../../src/routes/carrier/sms-routes";
import { createTestApp, type TestApp } from "../../src/testing";
import { carrierPost, formOf, signedPost } from "./carrier";

/**
 * A carrier webhook's form is bounded in fields, and nothing about it costs more than
 * O(n log n) in them: a body of many thousand names, in the order that was worst for the old
 * insertion sort (reversed), stalled the whole API for seconds before its signature was found bad.
 */

const OUR_NUMBER = "+13055550100";
const CALLER = "+13055551234";
const FORM = "application/x-www-form-urlencoded";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  await insertRoutingConfig(t.db.db, {
    accounts: [{ key: "law", status: "active", walletCents: 1000 }],
    numbers: [{ key: "line", account: "law", e164: OUR_NUMBER, routing: { open: { type: "voicemail" } } }],
  });
  await t.app.deps.routing.reload();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.callLogs);
  await t.db.db.delete(schema.messages);
});

/** `count` short names (`n000007`, ...), last first: the order an insertion sort is slowest on. */
function reversedNames(count: number): [string, string][] {
  const fields: [string, string][] = [];
  for (let i = count - 1; i >= 0; i--) fields.push([`n${String(i).padStart(6, "0")}`, ""]);
  return fields;
}

/** A form body of reversed names as large as the API takes (1 MB). */
function megabyteOfReversedNames(): string {
  const names: string[] = [];
  let size = 0;
  for (let i = 999_999; size < 1024 * 1024 - 16; i--) {
    const pair = `n${String(i).padStart(6, "0")}=`;
    names.push(pair);
    size += pair.length + 1;
  }
  return names.join("&");
}

async function nothingWritten() {
  expect(await t.db.db.select().from(schema.callLogs)).toEqual([]);
  expect(await t.db.db.select().from(schema.messages)).toEqual([]);
}

const carrierPaths = [voicePaths.incoming, voicePaths.status, voicePaths.gather, smsPaths.incoming];

describe("the number of fields of a carrier webhook", () => {
  it.each(carrierPaths)(
    "%s: a 1 MB body of reversed names is answered in under 100 ms of CPU",
    async (path) => {
      const payload = megabyteOfReversedNames();
      expect(payload.length).toBeGreaterThan(1000 * 1000);
      expect(payload.length).toBeLessThanOrEqual(1024 * 1024);
      // Warmed up first, so the figure is the request's and not the first compilation of its route.
      await t.app.inject({ method: "POST", url: path, headers: { "content-type": FORM }, payload: "a=1" });

      // CPU time, not wall time: a loaded machine makes the wait longer, not the work.
      const before = process.cpuUsage();
      const res = await t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": FORM, "x-twilio-signature": "bm9wZQ==" },
        payload,
      });
      const used = process.cpuUsage(before);

      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
      expect((used.user + used.system) / 1000, "ms of CPU").toBeLessThan(100);
      await nothingWritten();
    },
  );

  it(`takes ${MAX_FORM_FIELDS} fields in any order, signed over their sorted names`, async () => {
    const call = {
      AccountSid: "AC0",
      CallSid: `CA${"1".repeat(32)}`,
      From: CALLER,
      To: OUR_NUMBER,
      CallStatus: "completed",
      CallDuration: "65",
    };
    const fields = [...Object.entries(call), ...reversedNames(MAX_FORM_FIELDS - 6)].reverse();
    expect(fields).toHaveLength(MAX_FORM_FIELDS);
    const res = await signedPost(t, voicePaths.status, Object.fromEntries(fields), formOf(fields));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.db.select().from(schema.callLogs)).toHaveLength(1);
  });

  it(`refuses ${MAX_FORM_FIELDS + 1} fields with 413, signed or not, and writes nothing`, async () => {
    const message = {
      MessageSid: `SM${"2".repeat(32)}`,
      AccountSid: "AC0",
      From: CALLER,
      To: OUR_NUMBER,
      Body: "Hello",
      NumMedia: "0",
    };
    const params = { ...message, ...Object.fromEntries(reversedNames(MAX_FORM_FIELDS + 1 - 6)) };
    const res = await carrierPost(t, smsPaths.incoming, params);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message: `A carrier webhook has at most ${MAX_FORM_FIELDS} form fields.`,
      },
    });
    await nothingWritten();
  });

  it("counts empty pairs too: a body of separators is not a way around the bound", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: voicePaths.incoming,
      headers: { "content-type": FORM },
      payload: "&".repeat(MAX_FORM_FIELDS + 1),
    });
    expect(res.statusCode, res.body).toBe(413);
  });
});
