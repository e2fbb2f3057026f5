import type { ContactJson } from "@poundline/contracts/crm/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

/** A clock that moves one second per reading, so "newest first" is never a tie. */
let now = Date.parse("2025-03-01T12:00:00.000Z");
const clock = () => {
  now += 1000;
  return new Date(now);
};

let t: TestApp;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ clock });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.db.delete(schema.contacts).where(eq(schema.contacts.accountId, user.accountId));
});

async function post(payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/contacts", headers: session.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContactJson>();
}

async function rowOf(id: string) {
  const [row] = await t.db.db.select().from(schema.contacts).where(eq(schema.contacts.id, id));
  return row;
}

async function list(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/contacts${query}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ contacts: ContactJson[]; total: number; limit: number; offset: number }>();
}

describe("POST /api/contacts", () => {
  it("creates a contact with the manual-creation defaults", async () => {
    const created = await post({ name: "  Ada Lovelace ", phone: "(555) 123-4567" });
    expect(created).toMatchObject({
      name: "Ada Lovelace",
      phone: "+15551234567",
      email: null,
      company: null,
      leadStatus: "new",
      contactType: "lead",
      source: "manual",
      tags: [],
      customFields: {},
      userId: user.id,
    });
    expect(created.id).toMatch(/^ct_/);
    // last_contacted defaults to now (the app's clock) when empty.
    expect(created.lastContacted).toBe(created.createdAt);

    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      accountId: user.accountId,
      userId: user.id,
      name: "Ada Lovelace",
      phone: "+15551234567",
      leadStatus: "new",
      contactType: "lead",
      source: "manual",
      tags: [],
    });
    expect(row?.lastContacted?.toISOString()).toBe(created.createdAt);
  });

  it("stores every field given, with tags split, trimmed and de-duplicated", async () => {
    const created = await post({
      name: "Grace Hopper",
      phone: "+1 555 987 6543",
      email: " grace@navy.example ",
      company: "US Navy",
      address: "1 Main St, Arlington, VA",
      notes: "Prefers mornings",
      leadStatus: "qualified",
      contactType: "vendor",
      source: "referral",
      lastContacted: "2025-02-01T09:30:00.000Z",
      followUpDate: "2025-04-01",
      tags: "vip, Follow-up,, vip , VIP",
      customFields: { industry: "defense" },
    });
    expect(created).toMatchObject({
      phone: "+15559876543",
      email: "grace@navy.example",
      tags: ["vip", "Follow-up"],
      lastContacted: "2025-02-01T09:30:00.000Z",
      followUpDate: "2025-04-01T00:00:00.000Z",
    });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      email: "grace@navy.example",
      company: "US Navy",
      address: "1 Main St, Arlington, VA",
      notes: "Prefers mornings",
      leadStatus: "qualified",
      contactType: "vendor",
      source: "referral",
      tags: ["vip", "Follow-up"],
      customFields: { industry: "defense" },
    });
    expect(row?.followUpDate?.toISOString()).toBe("2025-04-01T00:00:00.000Z");
  });

  it("accepts tags as a list", async () => {
    const created = await post({ name: "Tag List", phone: "5550001111", tags: [" a ", "b", "a", ""] });
    expect(created.tags).toEqual(["a", "b"]);
    expect((await rowOf(created.id))?.tags).toEqual(["a", "b"]);
  });

  it.each([
    ["555-123-4567", "+15551234567"],
    ["5551234567", "+15551234567"],
    ["1 (555) 123-4567", "+15551234567"],
    ["+1 555.123.4567", "+15551234567"],
    ["+44 20 7946 0958", "+442079460958"],
    ["011 44 20 7946 0958", "+442079460958"],
    ["(416) 555-0199", "+14165550199"],
    ["12345", "12345"],
    ["555-1234", "555-1234"],
    ["1-800-FLOWERS", "1-800-FLOWERS"],
    ["555 123 4567 ext 12", "555 123 4567 ext 12"],
  ])("stores phone %j as %j", async (typed, stored) => {
    const created = await post({ name: "Phone", phone: typed });
    expect(created.phone).toBe(stored);
    expect((await rowOf(created.id))?.phone).toBe(stored);
  });

  it("treats an empty email and empty optional fields as none", async () => {
    const created = await post({ name: "Empty", phone: "5550002222", email: "", company: " ", notes: null });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ email: null, company: null, notes: null });
  });
});

