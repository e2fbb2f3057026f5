import type { ExtensionView } from "@poundline/contracts/extensions/schemas";
import { newId, schema } from "@poundline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/testing";
import { addNumber, routingBody } from "../call-routing/helpers";
import { createUser, type SignedIn, signIn, type TestUser } from "../fixtures";

let t: TestApp;
let user: TestUser;
let session: SignedIn;
const LINE = "+13055550160";

beforeAll(async () => {
  // Monday 10:00 in New York: business hours.
  t = await createTestApp({ clock: () => new Date("2026-11-23T15:00:00Z") });
  user = await createUser(t);
  session = await signIn(t, user);
});
afterAll(() => t.close());

const inject = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });

const rowOf = async (id: string) =>
  (await t.db.db.select().from(schema.extensions).where(eq(schema.extensions.id, id)))[0];

describe("extensions: happy path", () => {
  let created: ExtensionView;

  it("creates an extension with phone, SIP and client destinations", async () => {
    const res = await inject("POST", "/api/extensions", {
      extensionNumber: 201,
      name: "Front Desk",
      email: "desk@example.com",
      department: "Reception",
      forwardingNumbers: ["(305) 555-0201", "sip:desk@pbx.example.com", "client:desk"],
      voicemailEnabled: true,
      callForwarding: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json();
    expect(await rowOf(created.id)).toMatchObject({
      accountId: user.accountId,
      extensionNumber: 201,
      name: "Front Desk",
      email: "desk@example.com",
      department: "Reception",
      forwardingNumbers: ["+13055550201", "sip:desk@pbx.example.com", "client:desk"],
      callForwarding: true,
    });
  });

  it("lists and searches by name, department, e-mail or number", async () => {
    await inject("POST", "/api/extensions", {
      extensionNumber: 305,
      name: "Billing",
      department: "Accounts",
    });
    for (const [search, expected] of [
      ["", [201, 305]],
      ["front", [201]],
      ["accounts", [305]],
      ["desk@", [201]],
      ["30", [305]],
      ["nobody", []],
    ] as const) {
      const res = await inject("GET", `/api/extensions?search=${encodeURIComponent(search)}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().items.map((e: ExtensionView) => e.extensionNumber),
        search,
      ).toEqual(expected);
    }
  });

  it("edits everything but the extension number", async () => {
    const res = await inject("PATCH", `/api/extensions/${created.id}`, {
      extensionNumber: 201,
      name: "Reception",
      email: "",
      department: null,
      forwardingNumbers: ["+13055550222"],
      voicemailEnabled: false,
      callForwarding: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(created.id)).toMatchObject({
      extensionNumber: 201,
      name: "Reception",
      email: null,
      department: null,
      forwardingNumbers: ["+13055550222"],
      voicemailEnabled: false,
    });
  });

  it("a new extension is reached by the next call", async () => {
    const numberId = await addNumber(t, user.accountId, LINE);
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/call-routing/${numberId}`,
      headers: session.headers,
      payload: routingBody({ businessHoursDestination: { type: "extension", target: created.id } }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.deps.routing.reload();
    const sim = t.app.deps.simulator;
    if (!sim) throw new Error("simulator");
    const transcript = await sim.placeCall({ from: "+13055551234", to: LINE });
    await sim.idle();
    expect(transcript.dials.map((d) => d.legs.map((l) => l.target))).toEqual([["+13055550222"]]);
  });

  it("deletes an extension nothing uses", async () => {
    const res = await inject("POST", "/api/extensions", { extensionNumber: 999, name: "Temp" });
    const id = res.json().id;
    const deleted = await inject("DELETE", `/api/extensions/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("refuses to delete one a menu or a number uses, saying what uses it", async () => {
    const menuId = newId("ivrMenu");
    await t.db.db.insert(schema.ivrMenus).values({ id: menuId, accountId: user.accountId, name: "Main" });
    await t.db.db.insert(schema.ivrOptions).values({
      id: newId("ivrOption"),
      menuId,
      accountId: user.accountId,
      keyPress: "2",
      action: "extension",
      destination: created.id,
    });
    const res = await inject("DELETE", `/api/extensions/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      `This extension is used by IVR menu "Main" (option 2), ${LINE} (business hours destination).`,
    );
    expect(await rowOf(created.id)).toBeDefined();
    const listed = await inject("GET", `/api/extensions/${created.id}`);
    expect(listed.json().usedBy).toEqual([
      `IVR menu "Main" (option 2)`,
      `${LINE} (business hours destination)`,
    ]);
  });
});
