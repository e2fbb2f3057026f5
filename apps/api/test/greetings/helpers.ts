import { schema } from "@poundline/db";
import { and, eq } from "drizzle-orm";
import type { TestApp } from "../../src/testing";

/** The greetings of a number or extension, as stored. */
export function greetingRows(t: TestApp, owner: { numberId?: string; extensionId?: string }) {
  return t.db.db
    .select()
    .from(schema.greetings)
    .where(
      owner.numberId
        ? eq(schema.greetings.phoneNumberId, owner.numberId)
        : eq(schema.greetings.extensionId, owner.extensionId ?? ""),
    );
}

export async function greetingRow(t: TestApp, numberId: string, slot: "voicemail" | "after_hours") {
  const [row] = await t.db.db
    .select()
    .from(schema.greetings)
    .where(and(eq(schema.greetings.phoneNumberId, numberId), eq(schema.greetings.slot, slot)));
  return row;
}

/** Whether the public URL of a stored greeting serves a file. */
export async function served(t: TestApp, url: string): Promise<number> {
  const res = await t.app.inject({ method: "GET", url: new URL(url).pathname });
  return res.statusCode;
}