describe("GET /api/contacts", () => {
  it("lists the account's contacts newest first, paged, with a total", async () => {
    const first = await post({ name: "First", phone: "5550000001" });
    const second = await post({ name: "Second", phone: "5550000002" });
    const third = await post({ name: "Third", phone: "5550000003" });

    const all = await list();
    expect(all.total).toBe(3);
    expect(all.contacts.map((c) => c.id)).toEqual([third.id, second.id, first.id]);

    const page = await list("?limit=2&offset=1");
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.contacts.map((c) => c.id)).toEqual([second.id, first.id]);
  });

  it("searches name, phone, email and company, case-insensitively", async () => {
    const ada = await post({ name: "Ada Lovelace", phone: "5551110000", company: "Analytical Engines" });
    const alan = await post({ name: "Alan Turing", phone: "5552220000", email: "alan@bletchley.example" });
    const other = await post({ name: "Someone", phone: "5553330000", company: "Half & 50% Off" });

    const ids = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).contacts.map((c) => c.id).sort();
    expect(await ids("lovelace")).toEqual([ada.id]);
    expect(await ids("BLETCHLEY")).toEqual([alan.id]);
    expect(await ids("engines")).toEqual([ada.id]);
    expect(await ids("555222")).toEqual([alan.id]);
    // Typed with formatting, a number still finds the E.164 one stored.
    expect(await ids("(555) 333-0000")).toEqual([other.id]);
    // LIKE wildcards in the term are taken literally.
    expect(await ids("50% OFF")).toEqual([other.id]);
    expect(await ids("_")).toEqual([]);
    expect(await ids("a")).toEqual([ada.id, alan.id, other.id].sort());
  });

  it("filters by lead status, contact type and tag", async () => {
    const won = await post({ name: "Won", phone: "5554440001", leadStatus: "won", tags: ["vip"] });
    const client = await post({
      name: "Client",
      phone: "5554440002",
      contactType: "client",
      tags: "vip, east",
    });
    await post({ name: "Plain", phone: "5554440003" });

    expect((await list("?leadStatus=won")).contacts.map((c) => c.id)).toEqual([won.id]);
    expect((await list("?contactType=client")).contacts.map((c) => c.id)).toEqual([client.id]);
    expect((await list("?tag=vip")).contacts.map((c) => c.id)).toEqual([client.id, won.id]);
    expect((await list("?tag=east&leadStatus=new")).contacts.map((c) => c.id)).toEqual([client.id]);
    expect((await list("?tag=east&leadStatus=won")).total).toBe(0);
    // An unselected filter sent empty is no filter.
    expect((await list("?leadStatus=&contactType=&tag=&q=")).total).toBe(3);
  });
});

describe("GET /api/contacts/:id", () => {
  it("returns the contact", async () => {
    const created = await post({ name: "Read Me", phone: "5555550001" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${created.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });
});

describe("PATCH /api/contacts/:id", () => {
  it("changes only the fields given and moves updated_at", async () => {
    const created = await post({
      name: "Patch Me",
      phone: "5556660001",
      email: "before@example.com",
      company: "Before Inc",
      tags: ["old"],
    });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${created.id}`,
      headers: session.headers,
      payload: { leadStatus: "contacted", company: "", tags: "new, shiny", phone: "555 666 0002" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ContactJson>();
    expect(body).toMatchObject({
      name: "Patch Me",
      email: "before@example.com",
      company: null,
      leadStatus: "contacted",
      tags: ["new", "shiny"],
      phone: "+15556660002",
      createdAt: created.createdAt,
      lastContacted: created.lastContacted,
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

    const row = await rowOf(created.id);
    expect(row).toMatchObject({
      name: "Patch Me",
      email: "before@example.com",
      company: null,
      leadStatus: "contacted",
      contactType: "lead",
      phone: "+15556660002",
      tags: ["new", "shiny"],
    });
    expect(row?.updatedAt.toISOString()).toBe(body.updatedAt);
  });

  it("sets last contacted to now when saved empty", async () => {
    const created = await post({ name: "Last", phone: "5556660003", lastContacted: "2024-01-01T00:00:00Z" });
    expect(created.lastContacted).toBe("2024-01-01T00:00:00.000Z");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${created.id}`,
      headers: session.headers,
      payload: { lastContacted: "" },
    });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(created.id);
    expect(row?.lastContacted?.toISOString()).toBe(res.json().updatedAt);
  });

  it("keeps the phone when it is patched to the same number", async () => {
    const created = await post({ name: "Same", phone: "5556660004" });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/contacts/${created.id}`,
      headers: session.headers,
      payload: { phone: "(555) 666-0004", name: "Same Again" },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(created.id)).toMatchObject({ phone: "+15556660004", name: "Same Again" });
  });
});

describe("DELETE /api/contacts/:id", () => {
  it("deletes the contact", async () => {
    const created = await post({ name: "Delete Me", phone: "5557770001" });
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/contacts/${created.id}`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await rowOf(created.id)).toBeUndefined();
  });
});

