import { schema } from "@poundline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { createTeam, type Team } from "./inbox-fixtures";

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, "+15550006400");
});
afterAll(() => t.close());

const send = (method: "PUT" | "POST" | "GET", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: team.sessions.owner.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("shared inbox: bad input", () => {
  it.each([
    { what: "an empty note", url: "/api/inbox/conversation/notes", field: "body", extra: { body: "   " } },
    {
      what: "a note too long",
      url: "/api/inbox/conversation/notes",
      field: "body",
      extra: { body: "x".repeat(2001) },
    },
    {
      what: "an assignee that is not a user id",
      url: "/api/inbox/conversation/assignee",
      field: "assigneeId",
      extra: { assigneeId: "bob" },
    },
    {
      what: "resolved not a boolean",
      url: "/api/inbox/conversation/resolution",
      field: "resolved",
      extra: { resolved: "yes" },
    },
  ])("refuses $what with a field message (400)", async ({ url, field, extra }) => {
    const method = url.endsWith("notes") ? "POST" : "PUT";
    const res = await send(method, url, { ourNumber: team.ourNumber, peerNumber: team.peerNumber, ...extra });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(`body.${field}`);
  });

  it("refuses a malformed conversation key (400) and an unknown conversation (404)", async () => {
    expect((await send("GET", "/api/inbox/conversation?ourNumber=12&peerNumber=x")).statusCode).toBe(400);
    const unknown = await send(
      "GET",
      `/api/inbox/conversation?ourNumber=%2B15550009999&peerNumber=%2B15551112222`,
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it("answers 404 for a voicemail, call or number that does not exist, and 400 for a bad id", async () => {
    expect(
      (await send("PUT", "/api/inbox/voicemails/vm_nope/resolution", { resolved: true })).statusCode,
    ).toBe(404);
    expect((await send("GET", "/api/inbox/calls/call_nope/notes")).statusCode).toBe(404);
    expect((await send("PUT", "/api/inbox/round-robin/num_nope", { enabled: true })).statusCode).toBe(404);
    expect((await send("PUT", "/api/inbox/voicemails/x/assignee", { assigneeId: null })).statusCode).toBe(
      400,
    );
    expect((await send("POST", "/api/inbox/notifications/read", { ids: ["nope"] })).statusCode).toBe(400);
  });

  it("nothing was written by the refused requests", async () => {
    expect(await t.db.db.select().from(schema.inboxNotes)).toEqual([]);
    expect(await t.db.db.select().from(schema.inboxConversations)).toEqual([]);
  });
});
