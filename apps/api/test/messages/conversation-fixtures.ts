import { newId, schema } from "@poundline/db";
import type { TestApp } from "../../src/testing";

/** Texts, numbers and opt-outs straight into the database, for the conversation routes. */

export async function addNumber(t: TestApp, accountId: string, e164: string): Promise<string> {
  const id = newId("number");
  await t.db.db.insert(schema.phoneNumbers).values({ id, accountId, e164 });
  await t.db.db.insert(schema.numberRouting).values({ phoneNumberId: id, accountId });
  return id;
}

export interface TextSpec {
  accountId: string;
  ourNumber: string;
  peerNumber: string;
  direction: "inbound" | "outbound";
  body: string;
  at: Date;
  read?: boolean;
  status?: "received" | "queued" | "sent" | "delivered" | "failed" | "undelivered";
  errorCode?: number | null;
  mediaUrls?: string[];
  mediaContentTypes?: string[];
  /** The member who sent an outbound text. */
  userId?: string;
}

export async function addText(t: TestApp, spec: TextSpec): Promise<string> {
  const id = newId("message");
  const inbound = spec.direction === "inbound";
  await t.db.db.insert(schema.messages).values({
    id,
    accountId: spec.accountId,
    messageSid: `SM${id}`,
    direction: spec.direction,
    fromNumber: inbound ? spec.peerNumber : spec.ourNumber,
    toNumber: inbound ? spec.ourNumber : spec.peerNumber,
    body: spec.body,
    numMedia: spec.mediaUrls?.length ?? 0,
    mediaUrls: spec.mediaUrls ?? [],
    mediaContentTypes: spec.mediaContentTypes ?? [],
    status: spec.status ?? (inbound ? "received" : "delivered"),
    errorCode: spec.errorCode ?? null,
    sentAt: spec.at,
    userId: spec.userId ?? null,
    readAt: inbound && spec.read ? spec.at : null,
    createdAt: spec.at,
    updatedAt: spec.at,
  });
  return id;
}

export const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