describe("POST /api/contacts/:id/convert", () => {
  it("turns the contact into a client and moves updated_at", async () => {
    const created = await post({ name: "Convert Me", phone: "5558880001", leadStatus: "won" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/contacts/${created.id}/convert`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactType: "client", leadStatus: "won" });
    const row = await rowOf(created.id);
    expect(row?.contactType).toBe("client");
    expect(row?.updatedAt.getTime()).toBeGreaterThan(Date.parse(created.updatedAt));
  });
});

describe("GET /api/contacts/tags", () => {
  it("lists the account's distinct tags alphabetically", async () => {
    await post({ name: "T1", phone: "5559990001", tags: "vip, east" });
    await post({ name: "T2", phone: "5559990002", tags: ["east", "wholesale"] });
    await post({ name: "T3", phone: "5559990003" });
    const res = await t.app.inject({ method: "GET", url: "/api/contacts/tags", headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tags: ["east", "vip", "wholesale"] });
  });

  it("follows the contacts' tags as they are edited, cleared and deleted (contact_tags)", async () => {
    const tagsNow = async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/contacts/tags", headers: session.headers });
      return res.json<{ tags: string[] }>().tags;
    };
    const rows = async () =>
      (
        await t.db.db
          .select()
          .from(schema.contactTags)
          .where(eq(schema.contactTags.accountId, user.accountId))
      )
        .map((r) => `${r.contactId}:${r.tag}`)
        .sort();
    const a = await post({ name: "A", phone: "5559990011", tags: "vip, east" });
    const b = await post({ name: "B", phone: "5559990012", tags: ["east"] });
    const patch = (id: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "PATCH", url: `/api/contacts/${id}`, headers: session.headers, payload });
    const steps: { step: () => Promise<unknown>; tags: string[]; rows: string[] }[] = [
      { step: async () => {}, tags: ["east", "vip"], rows: [`${a.id}:east`, `${a.id}:vip`, `${b.id}:east`] },
      {
        step: () => patch(a.id, { tags: ["north"] }),
        tags: ["east", "north"],
        rows: [`${a.id}:north`, `${b.id}:east`],
      },
      {
        step: () => patch(a.id, { name: "A2" }),
        tags: ["east", "north"],
        rows: [`${a.id}:north`, `${b.id}:east`],
      },
      { step: () => patch(b.id, { tags: [] }), tags: ["north"], rows: [`${a.id}:north`] },
      {
        step: () =>
          t.app.inject({ method: "DELETE", url: `/api/contacts/${a.id}`, headers: session.headers }),
        tags: [],
        rows: [],
      },
    ];
    for (const { step, tags, rows: expected } of steps) {
      await step();
      expect(await tagsNow()).toEqual(tags);
      expect(await rows()).toEqual(expected.sort());
    }
  });
});

describe("GET /api/contacts/:id/activity", () => {
  it("merges the contact's calls and messages newest first", async () => {
    const contact = await post({ name: "Talker", phone: "5551212000" });
    const other = await post({ name: "Other", phone: "5551212001" });
    const at = (iso: string) => new Date(iso);
    const call = (
      contactId: string,
      startedAt: string,
      status: (typeof schema.callLogs.$inferInsert)["callStatus"],
    ) => ({
      id: newId("call"),
      accountId: user.accountId,
      contactId,
      callSid: `CA${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "inbound" as const,
      fromNumber: "+15551212000",
      toNumber: "+15550009999",
      callStartTime: at(startedAt),
      durationSeconds: 42,
      callStatus: status,
    });
    const text = (contactId: string, sentAt: string, body: string) => ({
      id: newId("message"),
      accountId: user.accountId,
      contactId,
      messageSid: `SM${crypto.randomUUID().replaceAll("-", "")}`,
      direction: "outbound" as const,
      fromNumber: "+15550009999",
      toNumber: "+15551212000",
      body,
      status: "delivered" as const,
      sentAt: at(sentAt),
    });
    const oldCall = call(contact.id, "2025-01-01T10:00:00Z", "completed");
    const newCall = call(contact.id, "2025-01-03T10:00:00Z", "missed");
    const midText = text(contact.id, "2025-01-02T10:00:00Z", "See you tomorrow");
    await t.db.db
      .insert(schema.callLogs)
      .values([oldCall, newCall, call(other.id, "2025-01-05T10:00:00Z", "completed")]);
    await t.db.db
      .insert(schema.messages)
      .values([midText, text(other.id, "2025-01-04T10:00:00Z", "Not yours")]);

    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${contact.id}/activity`,
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<{ items: { kind: string; id: string; at: string }[] }>();
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ["call", newCall.id],
      ["message", midText.id],
      ["call", oldCall.id],
    ]);
    expect(items[0]).toMatchObject({
      callStatus: "missed",
      durationSeconds: 42,
      at: "2025-01-03T10:00:00.000Z",
    });
    expect(items[1]).toMatchObject({ body: "See you tomorrow", direction: "outbound", status: "delivered" });

    const limited = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${contact.id}/activity?limit=2`,
      headers: session.headers,
    });
    expect(limited.json().items.map((i: { id: string }) => i.id)).toEqual([newCall.id, midText.id]);
  });

  it("is empty for a contact without interactions", async () => {
    const contact = await post({ name: "Quiet", phone: "5551212002" });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/contacts/${contact.id}/activity`,
      headers: session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [] });
  });
});
