import { schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createMember, signIn } from "../fixtures";
import { bellOf, createTeam, type Team } from "./inbox-fixtures";

let t: TestApp;
let ours: Team;
let theirs: Team;

beforeAll(async () => {
  t = await createTestApp();
  ours = await createTeam(t, "+15550006200");
  theirs = await createTeam(t, "+15550006300");
});
afterAll(() => t.close());

/** Every inbox route aimed at the other account's items. */
const foreignRoutes = () => {
  const key = `ourNumber=${encodeURIComponent(theirs.ourNumber)}&peerNumber=${encodeURIComponent(theirs.peerNumber)}`;
  const body = { ourNumber: theirs.ourNumber, peerNumber: theirs.peerNumber };
  return [
    { method: "GET" as const, url: `/api/inbox/conversation?${key}` },
    {
      method: "PUT" as const,
      url: "/api/inbox/conversation/assignee",
      payload: { ...body, assigneeId: null },
    },
    {
      method: "PUT" as const,
      url: "/api/inbox/conversation/resolution",
      payload: { ...body, resolved: true },
    },
    { method: "GET" as const, url: `/api/inbox/conversation/notes?${key}` },
    { method: "POST" as const, url: "/api/inbox/conversation/notes", payload: { ...body, body: "peek" } },
    { method: "POST" as const, url: "/api/inbox/conversation/typing", payload: body },
    {
      method: "PUT" as const,
      url: `/api/inbox/voicemails/${theirs.voicemailId}/assignee`,
      payload: { assigneeId: null },
    },
    {
      method: "PUT" as const,
      url: `/api/inbox/voicemails/${theirs.voicemailId}/resolution`,
      payload: { resolved: true },
    },
    { method: "GET" as const, url: `/api/inbox/calls/${theirs.callId}/notes` },
    { method: "POST" as const, url: `/api/inbox/calls/${theirs.callId}/notes`, payload: { body: "peek" } },
    { method: "PUT" as const, url: `/api/inbox/round-robin/${theirs.numberId}`, payload: { enabled: true } },
  ];
};

describe("shared inbox: another account's items", () => {
  it("every route answers 404 for them, as for a missing one", async () => {
    for (const route of foreignRoutes()) {
      const res = await t.app.inject({ ...route, headers: ours.sessions.owner.headers });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(404);
    }
  });

  it("left the other account's rows untouched", async () => {
    expect(
      await t.db.db
        .select()
        .from(schema.inboxNotes)
        .where(eq(schema.inboxNotes.accountId, theirs.owner.accountId)),
    ).toEqual([]);
    expect(
      await t.db.db
        .select()
        .from(schema.inboxConversations)
        .where(eq(schema.inboxConversations.accountId, theirs.owner.accountId)),
    ).toEqual([]);
    const [voicemail] = await t.db.db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.id, theirs.voicemailId));
    expect(voicemail).toMatchObject({ assigneeId: null, resolvedById: null });
    expect(await t.db.db.select().from(schema.inboxRoundRobin)).toEqual([]);
  });

  it("cannot assign to someone of another account (400), nor mention them", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/inbox/conversation/assignee",
      headers: ours.sessions.owner.headers,
      payload: { ourNumber: ours.ourNumber, peerNumber: ours.peerNumber, assigneeId: theirs.mia.id },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.assigneeId).toEqual(["Choose a member of this account."]);
    const note = await t.app.inject({
      method: "POST",
      url: "/api/inbox/conversation/notes",
      headers: ours.sessions.owner.headers,
      payload: { ourNumber: ours.ourNumber, peerNumber: ours.peerNumber, body: "@Mia Moss hello" },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().mentions).toEqual([{ id: ours.mia.id, name: "Mia Moss" }]);
    expect(await bellOf(t, theirs.mia.id)).toEqual([]);
  });

  it("the bell is one's own: nobody else's entries are listed or marked read", async () => {
    const before = await bellOf(t, ours.mia.id);
    expect(before.length).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/inbox/notifications",
      headers: ours.sessions.max.headers,
    });
    expect(list.json().notifications.map((n: { id: string }) => n.id)).not.toContain(before[0]?.id);
    const marked = await t.app.inject({
      method: "POST",
      url: "/api/inbox/notifications/read",
      headers: ours.sessions.max.headers,
      payload: { ids: before.map((entry) => entry.id) },
    });
    expect(marked.json()).toEqual({ marked: 0 });
    expect((await bellOf(t, ours.mia.id)).every((entry) => entry.readAt === null)).toBe(true);
  });

  it("a member may not change round robin (routing), but may assign and write notes", async () => {
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/inbox/round-robin/${ours.numberId}`,
      headers: ours.sessions.mia.headers,
      payload: { enabled: true },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await t.db.db.select().from(schema.inboxRoundRobin)).toEqual([]);
    const admin = await createMember(t, ours.owner.accountId, "admin", { firstName: "Ada" });
    const allowed = await t.app.inject({
      method: "PUT",
      url: `/api/inbox/round-robin/${ours.numberId}`,
      headers: (await signIn(t, admin)).headers,
      payload: { enabled: true },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it("a bookkeeper (viewer) may read a call's notes but not write one, nor change round robin", async () => {
    const vic = await signIn(t, await createMember(t, ours.owner.accountId, "viewer", { firstName: "Vic" }));
    const before = await t.db.db.select().from(schema.inboxRoundRobin);
    const send = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: vic.headers, ...(payload ? { payload } : {}) });
    const roundRobin = await send("PUT", `/api/inbox/round-robin/${ours.numberId}`, { enabled: false });
    expect(roundRobin.statusCode, roundRobin.body).toBe(403);
    expect(await t.db.db.select().from(schema.inboxRoundRobin)).toEqual(before);
    const note = await send("POST", `/api/inbox/calls/${ours.callId}/notes`, { body: "@Mia hello" });
    expect(note.statusCode, note.body).toBe(403);
    const notes = await send("GET", `/api/inbox/calls/${ours.callId}/notes`);
    expect(notes.statusCode, notes.body).toBe(200);
    const written = await t.db.db
      .select()
      .from(schema.inboxNotes)
      .where(eq(schema.inboxNotes.callLogId, ours.callId));
    expect(written.filter((row) => row.body === "@Mia hello")).toEqual([]);
    expect((await send("GET", "/api/inbox/round-robin")).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/inbox/notifications" });
    expect(res.statusCode).toBe(401);
  });
});
