import { schema } from "@poundline/db";
import type { LiveEvent } from "@poundline/platform/events/live";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addText } from "../messages/conversation-fixtures";
import { bellOf, createTeam, type Team } from "./inbox-fixtures";

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, "+15550006100");
});
afterAll(() => t.close());

const key = () => ({ ourNumber: team.ourNumber, peerNumber: team.peerNumber });

async function inject(
  who: keyof Team["sessions"],
  method: "GET" | "PUT" | "POST",
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: team.sessions[who].headers, ...(payload ? { payload } : {}) });
}

async function memberOutboxJobs(notificationIds: string[]) {
  const rows = await t.db.db
    .select()
    .from(schema.jobOutbox)
    .where(eq(schema.jobOutbox.jobName, "member-notification"));
  return rows.filter((row) =>
    notificationIds.includes((row.payload as { notificationId: string }).notificationId),
  );
}

describe("shared inbox", () => {
  it("lists the account's members with their names", async () => {
    const res = await inject("mia", "GET", "/api/inbox/members");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: { name: string }) => m.name)).toEqual([
      "Olive Owner",
      "Mia Moss",
      "Max Mint",
    ]);
  });

  it("assigns a conversation: the row, the assignee's bell and e-mail job, and the list filters", async () => {
    const res = await inject("owner", "PUT", "/api/inbox/conversation/assignee", {
      ...key(),
      assigneeId: team.mia.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignee).toEqual({ id: team.mia.id, name: "Mia Moss" });
    const [row] = await t.db.db
      .select()
      .from(schema.inboxConversations)
      .where(eq(schema.inboxConversations.accountId, team.owner.accountId));
    expect(row?.assigneeId).toBe(team.mia.id);
    const bell = await bellOf(t, team.mia.id);
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ kind: "assignment", accountId: team.owner.accountId, readAt: null });
    expect(bell[0]?.title).toBe(`Olive Owner assigned you the conversation with ${team.peerNumber}`);
    expect(await memberOutboxJobs(bell.map((b) => b.id))).toHaveLength(1);

    const mine = await inject("mia", "GET", `/api/conversations?assignee=${team.mia.id}`);
    expect(mine.json().conversations.map((c: { assigneeId: string }) => c.assigneeId)).toEqual([team.mia.id]);
    const unassigned = await inject("mia", "GET", "/api/conversations?assignee=unassigned");
    expect(unassigned.json().conversations).toEqual([]);
    const maxs = await inject("max", "GET", `/api/conversations?assignee=${team.max.id}`);
    expect(maxs.json().conversations).toEqual([]);
    // The filter holds with a search too.
    const searched = await inject("mia", "GET", `/api/conversations?q=Sunday&assignee=${team.mia.id}`);
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.json().conversations.map((c: { peerNumber: string }) => c.peerNumber)).toEqual([
      team.peerNumber,
    ]);
    const searchedUnassigned = await inject("mia", "GET", "/api/conversations?q=Sunday&assignee=unassigned");
    expect(searchedUnassigned.json().conversations).toEqual([]);
  });

  it("assigning to oneself rings no bell; unassigning clears the row's assignee", async () => {
    const before = (await bellOf(t, team.max.id)).length;
    await inject("max", "PUT", "/api/inbox/conversation/assignee", { ...key(), assigneeId: team.max.id });
    expect(await bellOf(t, team.max.id)).toHaveLength(before);
    const res = await inject("max", "PUT", "/api/inbox/conversation/assignee", {
      ...key(),
      assigneeId: null,
    });
    expect(res.json().assignee).toBeNull();
    const unassigned = await inject("mia", "GET", "/api/conversations?assignee=unassigned");
    expect(unassigned.json().conversations).toHaveLength(1);
  });

  it("resolves a conversation, shows who; a new inbound text opens it again", async () => {
    const res = await inject("mia", "PUT", "/api/inbox/conversation/resolution", {
      ...key(),
      resolved: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resolvedBy).toEqual({ id: team.mia.id, name: "Mia Moss" });
    // The conversation list names who resolved it, and who answered it last.
    await addText(t, {
      accountId: team.owner.accountId,
      ...key(),
      direction: "outbound",
      body: "Yes, from ten to four.",
      at: new Date("2025-03-01T12:05:00Z"),
      userId: team.max.id,
    });
    const listed = await inject("owner", "GET", "/api/conversations");
    expect(listed.json().conversations[0]).toMatchObject({
      resolvedById: team.mia.id,
      answeredById: team.max.id,
      resolvedAt: expect.any(String),
    });
    const { inboxOnText } = await import("@poundline/modules/inbox/round-robin");
    await inboxOnText(t.db.db, {
      accountId: team.owner.accountId,
      phoneNumberId: team.numberId,
      messageId: "msg_x",
      ...key(),
      at: new Date(),
    });
    const state = await inject(
      "owner",
      "GET",
      `/api/inbox/conversation?ourNumber=%2B15550006100&peerNumber=%2B15557770101`,
    );
    expect(state.json()).toMatchObject({ resolvedBy: null, resolvedAt: null });
  });

  it("a note with @mentions notifies the members named, not the author; notes list in order", async () => {
    const res = await inject("mia", "POST", "/api/inbox/conversation/notes", {
      ...key(),
      body: "@Max Mint can you call back? cc @Mia",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().mentions).toEqual([
      { id: team.max.id, name: "Max Mint" },
      { id: team.mia.id, name: "Mia Moss" },
    ]);
    const maxBell = await bellOf(t, team.max.id);
    const mention = maxBell.find((entry) => entry.kind === "mention");
    expect(mention?.title).toBe(`Mia Moss mentioned you on the conversation with ${team.peerNumber}`);
    expect((await bellOf(t, team.mia.id)).filter((entry) => entry.kind === "mention")).toEqual([]);
    const [note] = await t.db.db
      .select()
      .from(schema.inboxNotes)
      .where(eq(schema.inboxNotes.accountId, team.owner.accountId));
    expect(note).toMatchObject({
      authorId: team.mia.id,
      mentions: [team.max.id, team.mia.id],
      callLogId: null,
    });
    const list = await inject(
      "owner",
      "GET",
      "/api/inbox/conversation/notes?ourNumber=%2B15550006100&peerNumber=%2B15557770101",
    );
    expect(list.json().notes.map((n: { body: string }) => n.body)).toEqual([
      "@Max Mint can you call back? cc @Mia",
    ]);
  });

  it("notes on a call", async () => {
    const res = await inject("max", "POST", `/api/inbox/calls/${team.callId}/notes`, {
      body: "Asked for @Olive",
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await inject("mia", "GET", `/api/inbox/calls/${team.callId}/notes`);
    expect(list.json().notes).toMatchObject([{ body: "Asked for @Olive", author: { name: "Max Mint" } }]);
    expect((await bellOf(t, team.owner.id)).some((entry) => entry.kind === "mention")).toBe(true);
  });

  it("assigns and resolves a voicemail; the voicemail list shows and filters it", async () => {
    const assigned = await inject("owner", "PUT", `/api/inbox/voicemails/${team.voicemailId}/assignee`, {
      assigneeId: team.max.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const resolved = await inject("max", "PUT", `/api/inbox/voicemails/${team.voicemailId}/resolution`, {
      resolved: true,
    });
    expect(resolved.json()).toMatchObject({ assigneeId: team.max.id, resolvedById: team.max.id });
    const [row] = await t.db.db
      .select()
      .from(schema.voicemails)
      .where(eq(schema.voicemails.id, team.voicemailId));
    expect(row).toMatchObject({ assigneeId: team.max.id, resolvedById: team.max.id });
    const list = await inject("max", "GET", `/api/voicemails?assignee=${team.max.id}`);
    expect(list.json().voicemails).toMatchObject([{ id: team.voicemailId, resolvedById: team.max.id }]);
    const none = await inject("max", "GET", "/api/voicemails?assignee=unassigned");
    expect(none.json().voicemails).toEqual([]);
  });

  it("the bell lists one's own entries and marks them read", async () => {
    const res = await inject("max", "GET", "/api/inbox/notifications");
    expect(res.statusCode, res.body).toBe(200);
    const { notifications, unreadCount } = res.json();
    expect(unreadCount).toBeGreaterThan(0);
    expect(notifications.length).toBe(unreadCount);
    const marked = await inject("max", "POST", "/api/inbox/notifications/read", {});
    expect(marked.json()).toEqual({ marked: unreadCount });
    const unread = await t.db.db
      .select()
      .from(schema.memberNotifications)
      .where(and(eq(schema.memberNotifications.userId, team.max.id)));
    expect(unread.every((entry) => entry.readAt !== null)).toBe(true);
    expect((await inject("max", "GET", "/api/inbox/notifications")).json().unreadCount).toBe(0);
  });

  it("typing reaches the account's live channel with the writer's name", async () => {
    const seen = new Promise<LiveEvent>((resolve) => {
      const off = t.app.deps.live.subscribe(team.owner.accountId, (event) => {
        if (event.type === "inbox.typing") {
          off();
          resolve(event);
        }
      });
    });
    await t.app.deps.bus.ready();
    const res = await inject("mia", "POST", "/api/inbox/conversation/typing", key());
    expect(res.statusCode, res.body).toBe(204);
    expect(await seen).toMatchObject({
      type: "inbox.typing",
      userId: team.mia.id,
      name: "Mia Moss",
      ...key(),
    });
  });

  it("round robin on a number: the setting is saved and listed", async () => {
    const res = await inject("owner", "PUT", `/api/inbox/round-robin/${team.numberId}`, { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().numbers).toMatchObject([{ phoneNumberId: team.numberId, enabled: true }]);
    const [rule] = await t.db.db.select().from(schema.inboxRoundRobin);
    expect(rule).toMatchObject({ accountId: team.owner.accountId, enabled: true });
  });
});

describe("a removed member's items", () => {
  it("go back to unassigned in that account only", async () => {
    const other = await createTeam(t, "+15550006199");
    await t.db.db.insert(schema.inboxConversations).values([
      {
        accountId: team.owner.accountId,
        ourNumber: "+15550006100",
        peerNumber: "+15557770199",
        assigneeId: team.max.id,
      },
    ]);
    await t.db.db
      .update(schema.voicemails)
      .set({ assigneeId: team.max.id })
      .where(eq(schema.voicemails.id, team.voicemailId));
    await t.db.db
      .update(schema.voicemails)
      .set({ assigneeId: other.max.id })
      .where(eq(schema.voicemails.id, other.voicemailId));

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/team/members/${team.max.id}`,
      headers: team.sessions.owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const conversations = await t.db.db
      .select({ assigneeId: schema.inboxConversations.assigneeId })
      .from(schema.inboxConversations)
      .where(eq(schema.inboxConversations.peerNumber, "+15557770199"));
    expect(conversations).toEqual([{ assigneeId: null }]);
    const voicemail = async (id: string) =>
      (
        await t.db.db
          .select({ assigneeId: schema.voicemails.assigneeId })
          .from(schema.voicemails)
          .where(eq(schema.voicemails.id, id))
      )[0];
    expect(await voicemail(team.voicemailId)).toEqual({ assigneeId: null });
    expect(await voicemail(other.voicemailId)).toEqual({ assigneeId: other.max.id });
  });
});
