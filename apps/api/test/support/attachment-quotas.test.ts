import {
  ACCOUNT_ATTACHMENTS_FULL_MESSAGE,
  SUPPORT_LIMITS,
  TICKET_ATTACHMENTS_FULL_MESSAGE,
} from "@poundline/contracts/support/schemas";
import { newId, schema } from "@poundline/db";
import { attachmentQuotaExceeded } from "@poundline/modules/support/tickets";
import { describe, expect, it } from "vitest";
import { createUser, signIn } from "../fixtures";
import { attachmentsOf, newTicket, PNG_BYTES, upload, useSupportTestApp } from "./helpers";

const { ticketAttachmentBytes: TICKET, accountAttachmentBytes: ACCOUNT } = SUPPORT_LIMITS;

describe("attachmentQuotaExceeded", () => {
  it.each([
    [{ ticketBytes: 0, accountBytes: 0 }, 12, null],
    [{ ticketBytes: TICKET - 12, accountBytes: TICKET - 12 }, 12, null],
    [{ ticketBytes: TICKET - 11, accountBytes: TICKET - 11 }, 12, "ticket"],
    [{ ticketBytes: 0, accountBytes: ACCOUNT - 12 }, 12, null],
    [{ ticketBytes: 0, accountBytes: ACCOUNT - 11 }, 12, "account"],
    [{ ticketBytes: TICKET, accountBytes: ACCOUNT }, 1, "ticket"],
  ])("%j + %d bytes: %s", (usage, size, expected) => {
    expect(attachmentQuotaExceeded(usage, size)).toBe(expected);
  });
});

describe("support attachments: quotas per ticket and per account", () => {
  const env = useSupportTestApp();

  /** Files already attached (rows only: the quota counts the recorded sizes). */
  async function attached(ticketId: string, sizeBytes: number) {
    await env.t.db.db.insert(schema.supportTicketAttachments).values({
      id: newId("attachment"),
      ticketId,
      userId: env.alice.id,
      fileName: "earlier.pdf",
      contentType: "application/pdf",
      sizeBytes,
      storageKey: `accounts/${env.alice.accountId}/support-attachments/${ticketId}/earlier.pdf`,
    });
  }

  it("takes a file that fills the ticket's quota exactly, and refuses one byte more with 413", async () => {
    const ticketId = await newTicket(env.t, env.aliceIn);
    const url = `/api/support/tickets/${ticketId}`;
    await attached(ticketId, TICKET - PNG_BYTES.length);
    expect((await upload(env.t, env.aliceIn, url, PNG_BYTES)).statusCode).toBe(201);

    const refused = await upload(env.t, env.aliceIn, url, PNG_BYTES);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      message: TICKET_ATTACHMENTS_FULL_MESSAGE,
      fields: { body: [TICKET_ATTACHMENTS_FULL_MESSAGE] },
    });
    // Support cannot go past it either.
    const bySupport = await upload(env.t, env.adminIn, `/api/admin/support-tickets/${ticketId}`, PNG_BYTES);
    expect(bySupport.statusCode).toBe(413);
    expect(await attachmentsOf(env.t, ticketId)).toHaveLength(2);
  });

  it("counts every ticket of the account against the account's quota", async () => {
    const fresh = await newTicket(env.t, env.aliceIn, "New question");
    // Fill the account (the first test's files included) to one byte short of room for the PNG,
    // spread over tickets each under its own quota.
    let used = 0;
    for (const a of await env.t.db.db.select().from(schema.supportTicketAttachments)) used += a.sizeBytes;
    let left = ACCOUNT - used - PNG_BYTES.length + 1;
    while (left > 0) {
      const part = Math.min(left, TICKET - 1);
      await attached(await newTicket(env.t, env.aliceIn, "Earlier files"), part);
      left -= part;
    }

    const refused = await upload(env.t, env.aliceIn, `/api/support/tickets/${fresh}`, PNG_BYTES);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({
      message: ACCOUNT_ATTACHMENTS_FULL_MESSAGE,
      fields: { body: [ACCOUNT_ATTACHMENTS_FULL_MESSAGE] },
    });
    expect(await attachmentsOf(env.t, fresh)).toEqual([]);
  });

  it("another account's attachments do not count against this one", async () => {
    // Alice's account is full (previous test); a new customer's is not.
    const bob = await createUser(env.t);
    const bobIn = await signIn(env.t, bob);
    const ticketId = await newTicket(env.t, bobIn);
    const res = await upload(env.t, bobIn, `/api/support/tickets/${ticketId}`, PNG_BYTES);
    expect(res.statusCode, res.body).toBe(201);
  });
});
