import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import type { TestApp } from "../../src/testing";

/** A number of the account, straight into the database (buying one is the numbers context's). */
export async function addNumber(t: TestApp, accountId: string, e164: string): Promise<string> {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164 });
  return id;
}

export async function addExtension(
  t: TestApp,
  accountId: string,
  extensionNumber: number,
  forwardingNumbers: string[] = [],
  voicemailEnabled = true,
): Promise<string> {
  const id = newId("extension");
  await t.db.db.insert(schema.extensions).values({
    id,
    accountId,
    extensionNumber,
    name: `Ext ${extensionNumber}`,
    forwardingNumbers,
    voicemailEnabled,
  });
  return id;
}

export async function routingRow(t: TestApp, numberId: string) {
  const [row] = await t.db.db
    .select()
    .from(schema.numberRouting)
    .where(eq(schema.numberRouting.phoneNumberId, numberId));
  return row;
}

const day = (active: boolean, start = "09:00", end = "17:00") => ({ active, start, end });

/** A full routing body: the seed's defaults unless overridden. */
export function routingBody(over: Record<string, unknown> = {}) {
  return {
    ringStrategy: "simultaneous",
    ringTimeoutSeconds: 30,
    timeZone: "America/New_York",
    businessHours: {
      monday: day(true),
      tuesday: day(true),
      wednesday: day(true),
      thursday: day(true),
      friday: day(true),
      saturday: day(false),
      sunday: day(false),
    },
    businessHoursDestination: { type: "voicemail" },
    afterHoursDestination: { type: "voicemail" },
    holidays: [],
    holdMusic: "default",
    recordCalls: false,
    voicemailEnabled: true,
    ...over,
  };
}

/** A tiny but real WAV file: RIFF header, fmt chunk, a few samples of silence. */
export function wavBytes(): Buffer {
  const samples = 800;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples, 40);
  buffer.fill(128, 44);
  return buffer;
}

export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}
