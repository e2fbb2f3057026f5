import { LOGIN_REQUIRED_MESSAGE } from "@poundline/contracts/support/schemas";
import { newId, schema } from "@poundline/db";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../../src/testing";
import { createUser, type SignedIn, signIn } from "../fixtures";
import {
  attachmentsOf,
  closeAsSupport,
  newTicket,
  PNG_BYTES,
  repliesOf,
  ticketRow,
  upload,
  useSupportTestApp,
} from "./helpers";

const env = useSupportTestApp();
let bobIn: SignedIn;
let colleagueIn: SignedIn;
let aliceTicket: string;
let aliceAttachment: string;

beforeAll(async () => {
  bobIn = await signIn(env.t, await createUser(env.t));
  // A second user of Alice's account: tickets are by their own user (seed 001).
  const colleague = newId("user");
  await env.t.db.db
    .insert(schema.users)
    .values({ id: colleague, email: `colleague-${colleague}@example.com`, firstName: "C", lastName: "D" });
  await env.t.db.db
    .insert(schema.accountMemberships)
    .values({ accountId: env.alice.accountId, userId: colleague, role: "member" });
  colleagueIn = await signIn(env.t, { id: colleague });
  aliceTicket = await newTicket(env.t, env.aliceIn, "Private matter");
  aliceAttachment = (
    await upload(env.t, env.aliceIn, `/api/support/tickets/${aliceTicket}`, PNG_BYTES)
  ).json().id;
});

const customerRoutes = (id: string, att = "att_x") =>
  [
    ["GET", "/api/support/tickets"],
    ["POST", "/api/support/tickets"],
    ["GET", `/api/support/tickets/${id}`],
    ["POST", `/api/support/tickets/${id}/replies`],
    ["POST", `/api/support/tickets/${id}/reopen`],
    ["POST", `/api/support/tickets/${id}/attachments?fileName=a.png`],
    ["GET", `/api/support/tickets/${id}/attachments/${att}`],
  ] as const;

const adminRoutes = (id: string, att = "att_x") =>
  [
    ["GET", "/api/admin/support-tickets"],
    ["GET", `/api/admin/support-tickets/${id}`],
    ["POST", `/api/admin/support-tickets/${id}/replies`],
    ["POST", `/api/admin/support-tickets/${id}/close`],
    ["POST", `/api/admin/support-tickets/${id}/attachments?fileName=a.png`],
    ["GET", `/api/admin/support-tickets/${id}/attachments/${att}`],
  ] as const;

describe("support tickets: security", () => {
  it.each([...customerRoutes("tkt_x"), ...adminRoutes("tkt_x")])(
    "anonymous %s %s is 401",
    async (method, url) => {
      const res = await env.t.app.inject({
        method,
        url,
        headers: { origin: TEST_ORIGIN },
        payload: { message: "x" },
      });
      expect(res.statusCode).toBe(401);
    },
  );

  it("an anonymous ticket gets the seed's message and stores nothing", async () => {
    const res = await env.t.app.inject({
      method: "POST",
      url: "/api/support/tickets",
      headers: { origin: TEST_ORIGIN },
      payload: { subject: "Hi", description: "There" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(LOGIN_REQUIRED_MESSAGE);
    expect(await env.t.db.db.select().from(schema.supportTickets)).toHaveLength(1);
  });

  it("a customer cannot reach the admin routes: 403, nothing changes", async () => {
    for (const [method, url] of adminRoutes(aliceTicket, aliceAttachment)) {
      const res = await env.t.app.inject({
        method,
        url,
        headers: {
          ...env.aliceIn.headers,
          ...(url.includes("/attachments?") ? { "content-type": "image/png" } : {}),
        },
        payload: url.includes("/attachments?")
          ? Buffer.from(PNG_BYTES)
          : { message: "Closing my own ticket" },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await ticketRow(env.t, aliceTicket))?.status).toBe("open");
    expect(await repliesOf(env.t, aliceTicket)).toEqual([]);
    expect(await attachmentsOf(env.t, aliceTicket)).toHaveLength(1);
  });

  it.each([
    ["another account's user", () => bobIn],
    ["a colleague in the same account", () => colleagueIn],
    ["an admin through the customer's routes", () => env.adminIn],
  ])("%s gets 404 for the ticket everywhere, and changes nothing", async (_name, who) => {
    const before = await ticketRow(env.t, aliceTicket);
    for (const [method, url] of customerRoutes(aliceTicket, aliceAttachment).slice(2)) {
      const res = await env.t.app.inject({
        method,
        url,
        headers: {
          ...who().headers,
          ...(url.includes("/attachments?") ? { "content-type": "image/png" } : {}),
        },
        payload: url.includes("/attachments?") ? Buffer.from(PNG_BYTES) : { message: "Let me in" },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await ticketRow(env.t, aliceTicket)).toEqual(before);
    expect(await repliesOf(env.t, aliceTicket)).toEqual([]);
    expect(await attachmentsOf(env.t, aliceTicket)).toHaveLength(1);
    const list = await env.t.app.inject({
      method: "GET",
      url: "/api/support/tickets",
      headers: who().headers,
    });
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(aliceTicket);
  });

  it("another user cannot reopen a closed ticket that is not theirs", async () => {
    const id = await newTicket(env.t, env.aliceIn);
    await closeAsSupport(env.t, env.adminIn, id);
    const res = await env.t.app.inject({
      method: "POST",
      url: `/api/support/tickets/${id}/reopen`,
      headers: bobIn.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await ticketRow(env.t, id))?.status).toBe("closed");
  });

  it("an attachment is reached only through its own ticket", async () => {
    const bobTicket = await newTicket(env.t, bobIn);
    const res = await env.t.app.inject({
      method: "GET",
      url: `/api/support/tickets/${bobTicket}/attachments/${aliceAttachment}`,
      headers: bobIn.headers,
    });
    expect(res.statusCode).toBe(404);
    const admin = await env.t.app.inject({
      method: "GET",
      url: `/api/admin/support-tickets/${bobTicket}/attachments/${aliceAttachment}`,
      headers: env.adminIn.headers,
    });
    expect(admin.statusCode).toBe(404);
  });

  it("a write from a foreign origin is refused, nothing stored", async () => {
    const res = await env.t.app.inject({
      method: "POST",
      url: `/api/support/tickets/${aliceTicket}/replies`,
      headers: { cookie: env.aliceIn.cookie, origin: "https://evil.example" },
      payload: { message: "Forged" },
    });
    expect(res.statusCode).toBe(403);
    expect(await repliesOf(env.t, aliceTicket)).toEqual([]);
  });
});
